import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { startFromQueue } from "#server/assisted/queue.ts";
import { assistedCall } from "#server/assisted/sessions.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";

/** POST /api/assisted/queue/{id}/start: New Assisted Session for the queued client (one console wins). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return assistedCall(request, context, (assisted, staff) => startFromQueue(assisted, staff, params.id ?? ""), 201);
}

export function loader() {
  return methodNotAllowed("POST");
}
