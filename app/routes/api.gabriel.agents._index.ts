import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { gabrielCall, listAgents } from "#server/gabriel/api.ts";

/** GET /api/gabriel/agents: the four agents with metrics from their own tasks (administrators, operators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return gabrielCall(request, context, "review:hitl", () => listAgents(context.db));
}
