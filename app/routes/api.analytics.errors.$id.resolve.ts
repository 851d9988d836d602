import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "#server/accounts/authentication.ts";
import { analyticsCall } from "#server/analytics/api.ts";
import { parseErrorId, resolveError } from "#server/analytics/reads.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { audit } from "#server/observability/audit.ts";

/** POST /api/analytics/errors/{id}/resolve: Mark Resolved, recording when and by whom; 409 when already resolved; audited (administrators). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  return analyticsCall(request, context, "resolve:errors", async (user) => {
    const resolved = await resolveError(context.db, parseErrorId(params.id), user.id);
    audit(context, {
      level: "info",
      category: "admin",
      component: "analytics",
      event: "error resolved",
      username: user.username,
      userId: user.id,
      ip: clientAddress(request),
      details: { errorGroupId: resolved.id, errorType: resolved.errorType, component: resolved.component },
    });
    return resolved;
  });
}

export function loader() {
  return methodNotAllowed("POST");
}
