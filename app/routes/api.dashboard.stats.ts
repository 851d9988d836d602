import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { getDashboard } from "#server/dashboard/dashboard.ts";

/**
 * GET /api/dashboard/stats: the signed-in user's home dashboard figures, polled every 2 s by the
 * dashboard (spec 000 §9 "refresh every 2 s") as a background poll (X-Background-Poll: 1), which
 * reads the session without extending it and is not counted in the response-time metrics.
 * 401 JSON when signed out (requireUser).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const dashboard = await getDashboard(context.db, user);
  return json(dashboard, { headers: { "Cache-Control": "private, no-store" } });
}
