import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AssignBody, assign, auditAgentAct, gabrielCall } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/gabriel/hitl/{taskId}/assign {assigneeId?}: Assign Expert; one assignee at a time (409); audited. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "review:hitl", async (gabriel, reviewer) => {
    const item = await assign(context.db, gabriel, reviewer, params.taskId ?? "", await parseBody(request, AssignBody));
    auditAgentAct(request, context, reviewer, "human review assigned", {
      itemId: item.id,
      caseId: item.caseId,
      agent: item.agent,
      assigneeId: item.assignee?.id ?? null,
      assignee: item.assignee?.name ?? null,
    });
    return item;
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
