import { DASHBOARD_STATS_PATH, isBackgroundPoll } from "#core/dashboard/background-poll.ts";
import { performanceMetrics, systemLogs } from "#db/schema/index.ts";
import { RESPONSE_TIME_METRIC } from "#server/analytics/rollups.ts";
import { errorStatements } from "./errors.ts";
import { type ObservabilityContext, type ObservabilityStatement, writeObservability } from "./recorder.ts";

/**
 * Observability inside the product: every API request records its response time, and every server
 * error its error occurrence (grouped, errors.ts) and an error log line, with the request id. The
 * dashboards read these rows (server/analytics/dashboard.ts, server/dashboard/dashboard.ts). They
 * join the request's observability batch (recorder.ts), written once after the response.
 *
 * The dashboard's own 2 s refresh is not measured (nor any request marked as a background poll):
 * left in, an open dashboard would make ~43,000 requests a day and the figures would describe
 * the polling rather than the service people use.
 */
export interface RequestOutcome {
  request: Request;
  status: number;
  durationMs: number;
  userId?: string;
  error?: unknown;
}

/** Whether this request's response time is recorded: API requests, except background polls. */
export function isMeasuredRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  const path = pathname.replace(/\/+$/, "");
  return pathname.startsWith("/api/") && path !== DASHBOARD_STATS_PATH && !isBackgroundPoll(request);
}

export function recordRequestOutcome(context: ObservabilityContext, outcome: RequestOutcome, at = new Date()): void {
  const { db, requestId } = context;
  const { pathname } = new URL(outcome.request.url);
  const where = `${outcome.request.method} ${pathname}`.slice(0, 200);
  const measured = isMeasuredRequest(outcome.request);
  const statements: ObservabilityStatement[] = [];
  if (measured) {
    statements.push(
      db.insert(performanceMetrics).values({
        metricType: RESPONSE_TIME_METRIC,
        metricName: "api_request",
        value: Math.max(0, Math.round(outcome.durationMs)),
        unit: "ms",
        component: "web",
        endpoint: where,
        userId: outcome.userId ?? null,
        metadata: { status: outcome.status, requestId },
        timestamp: at,
      }),
    );
  }
  if (outcome.status >= 500) {
    const error = outcome.error instanceof Error ? outcome.error : undefined;
    const message = error?.message || `${where} answered ${outcome.status}`;
    statements.push(
      ...errorStatements(
        db,
        {
          errorType: error?.name ?? "ServerError",
          message,
          component: "web",
          errorCode: String(outcome.status),
          userId: outcome.userId ?? null,
          stackTrace: error?.stack ?? null,
          severity: outcome.error ? "critical" : "high",
          // `measured`: this failure's request is also counted in performance_metrics, so the
          // health figures divide errors and requests of the same population.
          context: { method: outcome.request.method, path: pathname, measured },
        },
        requestId,
        at,
      ),
      db.insert(systemLogs).values({
        level: "error",
        category: "request",
        message: `${where} answered ${outcome.status}`,
        component: "web",
        userId: outcome.userId ?? null,
        requestId,
        // `event` is what the home dashboard's System Events shows (server/dashboard/audit-events.ts).
        metadata: { event: "server error", status: outcome.status, path: pathname, errorType: error?.name ?? null },
        timestamp: at,
      }),
    );
  }
  writeObservability(context, statements);
}
