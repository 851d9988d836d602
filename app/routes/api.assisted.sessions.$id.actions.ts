import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SessionActionBody } from "#core/assisted/api.ts";
import { act, assistedCall } from "#server/assisted/sessions.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** A captured document image is the one large body: up to about 500 KB as a data URL. */
const MAX_ACTION_BYTES = 720 * 1024;

/** POST /api/assisted/sessions/{id}/actions: a step's work (find the client, the document, approvals, the visual match). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return assistedCall(request, context, async (assisted, staff) =>
    act(assisted, staff, params.id ?? "", await parseBody(request, SessionActionBody, MAX_ACTION_BYTES)),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
