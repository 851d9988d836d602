import { count, eq, type SQL, sql } from "drizzle-orm";
import {
  ACTIVE_USER_WINDOW_MS,
  type AnalyticsDashboard,
  type ErrorPoint,
  type Range,
  SEVERITIES,
  type Severity,
  SHOWN,
} from "#core/analytics/dashboard.ts";
import { addHistogram, emptyHistogram, estimateQuantile, HISTOGRAM_SIZE } from "#core/analytics/histogram.ts";
import type { Database } from "#db/client.ts";
import { errorGroups } from "#db/schema/index.ts";
import { listErrors } from "./reads.ts";
import {
  aggregateHours,
  DAY_MS,
  DAY_SUFFIX,
  HOUR_MS,
  RESPONSE_TIME_METRIC,
  type RollupMetric,
  type RollupRow,
  rollupCursor,
  startOfDay,
  startOfHour,
} from "./rollups.ts";

/**
 * GET /api/analytics/dashboard (issue 12; spec 000 §2 "Analytics dashboard"): the headline figures
 * and the charts for a range, read from the hourly rollups for the hours already rolled and from
 * raw rows only for the rest (the current hour, and any the housekeeper has not reached yet). The
 * range is whole points: 24 hourly points ending with the current hour, or 7 / 30 UTC days ending
 * with today.
 */
const POINTS: Record<Range, { points: number; step: number }> = {
  "24h": { points: 24, step: HOUR_MS },
  "7d": { points: 7, step: DAY_MS },
  "30d": { points: 30, step: DAY_MS },
};
/** The most top pages the dashboard answers with (the screen shows SHOWN.topPages of them). */
const TOP_PAGES = 10;
/** A visit still open is counted as active for at most this long after it started (a closed tab may never send its end). */
const OPEN_VISIT_MS = 24 * HOUR_MS;

/** A rollup row's metric without the daily sums' suffix. */
const metricName = sql.raw(`replace(metric, '${DAY_SUFFIX}', '')`);

/**
 * Where the stored rollups of `metrics` over [start, end) are (start a whole hour, end at most the
 * rollup cursor): the daily sums for the whole UTC days in it, the hourly rows for the hours either side.
 */
function rolledSpan(metrics: readonly RollupMetric[], start: number, end: number): SQL {
  const [firstDay, lastDay] = [startOfDay(start + DAY_MS - 1), startOfDay(end)];
  const named = (names: readonly string[]) => sql`metric in (select value from json_each(${JSON.stringify(names)}))`;
  if (firstDay >= lastDay) return sql`(${named(metrics)} and bucket >= ${start} and bucket < ${end})`;
  return sql`((${named(metrics.map((m) => m + DAY_SUFFIX))} and bucket >= ${firstDay} and bucket < ${lastDay})
    or (${named(metrics)} and ((bucket >= ${start} and bucket < ${firstDay}) or (bucket >= ${lastDay} and bucket < ${end}))))`;
}

/**
 * The stored rollups of [window.from, to) summed per point in SQL (so the rows read do not grow with
 * the hours or the pages): per metric and dimension, the requests' histograms per point, and the
 * page views of the top pages (TOP_PAGES of them, and every page the live rows name, so adding the
 * live counts cannot miss a page that climbs into the top). Each row's bucket is its point's start.
 */
async function readRollupSummary(
  db: Database,
  window: DashboardWindow,
  to: number,
  livePages: string[],
): Promise<RollupRow[]> {
  if (to <= window.from) return [];
  const { from, step } = window;
  const point = sql.raw(`(bucket - ${from}) / ${step}`);
  // A daily sum lands on its day's point; a 24-hour window rolled up to the cursor (before the current hour) holds no whole UTC day.
  const where = (metrics: RollupMetric[]) => rolledSpan(metrics, from, to);
  const bins = sql.raw(
    Array.from(
      { length: HISTOGRAM_SIZE },
      (_, i) => `coalesce(sum(json_extract(histogram, '$[${i}]')), 0) as h${i}`,
    ).join(", "),
  );
  const [sums, histograms, top, named] = await db.batch([
    db.all<{ metric: RollupMetric; p: number; dimension: string; n: number; t: number }>(sql`
      select ${metricName} as metric, ${point} as p, dimension, sum(count) as n, sum(total) as t from analytics_rollups
      where ${where(["requests", "request_failures", "sessions", "session_durations", "errors"])}
      group by 1, 2, 3`),
    db.all<Record<string, number>>(
      sql`select ${point} as p, ${bins} from analytics_rollups where ${where(["requests"])} group by p`,
    ),
    db.all<{ dimension: string; n: number }>(sql`
      select dimension, sum(count) as n from analytics_rollups where ${where(["page_views"])}
      group by dimension order by n desc, dimension limit ${TOP_PAGES}`),
    db.all<{ dimension: string; n: number }>(sql`
      select dimension, sum(count) as n from analytics_rollups
      where ${where(["page_views"])} and dimension in (select value from json_each(${JSON.stringify(livePages)}))
      group by dimension`),
  ]);
  const at = (p: unknown) => from + num(p) * step;
  const byPoint = new Map(
    histograms.map((h) => [num(h.p), Array.from({ length: HISTOGRAM_SIZE }, (_, i) => num(h[`h${i}`]))]),
  );
  const rows: RollupRow[] = sums.map((r) => ({
    metric: r.metric,
    bucket: at(r.p),
    dimension: r.dimension,
    count: num(r.n),
    total: num(r.t),
    histogram: r.metric === "requests" ? (byPoint.get(num(r.p)) ?? null) : null,
  }));
  const pages = new Map([...top, ...named].map((r) => [r.dimension, num(r.n)]));
  for (const [page, n] of pages)
    rows.push({ metric: "page_views", bucket: from, dimension: page, count: n, total: 0, histogram: null });
  return rows;
}

export interface DashboardWindow {
  from: number;
  to: number;
  step: number;
  points: number[];
}

export function dashboardWindow(range: Range, now: number): DashboardWindow {
  const { points, step } = POINTS[range];
  const last = step === HOUR_MS ? startOfHour(now) : now - (now % DAY_MS);
  const from = last - (points - 1) * step;
  return { from, to: now + 1, step, points: Array.from({ length: points }, (_, i) => from + i * step) };
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export async function analyticsDashboard(db: Database, range: Range, now = new Date()): Promise<AnalyticsDashboard> {
  const window = dashboardWindow(range, now.getTime());
  const cursor = (await rollupCursor(db)) ?? window.from;
  const rolledTo = Math.min(Math.max(cursor, window.from), window.to);
  const activeSince = now.getTime() - ACTIVE_USER_WINDOW_MS;
  const live = await aggregateHours(db, rolledTo, window.to);
  const livePages = [...new Set(live.filter((r) => r.metric === "page_views").map((r) => r.dimension))];
  const [stored, [people], [unresolved], recentErrors] = await Promise.all([
    readRollupSummary(db, window, rolledTo, livePages),
    // People: signed-in users counted once, anonymous visits each once; through the start_time index.
    db.all<{ unique_users: number; active_users: number }>(sql`
      select
        count(distinct case when start_time >= ${window.from} then coalesce(user_id, 'visit:' || session_id) end) as unique_users,
        count(distinct case when start_time >= ${activeSince}
          or (end_time is null and is_active and start_time >= ${now.getTime() - OPEN_VISIT_MS})
          or end_time >= ${activeSince} then coalesce(user_id, 'visit:' || session_id) end) as active_users
      from user_sessions where start_time >= ${Math.min(window.from, now.getTime() - OPEN_VISIT_MS)} and start_time <= ${now.getTime()}`),
    db.select({ n: count() }).from(errorGroups).where(eq(errorGroups.resolved, false)),
    listErrors(db, { limit: SHOWN.recentErrors }),
  ]);
  const rows = [...stored, ...live];
  const pointOf = (bucket: number) => Math.floor((bucket - window.from) / window.step);
  const points = window.points;
  const requests = points.map(() => ({ count: 0, total: 0, histogram: emptyHistogram() }));
  const errors = points.map(() => Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>);
  const sessions = points.map(() => 0);
  const pages = new Map<string, number>();
  const devices = new Map<string, number>();
  let durations = { count: 0, total: 0 };
  const all = { count: 0, total: 0, histogram: emptyHistogram() };
  for (const row of rows as RollupRow[]) {
    const i = pointOf(row.bucket);
    if (i < 0 || i >= points.length) continue;
    switch (row.metric) {
      case "requests":
        requests[i]!.count += row.count;
        requests[i]!.total += row.total;
        addHistogram(requests[i]!.histogram, row.histogram);
        all.count += row.count;
        all.total += row.total;
        break;
      case "page_views":
        pages.set(row.dimension, (pages.get(row.dimension) ?? 0) + row.count);
        break;
      case "sessions":
        sessions[i]! += row.count;
        devices.set(row.dimension, (devices.get(row.dimension) ?? 0) + row.count);
        break;
      case "session_durations":
        durations = { count: durations.count + row.count, total: durations.total + row.total };
        break;
      case "errors":
        if ((SEVERITIES as readonly string[]).includes(row.dimension))
          errors[i]![row.dimension as Severity] += row.count;
        break;
    }
  }
  const errorsBySeverity = Object.fromEntries(
    SEVERITIES.map((s) => [s, errors.reduce((sum, e) => sum + e[s], 0)]),
  ) as Record<Severity, number>;
  const byCount = <K extends string>(entries: Map<string, number>, key: K) =>
    [...entries]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([name]) => ({ [key]: name }) as Record<K, string>);
  return {
    range,
    granularity: window.step === HOUR_MS ? "hour" : "day",
    generatedAt: now.toISOString(),
    systemHealth: {
      activeUsers: num(people?.active_users),
      averageResponseTime: all.count ? Math.round(all.total / all.count) : null,
      unresolvedErrors: num(unresolved?.n),
      errorsBySeverity,
      recentErrors,
    },
    userEngagement: {
      totalSessions: sessions.reduce((a, b) => a + b, 0),
      uniqueUsers: num(people?.unique_users),
      averageDuration: durations.count ? Math.round(durations.total / durations.count) : null,
      topPages: byCount(pages, "page")
        .slice(0, TOP_PAGES)
        .map(({ page }) => ({ page, views: pages.get(page)! })),
    },
    charts: {
      requests: points.map((at, i) => {
        const h = requests[i]!.histogram;
        return {
          at: new Date(at).toISOString(),
          requests: requests[i]!.count,
          p50: estimateQuantile(h, 0.5),
          p95: estimateQuantile(h, 0.95),
        };
      }),
      errors: points.map((at, i): ErrorPoint => ({ at: new Date(at).toISOString(), ...errors[i]! })),
      sessions: points.map((at, i) => ({ at: new Date(at).toISOString(), count: sessions[i]! })),
      devices: byCount(devices, "device").map(({ device }) => ({ device, sessions: devices.get(device)! })),
    },
  };
}

export interface RequestTotals {
  /** Measured API requests. */
  requests: number;
  /** Of those, answered with a server error. */
  failures: number;
  /** Their summed response time, ms. */
  totalMs: number;
}

/**
 * Measured API requests since each of `since` (rounded down to the hour: rollups are hourly), from
 * the rollups for rolled hours and raw rows after: the home dashboard's health, uptime and average
 * response (server/dashboard/dashboard.ts) read the same figures as the analytics dashboard.
 */
export async function requestTotals(db: Database, since: number[], now: Date): Promise<RequestTotals[]> {
  const starts = since.map(startOfHour);
  const to = now.getTime() + 1;
  const cursor = Math.min((await rollupCursor(db)) ?? Math.min(...starts), to);
  return Promise.all(
    starts.map(async (start) => {
      // The rolled part summed in SQL (rolledSpan); raw rows after the cursor.
      const end = Math.max(start, cursor);
      type Sums = { requests: number | null; failures: number | null; total: number | null };
      const [[rolled], [live]] = await db.batch([
        db.all<Sums>(sql`
          select sum(case when ${metricName} = 'requests' then count end) as requests,
            sum(case when ${metricName} = 'request_failures' then count end) as failures,
            sum(case when ${metricName} = 'requests' then total end) as total
          from analytics_rollups where ${rolledSpan(["requests", "request_failures"], start, end)}`),
        db.all<Sums>(sql`
          select count(*) as requests, sum(case when json_extract(metadata, '$.status') >= 500 then 1 else 0 end) as failures, sum(value) as total
          from performance_metrics where metric_type = ${RESPONSE_TIME_METRIC} and timestamp >= ${end} and timestamp < ${to}`),
      ]);
      return {
        requests: num(rolled?.requests) + num(live?.requests),
        failures: num(rolled?.failures) + num(live?.failures),
        totalMs: num(rolled?.total) + num(live?.total),
      };
    }),
  );
}
