import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AuditQuery } from "#core/analytics/audit.ts";
import { analyticsCall, parseQuery } from "#server/analytics/api.ts";
import { listAudit } from "#server/analytics/audit-log.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/**
 * GET /api/analytics/audit?category=&event=&username=&userId=&from=&to=&limit=&cursor=: the security
 * audit log, newest first, one page and the cursor of the next (administrators; issue 13).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    listAudit(context.db, parseQuery(request, AuditQuery)),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
