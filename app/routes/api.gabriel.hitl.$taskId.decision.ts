import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { auditAgentAct, DecisionBody, decide, gabrielCall } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/gabriel/hitl/{taskId}/decision {decision, notes}: Review Case or Escalate; once only (409); audited. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "review:hitl", async (gabriel, reviewer) => {
    const item = await decide(gabriel, reviewer, params.taskId ?? "", await parseBody(request, DecisionBody));
    const decision = item.decision!;
    auditAgentAct(
      request,
      context,
      reviewer,
      decision.decision === "approved" ? "human review approved" : "human review escalated",
      {
        itemId: item.id,
        caseId: item.caseId,
        agent: item.agent,
        rule: item.rule,
        comment: decision.comment,
      },
    );
    return item;
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
