import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AddToQueueBody } from "#core/assisted/api.ts";
import { addToQueue, listQueue } from "#server/assisted/queue.ts";
import { assistedCall, officeFor } from "#server/assisted/sessions.ts";
import { assertMethod, parseBody } from "#server/http/json.ts";

/** GET /api/assisted/queue: the office's open queue (administrators name one with ?office=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return assistedCall(request, context, async (assisted, staff) =>
    listQueue(assisted, await officeFor(assisted.db, staff, new URL(request.url).searchParams.get("office"))),
  );
}

/** POST /api/assisted/queue: a walk-in (waiting) or an appointment (scheduled, with its time). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return assistedCall(
    request,
    context,
    async (assisted, staff) => addToQueue(assisted, staff, await parseBody(request, AddToQueueBody)),
    201,
  );
}
