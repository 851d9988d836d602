import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { decide, DecisionBody, gabrielCall } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/gabriel/hitl/{taskId}/decision {decision, notes}: Review Case or Escalate; once only (409). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "review:hitl", async (gabriel, reviewer) => decide(gabriel, reviewer, params.taskId ?? "", await parseBody(request, DecisionBody)));
}

export function loader() {
  return methodNotAllowed("POST");
}
