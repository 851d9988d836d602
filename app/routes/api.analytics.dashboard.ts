import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DashboardQuery } from "#core/analytics/dashboard.ts";
import { analyticsCall, parseQuery } from "#server/analytics/api.ts";
import { analyticsDashboard } from "#server/analytics/dashboard.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/analytics/dashboard?range=24h|7d|30d: the headline figures and charts (administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    analyticsDashboard(context.db, parseQuery(request, DashboardQuery).range),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
