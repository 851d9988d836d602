import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { gabrielCall, unwrap } from "#server/gabriel/api.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";

/** POST /api/gabriel/run: the agents look at the platform now, not at their next scheduled run (administrators). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return gabrielCall(request, context, "control:agents", async (gabriel) => unwrap(await gabriel.runNow()));
}

export function loader() {
  return methodNotAllowed("POST");
}
