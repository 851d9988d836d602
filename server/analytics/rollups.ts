import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { addHistogram, emptyHistogram, HISTOGRAM_SIZE, RESPONSE_TIME_BOUNDS } from "#core/analytics/histogram.ts";
import type { Database } from "#db/client.ts";
import { analyticsRollups, housekeepingState } from "#db/schema/index.ts";

/**
 * Hourly rollups (issue 12; ADR 020): each complete UTC hour's raw rows are summed once into
 * analytics_rollups, and dashboards read those sums (plus raw rows only for the hours not yet
 * rolled), so a dashboard's cost does not grow with the raw tables.
 *
 *   requests           ""            API requests measured (performance_metrics response_time): count, total ms, histogram
 *   request_failures   ""            of those, the ones answered with a server error (status 5xx)
 *   page_views         the page      analytics_events of type page_view
 *   sessions           device class  visits started (user_sessions.start_time)
 *   session_durations  ""            visits that ended in the hour (end_time): count, total seconds
 *   errors             severity      error occurrences (error_logs)
 */
const ROLLUP_METRICS = [
  "requests",
  "request_failures",
  "page_views",
  "sessions",
  "session_durations",
  "errors",
] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

/** The metric type the request recorder writes per API request (server/observability/request-outcomes.ts; spec 000 §7). */
export const RESPONSE_TIME_METRIC = "response_time";
export const HOUR_MS = 60 * 60 * 1000;
/** An hour is rolled this long after it ends, so rows written after a response (waitUntil) are in. */
const ROLLUP_GRACE_MS = 5 * 60 * 1000;
/** The most hours one step rolls: a long gap catches up over several steps. */
export const MAX_HOURS_PER_STEP = 24;
/**
 * Visits ended in an hour are found among those started up to this long before it (through the
 * start_time index): a visit longer than this is left out of the duration figures.
 */
const MAX_VISIT_MS = 7 * 24 * HOUR_MS;
export const ROLLUP_JOB = "analytics_rollups";
/** A first run rolls no further back than this (older raw rows are past retention anyway). */
const FIRST_RUN_LOOKBACK_MS = 90 * 24 * HOUR_MS;

export interface RollupRow {
  metric: RollupMetric;
  /** The hour's start, Unix ms (UTC). */
  bucket: number;
  dimension: string;
  count: number;
  total: number;
  histogram: number[] | null;
}

export const startOfHour = (ms: number): number => ms - (((ms % HOUR_MS) + HOUR_MS) % HOUR_MS);

const hourOf = (column: string) => sql.raw(`(${column} - ${column} % ${HOUR_MS})`);
const histogramBucket = sql.raw(
  `case ${RESPONSE_TIME_BOUNDS.map((bound, i) => `when value < ${bound} then ${i}`).join(" ")} else ${RESPONSE_TIME_BOUNDS.length} end`,
);
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * The rollup rows of the hours in [from, to) computed from the raw rows (one batch, each query on
 * an index); hours with nothing in them have no rows. `to` may be mid-hour: the dashboard uses this
 * for the hours not yet rolled, the current one included.
 */
export async function aggregateHours(db: Database, from: number, to: number): Promise<RollupRow[]> {
  if (to <= from) return [];
  const [requests, pages, sessions, durations, errors] = await db.batch([
    db.all<{ bucket: number; b: number; n: number; total: number; failed: number }>(sql`
      select ${hourOf("timestamp")} as bucket, ${histogramBucket} as b, count(*) as n, sum(value) as total,
        sum(case when json_extract(metadata, '$.status') >= 500 then 1 else 0 end) as failed
      from performance_metrics where metric_type = ${RESPONSE_TIME_METRIC} and timestamp >= ${from} and timestamp < ${to}
      group by 1, 2`),
    db.all<{ bucket: number; page: string | null; n: number }>(sql`
      select ${hourOf("timestamp")} as bucket, page, count(*) as n
      from analytics_events where event_type = 'page_view' and timestamp >= ${from} and timestamp < ${to}
      group by 1, 2`),
    db.all<{ bucket: number; device: string | null; n: number }>(sql`
      select ${hourOf("start_time")} as bucket, device, count(*) as n
      from user_sessions where start_time >= ${from} and start_time < ${to}
      group by 1, 2`),
    db.all<{ bucket: number; n: number; total: number }>(sql`
      select ${hourOf("end_time")} as bucket, count(*) as n, sum(max(duration, 0)) as total
      from user_sessions
      where start_time >= ${from - MAX_VISIT_MS} and start_time < ${to} and end_time >= ${from} and end_time < ${to} and duration is not null
      group by 1`),
    db.all<{ bucket: number; severity: string; n: number }>(sql`
      select ${hourOf("timestamp")} as bucket, severity, count(*) as n
      from error_logs where timestamp >= ${from} and timestamp < ${to}
      group by 1, 2`),
  ]);
  const rows: RollupRow[] = [];
  const requestRows = new Map<number, RollupRow>();
  const failureRows = new Map<number, RollupRow>();
  for (const r of requests) {
    const bucket = num(r.bucket);
    let row = requestRows.get(bucket);
    if (!row) {
      row = { metric: "requests", bucket, dimension: "", count: 0, total: 0, histogram: emptyHistogram() };
      requestRows.set(bucket, row);
    }
    row.count += num(r.n);
    row.total += num(r.total);
    row.histogram![Math.min(num(r.b), HISTOGRAM_SIZE - 1)]! += num(r.n);
    if (num(r.failed) === 0) continue;
    let failed = failureRows.get(bucket);
    if (!failed) {
      failed = { metric: "request_failures", bucket, dimension: "", count: 0, total: 0, histogram: null };
      failureRows.set(bucket, failed);
    }
    failed.count += num(r.failed);
  }
  rows.push(...requestRows.values(), ...failureRows.values());
  for (const r of pages)
    rows.push({
      metric: "page_views",
      bucket: num(r.bucket),
      dimension: (r.page ?? "").slice(0, 500),
      count: num(r.n),
      total: 0,
      histogram: null,
    });
  for (const r of sessions)
    rows.push({
      metric: "sessions",
      bucket: num(r.bucket),
      dimension: r.device || "unknown",
      count: num(r.n),
      total: 0,
      histogram: null,
    });
  for (const r of durations)
    rows.push({
      metric: "session_durations",
      bucket: num(r.bucket),
      dimension: "",
      count: num(r.n),
      total: num(r.total),
      histogram: null,
    });
  for (const r of errors)
    rows.push({
      metric: "errors",
      bucket: num(r.bucket),
      dimension: r.severity,
      count: num(r.n),
      total: 0,
      histogram: null,
    });
  return mergeDuplicates(rows);
}

/** Page rows cut to the same 500 characters (or two NULL/"" pages) would collide on the key: add them up. */
function mergeDuplicates(rows: RollupRow[]): RollupRow[] {
  const byKey = new Map<string, RollupRow>();
  for (const row of rows) {
    const key = `${row.metric}\u0000${row.bucket}\u0000${row.dimension}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, row);
    else {
      seen.count += row.count;
      seen.total += row.total;
    }
  }
  return [...byKey.values()];
}

/** The stored hourly rollup rows of the hours in [from, to) (of `metrics` only, when given), through the primary key. */
export async function readRollups(
  db: Database,
  from: number,
  to: number,
  metrics?: readonly RollupMetric[],
): Promise<RollupRow[]> {
  if (to <= from) return [];
  const rows = await db
    .select()
    .from(analyticsRollups)
    .where(
      and(
        inArray(analyticsRollups.metric, [...(metrics ?? ROLLUP_METRICS)]),
        gte(analyticsRollups.bucket, new Date(from)),
        lt(analyticsRollups.bucket, new Date(to)),
      ),
    );
  return rows.map((r) => ({
    metric: r.metric as RollupMetric,
    bucket: r.bucket.getTime(),
    dimension: r.dimension,
    count: r.count,
    total: r.total,
    histogram: r.histogram ?? null,
  }));
}

/** Where the rollups have got to: every hour before it is rolled (null before the first run). */
export async function rollupCursor(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ cursor: housekeepingState.cursor })
    .from(housekeepingState)
    .where(sql`${housekeepingState.job} = ${ROLLUP_JOB}`);
  return row ? row.cursor.getTime() : null;
}

/** Where a first run starts: the hour of the oldest raw row, and no further back than FIRST_RUN_LOOKBACK_MS. */
async function firstHour(db: Database, now: number): Promise<number> {
  const [row] = await db.all<{ oldest: number | null }>(sql`
    select min(t) as oldest from (
      select min(timestamp) as t from performance_metrics union all select min(timestamp) from analytics_events
      union all select min(start_time) from user_sessions union all select min(timestamp) from error_logs)`);
  const oldest = row?.oldest == null ? now : num(row.oldest);
  return startOfHour(Math.max(oldest, now - FIRST_RUN_LOOKBACK_MS));
}

const INSERT_CHUNK = 500;

/** Daily sums of the hourly rows are kept beside them (metric "<metric>:day", bucket the UTC day), so a 30-day dashboard reads 30 points, not 720. */
export const DAY_SUFFIX = ":day";
export const DAY_MS = 24 * HOUR_MS;
export const startOfDay = (ms: number): number => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
const HOURLY = [...ROLLUP_METRICS];
const DAILY = ROLLUP_METRICS.map((m) => `${m}${DAY_SUFFIX}`);

/** The rows of `hours` summed per UTC day, metric and dimension. */
function dailySums(hours: RollupRow[]): (Omit<RollupRow, "metric"> & { metric: string })[] {
  const days = new Map<string, Omit<RollupRow, "metric"> & { metric: string }>();
  for (const row of hours) {
    const bucket = startOfDay(row.bucket);
    const key = `${row.metric}\u0000${bucket}\u0000${row.dimension}`;
    let day = days.get(key);
    if (!day) {
      day = {
        metric: `${row.metric}${DAY_SUFFIX}`,
        bucket,
        dimension: row.dimension,
        count: 0,
        total: 0,
        histogram: row.histogram ? emptyHistogram() : null,
      };
      days.set(key, day);
    }
    day.count += row.count;
    day.total += row.total;
    if (day.histogram && row.histogram) addHistogram(day.histogram, row.histogram);
  }
  return [...days.values()];
}

/**
 * Rolls the hours in [from, to) (whole hours): replaces their rollup rows with fresh sums, and the
 * daily sums of the days they fall in, and, with `cursor`, moves the cursor, in one batch (one
 * transaction), so re-rolling an hour is safe.
 */
export async function rollHours(db: Database, from: number, to: number, cursor?: { now: number }): Promise<number> {
  const rows = await aggregateHours(db, from, to);
  const [dayFrom, dayTo] = [startOfDay(from), startOfDay(to - 1) + DAY_MS];
  // The other hours of those days, already rolled, for their daily sums.
  const neighbours = (await readRollups(db, dayFrom, dayTo, ROLLUP_METRICS)).filter(
    (r) => r.bucket < from || r.bucket >= to,
  );
  const days = dailySums([...neighbours, ...rows]);
  const span = (a: number, b: number) =>
    and(gte(analyticsRollups.bucket, new Date(a)), lt(analyticsRollups.bucket, new Date(b)));
  const statements = [
    db.delete(analyticsRollups).where(and(inArray(analyticsRollups.metric, HOURLY), span(from, to))),
    db.delete(analyticsRollups).where(and(inArray(analyticsRollups.metric, DAILY), span(dayFrom, dayTo))),
    ...chunks([...rows, ...days], INSERT_CHUNK).map((chunk) =>
      db.insert(analyticsRollups).values(chunk.map((r) => ({ ...r, bucket: new Date(r.bucket) }))),
    ),
    ...(cursor
      ? [
          db
            .insert(housekeepingState)
            .values({ job: ROLLUP_JOB, cursor: new Date(to), updatedAt: new Date(cursor.now) })
            .onConflictDoUpdate({
              target: housekeepingState.job,
              set: { cursor: new Date(to), updatedAt: new Date(cursor.now) },
            }),
        ]
      : []),
  ];
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return rows.length;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface RollupStep {
  /** The hours rolled, [from, to); equal when there was nothing complete to roll. */
  from: number;
  to: number;
  rows: number;
  /** Whether every complete hour is now rolled (false: call again to catch up). */
  caughtUp: boolean;
}

/** One bounded step: rolls up to MAX_HOURS_PER_STEP complete hours after the cursor and moves it. */
export async function rollUpStep(db: Database, now: number, maxHours = MAX_HOURS_PER_STEP): Promise<RollupStep> {
  const from = (await rollupCursor(db)) ?? (await firstHour(db, now));
  const lastComplete = startOfHour(now - ROLLUP_GRACE_MS);
  const to = Math.min(lastComplete, from + maxHours * HOUR_MS);
  if (to <= from) return { from, to: from, rows: 0, caughtUp: true };
  const rows = await rollHours(db, from, to, { now });
  return { from, to, rows, caughtUp: to >= lastComplete };
}

/** Rolls up until caught up or `maxSteps` steps are done. */
export async function rollUp(db: Database, now: number, maxSteps = 8): Promise<RollupStep[]> {
  const steps: RollupStep[] = [];
  for (let i = 0; i < maxSteps; i++) {
    const step = await rollUpStep(db, now);
    steps.push(step);
    if (step.caughtUp) break;
  }
  return steps;
}
