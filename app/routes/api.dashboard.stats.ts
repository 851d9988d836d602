import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireSession, toPublicUser } from "#server/accounts/authentication.ts";
import { getDashboard } from "#server/dashboard/dashboard.ts";
import { pageLocale } from "#server/i18n/page-language.ts";

/**
 * GET /api/dashboard/stats: the signed-in user's home dashboard figures, polled every 2 s by the
 * dashboard (spec 000 §9 "refresh every 2 s") as a background poll (X-Background-Poll: 1), which
 * reads the session without extending it and is not counted in the response-time metrics.
 * 401 JSON when signed out (requireSession). A citizen's rows are in the language the dashboard
 * page itself is shown in.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  const locale = pageLocale({ request, prefix: undefined, routeIds: context.pageRoutes("/"), user: session.user });
  const dashboard = await getDashboard(context.db, toPublicUser(session.user), new Date(), locale);
  return json(dashboard, { headers: { "Cache-Control": "private, no-store" } });
}
