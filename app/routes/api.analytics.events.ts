import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EventsQuery } from "#core/analytics/dashboard.ts";
import { analyticsCall, parseQuery } from "#server/analytics/api.ts";
import { listEvents } from "#server/analytics/reads.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/analytics/events?limit=: the newest analytics events (administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return analyticsCall(request, context, "view:analytics", async () =>
    listEvents(context.db, parseQuery(request, EventsQuery)),
  );
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
