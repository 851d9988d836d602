import { sql } from "drizzle-orm";
import * as z from "zod";
import { AUDIT_CATEGORIES } from "#core/analytics/audit.ts";
import { AUDIT_RETENTION, VERIFICATION_RECORD_RETENTION, WALLET_ACTIVITY_RETENTION } from "#core/privacy/retention.ts";
import type { Database } from "#db/client.ts";
import { housekeepingState } from "#db/schema/index.ts";
import { DAY_MS } from "./rollups.ts";

/**
 * Retention (issue 12): raw analytics rows older than the retention period are deleted by the
 * scheduled housekeeping, in bounded chunks so no run holds the database for long: analytics
 * events, performance metrics, error occurrences (error_logs), visits (user_sessions, by start) and
 * system logs other than the audit trail. Kept whatever their age: the hourly rollups (the long-run
 * figures) and the error groups (first and last seen, counts, who resolved them). The system_logs
 * rows of the audit categories (AUDIT_CATEGORIES: sign-ins and their failures, refused
 * authorisations, assisted-session acts, administrators' acts, and the security events issue 13
 * adds) are an audit trail with its own period, not analytics.
 *
 * The same run deletes what the privacy policy promises to delete (issue 20, ADR 031), by the
 * periods the policy states (core/privacy/retention.ts): verification records (`presentations`
 * and the OpenID4VP requests they answer) 2 years after the check, and the audit trail (the audit
 * categories' system_logs rows and Gabriel's audit log) 12 months after the act, and the wallet's
 * activity log (`wallet_events`) 12 months after each event; and what the issuance endpoints kept
 * only while it worked, a day after it expired (OWN_PERIODS).
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

/**
 * Tables pruned by their own periods, whatever the rollups: rows the analytics never sum. Among
 * them, what the issuance endpoints keep only while it works (issue 22, ADR 045: access tokens,
 * pushed authorization requests and their codes, credential offers, deferred transactions, spent
 * single-use values), deleted a day after it expires (the day leaves a wallet's late request a
 * clear refusal rather than a race). Each through its time index.
 */
const OWN_PERIODS = [
  { table: "presentations", column: "verified_at", keptMs: VERIFICATION_RECORD_RETENTION.ms },
  { table: "verification_requests", column: "created_at", keptMs: VERIFICATION_RECORD_RETENTION.ms },
  { table: "gabriel_audit_log", column: "timestamp", keptMs: AUDIT_RETENTION.ms },
  { table: "oauth_access_tokens", column: "expires_at", keptMs: DAY_MS },
  { table: "oauth_authorizations", column: "expires_at", keptMs: DAY_MS },
  { table: "credential_offers", column: "expires_at", keptMs: DAY_MS },
  { table: "credential_transactions", column: "expires_at", keptMs: DAY_MS },
  { table: "spent_values", column: "expires_at", keptMs: DAY_MS },
] as const;

export interface RetentionRun {
  /** The analytics rows' cut-off (Unix ms): older rows are deleted. */
  cutoff: number;
  /** The cut-offs of verification records, of the audit trail and of the wallet's activity log (ADR 031). */
  recordsCutoff: number;
  auditCutoff: number;
  activityCutoff: number;
  /** Rows deleted per table. */
  deleted: Record<string, number>;
  /** False when a table had more to delete than one run may: the next run goes on. */
  complete: boolean;
}

const changes = (result: unknown): number => Number((result as { rowsAffected?: number }).rowsAffected ?? 0);

/**
 * Deletes the raw analytics rows older than `days` before `now`, never a row the rollups have not
 * summed yet (`rolledUpTo`: the rollup cursor, when the rollups lag behind after an outage or with
 * a short retention); and the verification records and audit rows past their own periods
 * (core/privacy/retention.ts). At most MAX_CHUNKS_PER_TABLE chunks per table a run.
 */
export async function pruneExpired(
  db: Database,
  now: number,
  days: number,
  rolledUpTo: number | null,
  chunkRows = CHUNK_ROWS,
): Promise<RetentionRun> {
  const cutoff = Math.min(now - days * DAY_MS, rolledUpTo ?? 0);
  const recordsCutoff = now - VERIFICATION_RECORD_RETENTION.ms;
  const auditCutoff = now - AUDIT_RETENTION.ms;
  const activityCutoff = now - WALLET_ACTIVITY_RETENTION.ms;
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
  // System logs by category (through the category-time index), the audit categories by their own period.
  // The categories are found by skipping through that index, not by reading every row.
  const categories = await distinct(db, "system_logs", "category");
  deleted.system_logs = 0;
  deleted.system_logs_audit = 0;
  for (const category of categories) {
    // The audit categories by the audit trail's own period, the rest with the analytics.
    const audit = (AUDIT_CATEGORIES as readonly string[]).includes(category);
    const before = audit ? auditCutoff : cutoff;
    await prune(audit ? "system_logs_audit" : "system_logs", () =>
      db.run(
        sql`delete from system_logs where rowid in (select rowid from system_logs where category = ${category} and timestamp < ${before} order by timestamp limit ${chunkRows})`,
      ),
    );
  }
  for (const { table, column, keptMs } of OWN_PERIODS) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    const before = now - keptMs;
    await prune(table, () =>
      db.run(
        sql`delete from ${t} where rowid in (select rowid from ${t} where ${c} < ${before} order by ${c} limit ${chunkRows})`,
      ),
    );
  }
  // The wallet's activity log by kind, through its kind-time index (there is no index on time alone).
  deleted.wallet_events = 0;
  for (const kind of await distinct(db, "wallet_events", "kind")) {
    await prune("wallet_events", () =>
      db.run(
        sql`delete from wallet_events where rowid in (select rowid from wallet_events where kind = ${kind} and created_at < ${activityCutoff} order by created_at limit ${chunkRows})`,
      ),
    );
  }
  await db
    .insert(housekeepingState)
    .values({ job: RETENTION_JOB, cursor: new Date(cutoff), updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: housekeepingState.job, set: { cursor: new Date(cutoff), updatedAt: new Date(now) } });
  return { cutoff, recordsCutoff, auditCutoff, activityCutoff, deleted, complete };
}

/** A column's distinct values, found by skipping through an index that starts with it, not by reading every row. */
async function distinct(db: Database, table: string, column: string): Promise<string[]> {
  const t = sql.identifier(table);
  const c = sql.identifier(column);
  const rows = await db.all<{ value: string }>(sql`
    with recursive v(value) as (
      select min(${c}) from ${t}
      union all select (select min(${c}) from ${t} where ${c} > v.value) from v where v.value is not null
    ) select value from v where value is not null`);
  return rows.map((row) => row.value);
}
