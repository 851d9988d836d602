import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AssignBody, assign, gabrielCall } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/gabriel/hitl/{taskId}/assign {assigneeId?}: Assign Expert; one assignee at a time (409). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "review:hitl", async (gabriel, reviewer) =>
    assign(context.db, gabriel, reviewer, params.taskId ?? "", await parseBody(request, AssignBody)),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
