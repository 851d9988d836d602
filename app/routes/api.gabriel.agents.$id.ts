import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ConfigBody, configureAgent, gabrielCall } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** PATCH /api/gabriel/agents/{id} {config}: Configure Policies, validated per agent (administrators). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "PATCH");
  return gabrielCall(request, context, "control:agents", async (_, reviewer) => configureAgent(context.db, reviewer, params.id ?? "", await parseBody(request, ConfigBody)));
}

export function loader() {
  return methodNotAllowed("PATCH");
}
