import { sql } from "drizzle-orm";
import { SEVERITIES, type Severity } from "#core/analytics/dashboard.ts";
import { normaliseMessage, recordedError } from "#core/analytics/fingerprint.ts";
import type { Database } from "#db/client.ts";
import { errorGroups, errorLogs } from "#db/schema/index.ts";
import { type ObservabilityContext, type ObservabilityStatement, writeObservability } from "./recorder.ts";

/**
 * Error tracking (issue 12; ADR 020): each occurrence is an error_logs row carrying its group's
 * fingerprint, and the group (error_groups) is upserted in the same batch: first and last seen,
 * how many times, the gravest severity seen. A new occurrence of a resolved group reopens it as
 * regressed (resolved false, regressedAt set); who resolved it and when stay on the row as history
 * until it is resolved again.
 */
export interface ErrorOccurrenceInput {
  errorType: string;
  message: string;
  /** What failed: "web" for the web worker, "frontend" or a component name for reported browser errors. */
  component: string;
  severity: Severity;
  /** An HTTP status or an application code. */
  errorCode?: string | null;
  userId?: string | null;
  sessionId?: string | null;
  /** Defaults to the request's own id. */
  requestId?: string | null;
  stackTrace?: string | null;
  /** Facts about where it happened: `{ method, path }` for a request, `{ page }` for a frontend error. */
  context?: Record<string, unknown> | null;
  /** Whether this occurrence may reopen a resolved group (default yes); not for reports anyone could send. */
  mayReopen?: boolean;
}

const cut = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/** A severity's rank in SQL, from SEVERITIES (4 critical … 1 low, as is anything else), to keep the gravest seen. */
const RANKS = sql.raw(SEVERITIES.map((s, i) => `when '${s}' then ${SEVERITIES.length - i}`).join(" "));
const rank = (column: unknown) => sql`(case ${column} ${RANKS} else 1 end)`;

/** The two statements one occurrence is written as: its error_logs row, and its group's upsert. */
export function errorStatements(
  db: Database,
  input: ErrorOccurrenceInput,
  requestId: string | null,
  at: Date,
): [ObservabilityStatement, ObservabilityStatement] {
  const { errorType, component, message, fingerprint } = recordedError(input);
  const occurrence = db.insert(errorLogs).values({
    errorType,
    message,
    component,
    errorCode: cut(input.errorCode, 50),
    userId: input.userId ?? null,
    sessionId: input.sessionId ?? null,
    requestId: input.requestId ?? requestId,
    stackTrace: cut(input.stackTrace, 8000),
    context: input.context ?? null,
    severity: input.severity,
    fingerprint,
    timestamp: at,
  });
  // In an UPDATE every expression reads the row as it was, so `resolved` below is the old value.
  const reopens =
    input.mayReopen === false
      ? sql`0`
      : sql`(${errorGroups.resolved} and (${errorGroups.resolvedAt} is null or excluded.last_seen > ${errorGroups.resolvedAt}))`;
  const group = db
    .insert(errorGroups)
    .values({
      fingerprint,
      errorType,
      component,
      message: normaliseMessage(message),
      severity: input.severity,
      firstSeen: at,
      lastSeen: at,
      occurrences: 1,
    })
    .onConflictDoUpdate({
      target: errorGroups.fingerprint,
      set: {
        lastSeen: sql`max(${errorGroups.lastSeen}, excluded.last_seen)`,
        occurrences: sql`${errorGroups.occurrences} + 1`,
        // Only an occurrence after the resolution reopens it: one written late, from before Mark Resolved, does not.
        regressedAt: sql`case when ${reopens} then excluded.last_seen else ${errorGroups.regressedAt} end`,
        resolved: sql`case when ${reopens} then 0 else ${errorGroups.resolved} end`,
        severity: sql`case when ${rank(sql`excluded.severity`)} > ${rank(errorGroups.severity)} then excluded.severity else ${errorGroups.severity} end`,
      },
    });
  return [occurrence, group];
}

/**
 * Records one error occurrence with its group, in the request's batch (after the response), or at
 * once where there is no request recorder. This is what the track endpoint calls for a frontend
 * error a browser reports, and what the request recorder calls for a server error.
 */
export function recordError(context: ObservabilityContext, input: ErrorOccurrenceInput, at = new Date()): void {
  writeObservability(context, errorStatements(context.db, input, context.requestId, at));
}
