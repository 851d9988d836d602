import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import * as z from "zod";
import { displayName } from "#core/accounts/users.ts";
import type {
  ErrorDetail,
  ErrorOccurrence,
  ErrorRecord,
  EventRecord,
  LogEntry,
  PerformanceMetric,
  Severity,
} from "#core/analytics/dashboard.ts";
import { SEVERITIES } from "#core/analytics/dashboard.ts";
import type { Database } from "#db/client.ts";
import { analyticsEvents, errorGroups, errorLogs, performanceMetrics, systemLogs, users } from "#db/schema/index.ts";
import { ServiceError } from "#server/http/errors.ts";

/** The refusals' words: the code stays, the message is said in the person's language (analyticsCall). */
const refusals = defineMessages({
  badId: { id: "analytics.api.badErrorId", defaultMessage: "Error id must be a UUID" },
  notFound: { id: "analytics.api.errorNotFound", defaultMessage: "Error not found" },
  alreadyResolved: { id: "analytics.api.alreadyResolved", defaultMessage: "This error is already resolved" },
});

/** A refusal of these calls, worded in the language of whoever asked when it is answered (English as thrown). */
export class AnalyticsRefusal extends ServiceError {
  readonly words: MessageDescriptor;

  constructor(status: number, words: MessageDescriptor, code: string) {
    super(status, String(words.defaultMessage), code);
    this.words = words;
  }
}

/**
 * The lists /api/analytics/* answers with (issue 12; spec 000 §7), newest first, each on an index
 * (db/migrations/0011), and Mark Resolved. Administrators only: the routes check view:analytics
 * and resolve:errors before calling these.
 */

export async function listEvents(db: Database, query: { limit: number }): Promise<EventRecord[]> {
  const rows = await db
    .select()
    .from(analyticsEvents)
    .orderBy(desc(analyticsEvents.timestamp), desc(analyticsEvents.id))
    .limit(query.limit);
  return rows.map((e) => ({
    id: e.id,
    eventType: e.eventType,
    eventAction: e.eventAction,
    eventCategory: e.eventCategory,
    eventLabel: e.eventLabel,
    page: e.page,
    timestamp: e.timestamp.toISOString(),
  }));
}

export async function listLogs(db: Database, query: { level?: string; limit: number }): Promise<LogEntry[]> {
  const rows = await db
    .select()
    .from(systemLogs)
    .where(query.level ? eq(systemLogs.level, query.level) : undefined)
    .orderBy(desc(systemLogs.timestamp), desc(systemLogs.id))
    .limit(query.limit);
  return rows.map((l) => ({
    id: l.id,
    level: l.level,
    category: l.category,
    message: l.message,
    component: l.component,
    requestId: l.requestId,
    timestamp: l.timestamp.toISOString(),
  }));
}

export async function listPerformance(
  db: Database,
  query: { metricType?: string; limit: number },
): Promise<PerformanceMetric[]> {
  const rows = await db
    .select()
    .from(performanceMetrics)
    .where(query.metricType ? eq(performanceMetrics.metricType, query.metricType) : undefined)
    .orderBy(desc(performanceMetrics.timestamp), desc(performanceMetrics.id))
    .limit(query.limit);
  return rows.map((m) => ({
    id: m.id,
    metricType: m.metricType,
    metricName: m.metricName,
    value: m.value,
    unit: m.unit,
    endpoint: m.endpoint,
    timestamp: m.timestamp.toISOString(),
  }));
}

const resolver = alias(users, "resolver");
/** The group's newest occurrence's own message (the group keeps only the normalised one); through the fingerprint index. */
const latestMessage = sql<
  string | null
>`(select ${errorLogs.message} from ${errorLogs} where ${errorLogs.fingerprint} = ${errorGroups.fingerprint} order by ${errorLogs.timestamp} desc limit 1)`;

const errorColumns = {
  group: errorGroups,
  latestMessage,
  resolver: { username: resolver.username, firstName: resolver.firstName, lastName: resolver.lastName },
};

type ErrorRow = {
  group: typeof errorGroups.$inferSelect;
  latestMessage: string | null;
  resolver: { username: string | null; firstName: string | null; lastName: string | null } | null;
};

const severity = (value: string): Severity =>
  (SEVERITIES as readonly string[]).includes(value) ? (value as Severity) : "medium";

function errorRecord({ group, latestMessage, resolver }: ErrorRow): ErrorRecord {
  return {
    id: group.id,
    severity: severity(group.severity),
    errorType: group.errorType,
    message: latestMessage ?? group.message,
    component: group.component,
    timestamp: group.lastSeen.toISOString(),
    resolved: group.resolved,
    firstSeen: group.firstSeen.toISOString(),
    occurrences: group.occurrences,
    regressed: group.regressedAt !== null,
    resolvedAt: group.resolvedAt?.toISOString() ?? null,
    resolvedBy: resolver?.username
      ? displayName({ username: resolver.username, firstName: resolver.firstName, lastName: resolver.lastName })
      : null,
  };
}

function selectErrors(db: Database, where: SQL | undefined) {
  return db
    .select(errorColumns)
    .from(errorGroups)
    .leftJoin(resolver, eq(resolver.id, errorGroups.resolvedBy))
    .where(where);
}

/** One record per error group, most recently seen first. */
export async function listErrors(db: Database, query: { resolved?: boolean; limit: number }): Promise<ErrorRecord[]> {
  const rows = await selectErrors(
    db,
    query.resolved === undefined ? undefined : eq(errorGroups.resolved, query.resolved),
  )
    .orderBy(desc(errorGroups.lastSeen), desc(errorGroups.id))
    .limit(query.limit);
  return (rows as ErrorRow[]).map(errorRecord);
}

/** How many occurrences the detail shows. */
const DETAIL_OCCURRENCES = 20;

/** An error group's id from the path: a 400 for something that cannot be one. */
export function parseErrorId(id: string | undefined): string {
  const parsed = z.guid().safeParse(id);
  if (!parsed.success) throw new AnalyticsRefusal(400, refusals.badId, "VALIDATION_ERROR");
  return parsed.data;
}

async function findError(db: Database, id: string): Promise<ErrorRecord & { fingerprint: string }> {
  const [row] = (await selectErrors(db, eq(errorGroups.id, id)).limit(1)) as ErrorRow[];
  if (!row) throw new AnalyticsRefusal(404, refusals.notFound, "NOT_FOUND");
  return { ...errorRecord(row), fingerprint: row.group.fingerprint };
}

const whereOf = (context: Record<string, unknown> | null): string | null => {
  if (!context) return null;
  if (typeof context.method === "string" && typeof context.path === "string")
    return `${context.method} ${context.path}`;
  if (typeof context.page === "string") return context.page;
  if (typeof context.path === "string") return context.path;
  return null;
};

export async function errorDetail(db: Database, id: string): Promise<ErrorDetail> {
  const { fingerprint, ...record } = await findError(db, id);
  const rows = await db
    .select()
    .from(errorLogs)
    .where(eq(errorLogs.fingerprint, fingerprint))
    .orderBy(desc(errorLogs.timestamp), desc(errorLogs.id))
    .limit(DETAIL_OCCURRENCES);
  const recent: ErrorOccurrence[] = rows.map((o) => ({
    id: o.id,
    timestamp: o.timestamp.toISOString(),
    message: o.message,
    errorCode: o.errorCode,
    requestId: o.requestId,
    where: whereOf(o.context),
    stackTrace: o.stackTrace,
  }));
  return { ...record, recent };
}

/**
 * Mark Resolved: records when and by whom; a group already resolved answers 409 (also when two
 * people resolve it at once: the update only applies to an open group). Clears the regression.
 */
export async function resolveError(
  db: Database,
  id: string,
  resolverId: string,
  now = new Date(),
): Promise<ErrorRecord> {
  await findError(db, id);
  const updated = await db
    .update(errorGroups)
    .set({ resolved: true, resolvedAt: now, resolvedBy: resolverId, regressedAt: null })
    .where(and(eq(errorGroups.id, id), eq(errorGroups.resolved, false)))
    .returning({ id: errorGroups.id });
  if (updated.length === 0) throw new AnalyticsRefusal(409, refusals.alreadyResolved, "ALREADY_RESOLVED");
  const { fingerprint: _, ...record } = await findError(db, id);
  return record;
}
