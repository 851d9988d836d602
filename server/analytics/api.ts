import type * as z from "zod";
import type { PublicUser } from "#core/accounts/users.ts";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import type { Action } from "#server/accounts/permissions.ts";
import { requirePermission } from "#server/accounts/permissions.ts";
import type { SessionBindings } from "#server/accounts/session.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { validationError } from "#server/http/json.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { AnalyticsRefusal } from "./reads.ts";

/**
 * The analytics API's calls (issue 12; spec 000 §7), administrators only:
 *
 *   GET  /api/analytics/dashboard?range=24h|7d|30d        AnalyticsDashboard
 *   GET  /api/analytics/events?limit=                     EventRecord[], newest first
 *   GET  /api/analytics/logs?level=&limit=                LogEntry[], newest first
 *   GET  /api/analytics/errors?resolved=&limit=           ErrorRecord[], one per group, most recently seen first
 *   GET  /api/analytics/errors/{id}                       ErrorDetail
 *   POST /api/analytics/errors/{id}/resolve               Mark Resolved: the updated ErrorRecord (409 when already resolved)
 *   GET  /api/analytics/performance?metricType=&limit=    PerformanceMetric[], newest first
 *
 * The shapes and query rules are core/analytics/dashboard.ts's.
 */

/** The query string checked against `schema` (unknown parameters refused): a thrown 400 with zod's message when it does not fit. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams), SPEC_WORDING);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * One analytics call: the signed-in user allowed `action` (401 signed out; 403, audited, for anyone
 * else), then `work`; its answer as uncached JSON, refusals (ServiceError) as JSON 4xx, their
 * message in the asker's language (the code never changes).
 */
export async function analyticsCall(
  request: Request,
  context: RequestContext<SessionBindings>,
  action: Extract<Action, "view:analytics" | "resolve:errors">,
  work: (user: PublicUser) => Promise<unknown>,
): Promise<Response> {
  const user = await requirePermission(request, context, action);
  try {
    return Response.json(await work(user), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof AnalyticsRefusal)
      return Response.json(
        { message: serverIntl(requestLocale(request)).formatMessage(error.words), code: error.code },
        { status: error.status },
      );
    return serviceErrorResponse(error);
  }
}
