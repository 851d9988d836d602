import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { QueueChangeBody } from "#core/assisted/api.ts";
import { changeQueueEntry } from "#server/assisted/queue.ts";
import { assistedCall } from "#server/assisted/sessions.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** PATCH /api/assisted/queue/{id}: {status: "ready"} when an appointment's client arrives, "removed" when a client leaves. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "PATCH");
  return assistedCall(request, context, async (assisted, staff) =>
    changeQueueEntry(assisted, staff, params.id ?? "", await parseBody(request, QueueChangeBody)),
  );
}

export function loader() {
  return methodNotAllowed("PATCH");
}
