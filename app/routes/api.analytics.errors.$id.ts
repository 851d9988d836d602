import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { analyticsCall } from "#server/analytics/api.ts";
import { errorDetail, parseErrorId } from "#server/analytics/reads.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/analytics/errors/{id}: an error group with its newest occurrences (administrators; 404 unknown, 400 malformed). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    errorDetail(context.db, parseErrorId(params.id)),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
