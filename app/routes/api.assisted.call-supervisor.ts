import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CallSupervisorBody } from "#core/assisted/api.ts";
import { callSupervisor } from "#server/assisted/live.ts";
import { assistedCall } from "#server/assisted/sessions.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/** POST /api/assisted/call-supervisor: Call Supervisor; answers how many supervisors' consoles heard it. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return assistedCall(request, context, async (_, staff) =>
    callSupervisor(request, context, staff, await parseBody(request, CallSupervisorBody)),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
