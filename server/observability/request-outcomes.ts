import type { Database } from "#db/client.ts";
import { errorLogs, performanceMetrics } from "#db/schema/index.ts";
import { RESPONSE_TIME_METRIC } from "#server/dashboard/dashboard.ts";
import { DASHBOARD_STATS_PATH, isBackgroundPoll } from "#core/dashboard/background-poll.ts";

/**
 * Observability inside the product: every API request records its response time and
 * every server error its record, with the request id. The dashboards' System Health, Uptime and
 * average response figures read these rows (server/dashboard/dashboard.ts). Written after the
 * response through waitUntil, so a slow or failing write never delays or breaks the answer.
 *
 * The dashboard's own 2 s refresh is not measured (nor any request marked as a background poll):
 * left in, an open dashboard would make ~43,000 requests a day and the figures would describe
 * the polling rather than the service people use.
 */
export interface RequestOutcome {
  request: Request;
  status: number;
  durationMs: number;
  requestId: string;
  userId?: string;
  error?: unknown;
}

/** Whether this request's response time is recorded: API requests, except background polls. */
export function isMeasuredRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  const path = pathname.replace(/\/+$/, "");
  return pathname.startsWith("/api/") && path !== DASHBOARD_STATS_PATH && !isBackgroundPoll(request);
}

export function recordRequestOutcome(ctx: ExecutionContext, db: Database, outcome: RequestOutcome): void {
  const { pathname } = new URL(outcome.request.url);
  const measured = isMeasuredRequest(outcome.request);
  const writes: Promise<unknown>[] = [];
  if (measured) {
    writes.push(
      db.insert(performanceMetrics).values({
        metricType: RESPONSE_TIME_METRIC,
        metricName: "api_request",
        value: Math.max(0, Math.round(outcome.durationMs)),
        unit: "ms",
        component: "web",
        endpoint: `${outcome.request.method} ${pathname}`.slice(0, 200),
        metadata: { status: outcome.status, requestId: outcome.requestId },
      }),
    );
  }
  if (outcome.status >= 500) {
    const error = outcome.error instanceof Error ? outcome.error : undefined;
    writes.push(
      db.insert(errorLogs).values({
        errorType: error?.name ?? "ServerError",
        message: error?.message ?? `${outcome.request.method} ${pathname} answered ${outcome.status}`,
        component: "web",
        errorCode: String(outcome.status),
        requestId: outcome.requestId,
        stackTrace: error?.stack,
        severity: outcome.error ? "critical" : "high",
        // `measured`: this failure's request is also counted in performance_metrics, so the
        // health figures divide errors and requests of the same population.
        context: { method: outcome.request.method, path: pathname, measured },
      }),
    );
  }
  if (writes.length === 0) return;
  ctx.waitUntil(Promise.all(writes).catch((e) => console.error(`[${outcome.requestId}] could not record request outcome`, e)));
}
