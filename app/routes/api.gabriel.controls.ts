import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ControlBody, gabrielCall, unwrap } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/gabriel/controls {action, reason}: Resume All Agents, Pause Operations, Emergency Stop (administrators). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "control:agents", async (gabriel, reviewer) => {
    const body = await parseBody(request, ControlBody);
    return unwrap(await gabriel.control({ action: body.action, reason: body.reason ?? "", actor: reviewer.person }));
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
