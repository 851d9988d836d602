import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { auditAgentAct, ConfigBody, configureAgent, gabrielCall } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** PATCH /api/gabriel/agents/{id} {config}: Configure Policies, validated per agent (administrators; audited). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "PATCH");
  return gabrielCall(request, context, "control:agents", async (_, reviewer) => {
    const body = await parseBody(request, ConfigBody);
    const agent = await configureAgent(context.db, reviewer, params.id ?? "", body);
    auditAgentAct(request, context, reviewer, "agent policy changed", {
      agentId: agent.id,
      agent: agent.name,
      changed: body.config,
    });
    return agent;
  });
}

export function loader() {
  return methodNotAllowed("PATCH");
}
