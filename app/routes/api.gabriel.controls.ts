import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { auditAgentAct, CONTROL_EVENTS, ControlBody, gabrielCall, unwrap } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/gabriel/controls {action, reason}: Resume All Agents, Pause Operations, Emergency Stop (administrators; audited). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "control:agents", async (gabriel, reviewer) => {
    const body = await parseBody(request, ControlBody);
    const controls = unwrap(
      await gabriel.control({ action: body.action, reason: body.reason ?? "", actor: reviewer.person }),
    );
    auditAgentAct(
      request,
      context,
      reviewer,
      CONTROL_EVENTS[body.action],
      { state: controls.state, controlReason: body.reason || null },
      body.action === "emergency-stop" ? "warn" : "info",
    );
    return controls;
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
