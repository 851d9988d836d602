import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PatchSessionBody } from "#core/assisted/api.ts";
import { assistedCall, readSession, updateSession } from "#server/assisted/sessions.ts";
import { assertMethod, parseBody } from "#server/http/json.ts";

/** GET /api/assisted/sessions/{id}: the session's live state, from its object. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return assistedCall(request, context, (assisted, staff) => readSession(assisted, staff, params.id ?? ""));
}

/** PATCH /api/assisted/sessions/{id}: Continue (`currentStep`), Pause, Resume or End (`status`, with `completedAt`). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "PATCH");
  return assistedCall(request, context, async (assisted, staff) =>
    updateSession(assisted, staff, params.id ?? "", await parseBody(request, PatchSessionBody)),
  );
}
