import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PerformanceQuery } from "#core/analytics/dashboard.ts";
import { analyticsCall, parseQuery } from "#server/analytics/api.ts";
import { listPerformance } from "#server/analytics/reads.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/analytics/performance?metricType=&limit=: the newest performance metrics (administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    listPerformance(context.db, parseQuery(request, PerformanceQuery)),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
