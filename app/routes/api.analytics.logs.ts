import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { LogsQuery } from "#core/analytics/dashboard.ts";
import { analyticsCall, parseQuery } from "#server/analytics/api.ts";
import { listLogs } from "#server/analytics/reads.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/analytics/logs?level=&limit=: the newest system logs, of one level or all (administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    listLogs(context.db, parseQuery(request, LogsQuery)),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
