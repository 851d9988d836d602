import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ErrorsQuery } from "#core/analytics/dashboard.ts";
import { analyticsCall, parseQuery } from "#server/analytics/api.ts";
import { listErrors } from "#server/analytics/reads.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/analytics/errors?resolved=&limit=: one record per error group, most recently seen first (administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    listErrors(context.db, parseQuery(request, ErrorsQuery)),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
