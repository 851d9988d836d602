import type { Database } from "../../db/client.ts";
import { errorLogs, performanceMetrics } from "../../db/schema/index.ts";
import { RESPONSE_TIME_METRIC } from "../services/stats.server.ts";

/**
 * DESIGN.md "Observability inside the product": every API request records its response time and
 * every server error its record, with the request id. The dashboards' System Health, Uptime and
 * Avg Response Time figures read these rows (app/services/stats.server.ts). Written after the
 * response through waitUntil, so a slow or failing write never delays or breaks the answer.
 */
export interface RequestOutcome {
  request: Request;
  status: number;
  durationMs: number;
  requestId: string;
  userId?: string;
  error?: unknown;
}

export function recordRequestOutcome(ctx: ExecutionContext, db: Database, outcome: RequestOutcome): void {
  const { pathname } = new URL(outcome.request.url);
  const writes: Promise<unknown>[] = [];
  if (pathname.startsWith("/api/")) {
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
        context: { method: outcome.request.method, path: pathname },
      }),
    );
  }
  if (writes.length === 0) return;
  ctx.waitUntil(Promise.all(writes).catch((e) => console.error(`[${outcome.requestId}] could not record request outcome`, e)));
}
