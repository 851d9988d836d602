import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { auditAgentAct, gabrielCall, unwrap } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";

/** POST /api/gabriel/run: the agents look at the platform now, not at their next scheduled run (administrators); audited. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "control:agents", async (gabriel, reviewer) => {
    const run = unwrap(await gabriel.runNow());
    auditAgentAct(request, context, reviewer, "agents run now", {
      ran: run.ran,
      events: run.events,
      findings: run.findings,
      raised: run.raised,
    });
    return run;
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
