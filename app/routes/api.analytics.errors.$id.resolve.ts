import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { analyticsCall } from "#server/analytics/api.ts";
import { parseErrorId, resolveError } from "#server/analytics/reads.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { auditAct } from "#server/observability/audit-act.ts";

/** POST /api/analytics/errors/{id}/resolve: Mark Resolved, recording when and by whom; 409 when already resolved; audited (administrators). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return analyticsCall(request, context, "resolve:errors", async (user) => {
    const resolved = await resolveError(context.db, parseErrorId(params.id), user.id);
    auditAct(context, request, user, {
      category: "admin",
      component: "analytics",
      event: "error resolved",
      details: { errorGroupId: resolved.id, errorType: resolved.errorType, component: resolved.component },
    });
    return resolved;
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
