import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#db/client.ts";
import { housekeepingState } from "#db/schema/index.ts";
import { AUDIT_CATEGORIES } from "#server/observability/audit.ts";
import { DAY_MS } from "./rollups.ts";

/**
 * Retention (issue 12): raw analytics rows older than the retention period are deleted by the
 * scheduled housekeeping, in bounded chunks so no run holds the database for long: analytics
 * events, performance metrics, error occurrences (error_logs), visits (user_sessions, by start) and
 * system logs other than the audit trail. Kept whatever their age: the hourly rollups (the long-run
 * figures), the error groups (first and last seen, counts, who resolved them), and system_logs rows
 * of the audit categories (AUDIT_CATEGORIES: sign-ins and their failures, refused authorisations,
 * assisted-session acts, administrators' acts, and the security events issue 13 adds), which are
 * an audit trail with its own keeping rules, not analytics.
 */
export const DEFAULT_RETENTION_DAYS = 90;
const RETENTION_JOB = "analytics_retention";
/** Rows one delete statement removes, and statements one run makes per table at most. */
const CHUNK_ROWS = 5_000;
const MAX_CHUNKS_PER_TABLE = 20;

/** ANALYTICS_RETENTION_DAYS as the env carries it: a whole number of days, 1 to 3650; unset means the default. */
export const RetentionDaysBinding = z
  .string()
  .regex(/^\d{1,4}$/, "must be a whole number of days")
  .refine((v) => Number(v) >= 1 && Number(v) <= 3650, "must be between 1 and 3650")
  .optional();

export function retentionDays(env: { ANALYTICS_RETENTION_DAYS?: string }): number {
  return env.ANALYTICS_RETENTION_DAYS ? Number(env.ANALYTICS_RETENTION_DAYS) : DEFAULT_RETENTION_DAYS;
}

/** The tables pruned by age: each delete finds its rows through the table's time index. */
const AGED = [
  { table: "analytics_events", column: "timestamp" },
  { table: "performance_metrics", column: "timestamp" },
  { table: "error_logs", column: "timestamp" },
  { table: "user_sessions", column: "start_time" },
] as const;

export interface RetentionRun {
  cutoff: number;
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  /** False when a table had more to delete than one run may: the next run goes on. */
  complete: boolean;
}

const changes = (result: unknown): number => Number((result as { rowsAffected?: number }).rowsAffected ?? 0);

/**
 * Deletes the raw rows older than `days` before `now`, at most MAX_CHUNKS_PER_TABLE chunks per
 * table; never a row the rollups have not summed yet (`rolledUpTo`: the rollup cursor, when the
 * rollups lag behind after an outage or with a short retention).
 */
export async function pruneAnalytics(
  db: Database,
  now: number,
  days: number,
  rolledUpTo: number | null,
  chunkRows = CHUNK_ROWS,
): Promise<RetentionRun> {
  const cutoff = Math.min(now - days * DAY_MS, rolledUpTo ?? 0);
  const deleted: Record<string, number> = {};
  let complete = true;
  const prune = async (key: string, statement: () => Promise<unknown>) => {
    deleted[key] ??= 0;
    for (let i = 0; i < MAX_CHUNKS_PER_TABLE; i++) {
      const n = changes(await statement());
      deleted[key] += n;
      if (n < chunkRows) return;
    }
    complete = false;
  };
  for (const { table, column } of AGED) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    await prune(table, () =>
      db.run(
        sql`delete from ${t} where rowid in (select rowid from ${t} where ${c} < ${cutoff} order by ${c} limit ${chunkRows})`,
      ),
    );
  }
  // System logs by category (through the category-time index), the audit categories left alone.
  // The categories are found by skipping through that index, not by reading every row.
  const categories = await db.all<{ category: string }>(sql`
    with recursive c(category) as (
      select min(category) from system_logs
      union all select (select min(category) from system_logs where category > c.category) from c where c.category is not null
    ) select category from c where category is not null`);
  deleted.system_logs = 0;
  for (const { category } of categories) {
    if ((AUDIT_CATEGORIES as readonly string[]).includes(category)) continue;
    await prune("system_logs", () =>
      db.run(
        sql`delete from system_logs where rowid in (select rowid from system_logs where category = ${category} and timestamp < ${cutoff} order by timestamp limit ${chunkRows})`,
      ),
    );
  }
  await db
    .insert(housekeepingState)
    .values({ job: RETENTION_JOB, cursor: new Date(cutoff), updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: housekeepingState.job, set: { cursor: new Date(cutoff), updatedAt: new Date(now) } });
  return { cutoff, deleted, complete };
}
