import { and, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import {
  AUDIT_CATEGORIES,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  encodeAuditCursor,
} from "#core/analytics/audit.ts";
import type { Database } from "#db/client.ts";
import { systemLogs, users } from "#db/schema/index.ts";
import { sanitiseForLog } from "#server/observability/audit.ts";

/**
 * The security audit log as administrators read it (issue 13 "Audit"; GET /api/analytics/audit):
 * the audit categories' system_logs rows (server/observability/audit.ts writes them), newest
 * first, filtered by category, event, person and UTC time range, paged by a cursor (time, then
 * id) so a page never repeats or skips a row however many are written meanwhile.
 */

/** The metadata keys shown in their own columns; every other key is a detail. */
const OWN_COLUMNS = new Set(["at", "event", "reason", "ip", "username"]);
/** How much of a free-text value is shown (escaped): enough to read, never a page of it. */
const SHOWN_CHARACTERS = 300;

const jsonText = (path: string) => sql<string | null>`json_extract(${systemLogs.metadata}, ${path})`;
const sameText = (column: SQL | typeof users.username, value: string) => sql`lower(${column}) = lower(${value})`;

export async function listAudit(db: Database, query: AuditQuery): Promise<AuditPage> {
  const where: (SQL | undefined)[] = [
    inArray(systemLogs.category, query.category ? [query.category] : [...AUDIT_CATEGORIES]),
  ];
  if (query.event) where.push(sameText(jsonText("$.event"), query.event));
  if (query.userId) where.push(eq(systemLogs.userId, query.userId));
  // The account's name, or the name typed at a sign-in that names no account (or got the password wrong).
  if (query.username)
    where.push(or(sameText(jsonText("$.username"), query.username), sameText(users.username, query.username)));
  if (query.from) where.push(gte(systemLogs.timestamp, query.from));
  if (query.to) where.push(lte(systemLogs.timestamp, query.to));
  if (query.cursor) {
    const at = new Date(query.cursor.at);
    where.push(or(lt(systemLogs.timestamp, at), and(eq(systemLogs.timestamp, at), lt(systemLogs.id, query.cursor.id))));
  }
  const rows = await db
    .select({ log: systemLogs, account: users.username })
    .from(systemLogs)
    .leftJoin(users, eq(users.id, systemLogs.userId))
    .where(and(...where))
    .orderBy(desc(systemLogs.timestamp), desc(systemLogs.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ log, account }) => auditEntry(log, account)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeAuditCursor({ at: last.log.timestamp.getTime(), id: last.log.id })
        : null,
  };
}

const escaped = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  return sanitiseForLog(typeof value === "string" ? value : JSON.stringify(value), SHOWN_CHARACTERS);
};

function auditEntry(log: typeof systemLogs.$inferSelect, account: string | null): AuditEntry {
  const metadata = log.metadata ?? {};
  return {
    id: log.id,
    at: log.timestamp.toISOString(),
    level: log.level,
    category: log.category,
    event: escaped(metadata.event) ?? log.message,
    message: log.message,
    component: log.component,
    userId: log.userId,
    username: escaped(metadata.username) ?? escaped(account),
    ip: escaped(metadata.ip),
    requestId: log.requestId,
    reason: escaped(metadata.reason),
    details: Object.entries(metadata)
      .filter(([name, value]) => !OWN_COLUMNS.has(name) && value !== null && value !== undefined)
      .map(([name, value]) => ({ name: sanitiseForLog(name), value: escaped(value)! })),
  };
}
