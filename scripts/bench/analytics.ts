import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrateDatabase } from "#db/migrate.ts";
import * as schema from "#db/schema/index.ts";
import { bundleAndImport } from "./bundle.ts";

/**
 * The analytics dashboard's latency (issue 12: "with 1,000,000 rows of events and metrics against
 * the same with 1,000; target within 2x, thanks to rollups and indexes"). Each size gets its own
 * libSQL database file, filled in SQL (`WITH RECURSIVE` inserts: a million rows in seconds) with
 * analytics events (page views over 20 pages, clicks) and response-time metrics (1% server errors),
 * with 1,000 visits and 1,000 error occurrences, spread evenly over the last 30 days; the housekeeping then rolls the
 * complete hours up (timed too), as the Housekeeper does in production, and
 * server/analytics/dashboard.ts is timed for each range, in the same process, one call at a time.
 */
export interface AnalyticsSize {
  /** Rows of analytics_events, and again of performance_metrics. */
  rows: number;
  fillSeconds: number;
  rollupSeconds: number;
  rollupRows: number;
  /** Median and p95 of the dashboard call per range (and of the home dashboard's request figures, "home"), ms. */
  ranges: Record<string, { medianMs: number; p95Ms: number }>;
}

export interface AnalyticsBench {
  sizes: AnalyticsSize[];
  /** Per range: the largest size's median over the smallest's. */
  ratio: Record<string, number>;
  runs: number;
}

interface AnalyticsModules {
  analyticsDashboard(db: unknown, range: "24h" | "7d" | "30d", now?: Date): Promise<unknown>;
  rollUp(db: unknown, now: number, maxSteps?: number): Promise<{ caughtUp: boolean }[]>;
  requestTotals(db: unknown, since: number[], now: Date): Promise<unknown>;
}

/** The analytics dashboard's three ranges, and the home dashboard's request figures (health 24 h, uptime 30 days, server/dashboard/dashboard.ts). */
const RANGES = ["24h", "7d", "30d", "home"] as const;
const SPAN_MS = 30 * 24 * 60 * 60 * 1000;
/** Visits and error occurrences in every size. */
export const FIXED_ROWS = 1_000;

async function fill(client: Client, rows: number, now: number): Promise<void> {
  const step = SPAN_MS / rows;
  const series = `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${rows - 1})`;
  // Newest first in i, so the current hour has its share of rows.
  const at = `cast(${now} - i * ${step} as integer)`;
  await client.execute(`insert into performance_metrics (id, metric_type, metric_name, value, unit, component, endpoint, metadata, timestamp)
    ${series} select printf('m%09d', i), 'response_time', 'api_request', 5 + (i * 7919) % 900, 'ms', 'web', 'GET /api/wallet/credentials',
      json_object('status', case when i % 100 = 0 then 500 else 200 end), ${at} from n`);
  await client.execute(`insert into analytics_events (id, event_type, event_category, event_action, page, timestamp)
    ${series} select printf('e%09d', i), case when i % 4 = 0 then 'click' else 'page_view' end, 'navigation', 'view_page', '/page-' || (i % 20), ${at} from n`);
  // Visits and error occurrences are the same in every size: the target is about events and metrics
  // (unique and active users read user_sessions itself, through its start_time index).
  const visits = FIXED_ROWS;
  await client.execute(`insert into user_sessions (id, session_id, start_time, end_time, duration, device, is_active)
    with recursive n(i) as (select 0 union all select i + 1 from n where i < ${visits - 1})
    select printf('s%09d', i), printf('visit-%09d', i), cast(${now} - i * ${SPAN_MS / visits} as integer), cast(${now} - i * ${SPAN_MS / visits} + 600000 as integer), 600,
      case i % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end, 0 from n`);
  const errors = FIXED_ROWS;
  await client.execute(`insert into error_logs (id, error_type, message, component, severity, fingerprint, timestamp)
    with recursive n(i) as (select 0 union all select i + 1 from n where i < ${errors - 1})
    select printf('x%09d', i), 'Error', 'boom', 'web', case i % 4 when 0 then 'critical' when 1 then 'high' when 2 then 'medium' else 'low' end, 'f' || (i % 10),
      cast(${now} - i * ${SPAN_MS / errors} as integer) from n`);
  await client.execute(`insert into error_groups (id, fingerprint, error_type, component, message, severity, first_seen, last_seen, occurrences)
    select 'g' || fingerprint, fingerprint, 'Error', 'web', 'boom', 'high', min(timestamp), max(timestamp), count(*) from error_logs group by fingerprint`);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function benchAnalytics(options: { sizes: number[]; runs: number }): Promise<AnalyticsBench> {
  const modules = await bundleAndImport<AnalyticsModules>(
    "bench",
    "analytics",
    {
      contents: `export { analyticsDashboard, requestTotals } from "#server/analytics/dashboard.ts"; export { rollUp } from "#server/analytics/rollups.ts";`,
    },
    "node",
  );
  const sizes: AnalyticsSize[] = [];
  for (const rows of options.sizes) {
    const dir = mkdtempSync(join(tmpdir(), "identity-bench-analytics-"));
    const url = `file:${join(dir, "bench.db")}`;
    try {
      await migrateDatabase(url);
      const client = createClient({ url });
      const db = drizzle(client, { schema });
      const now = Date.now();
      let t = performance.now();
      await fill(client, rows, now);
      const fillSeconds = (performance.now() - t) / 1000;
      t = performance.now();
      while (!(await modules.rollUp(db, now, 100)).at(-1)!.caughtUp);
      const rollupSeconds = (performance.now() - t) / 1000;
      const rollupRows = Number((await client.execute("select count(*) as n from analytics_rollups")).rows[0]!.n);
      const ranges: AnalyticsSize["ranges"] = {};
      for (const range of RANGES) {
        const call = () =>
          range === "home"
            ? modules.requestTotals(db, [now - 24 * 60 * 60 * 1000, now - SPAN_MS], new Date(now))
            : modules.analyticsDashboard(db, range, new Date(now));
        for (let i = 0; i < 3; i++) await call();
        const times: number[] = [];
        for (let i = 0; i < options.runs; i++) {
          const start = performance.now();
          await call();
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        ranges[range] = { medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) };
      }
      client.close();
      sizes.push({ rows, fillSeconds, rollupSeconds, rollupRows, ranges });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const [smallest, largest] = [sizes[0]!, sizes.at(-1)!];
  const ratio = Object.fromEntries(RANGES.map((r) => [r, largest.ranges[r]!.medianMs / smallest.ranges[r]!.medianMs]));
  return { sizes, ratio, runs: options.runs };
}
