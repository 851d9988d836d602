import type { AuditCategory } from "#core/analytics/audit.ts";
import { systemLogs } from "#db/schema/observability.ts";
import { type ObservabilityContext, writeObservability } from "./recorder.ts";

/**
 * Audit trail for authentication attempts, refused authorisations (OWASP ASVS 5.0 V16) and the
 * acts of assisted-digital sessions and of administrators, written to system_logs; `audit()` adds
 * the row to the request's observability batch (written after the response, recorder.ts), so it
 * never delays or breaks the answer.
 */

// The audit categories are the core's (core/analytics/audit.ts): the /analytics screen filters by them too.
export { AUDIT_CATEGORIES } from "#core/analytics/audit.ts";

/**
 * User-supplied text made safe to embed in a log line: control characters (CR, LF, ESC …) and
 * Unicode line separators become visible escapes, so input cannot start a forged line; so do
 * invisible and direction-changing characters (zero-width space, right-to-left override …), so a
 * name cannot look like another on screen; quotes and backslashes are escaped, so it cannot close
 * its field. Long input is cut.
 */
export function sanitiseForLog(value: string, max = 64): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are escaped
  const escaped = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"\\]/g, (c) =>
    c === '"' || c === "\\" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

export interface AuditEvent {
  level: "info" | "warn";
  category: AuditCategory;
  /** What wrote it: "auth" unless said. */
  component?: string;
  /** A fixed phrase chosen by the server, e.g. "login failed"; never user input (that goes in `username` or `details`). */
  event: string;
  username?: string;
  userId?: string;
  reason?: string;
  ip?: string | null;
  /** Further facts for screens to read (free text stays here, never in the log line). */
  details?: Record<string, unknown>;
}

/**
 * The system_logs row an audit event is written as: a line for people reading logs (user input
 * escaped), and the same facts structured in `metadata`, which screens read instead of the line
 * (server/dashboard/audit-events.ts). `at` is also kept as ISO 8601 in UTC beside the row's own
 * Unix-ms timestamp.
 */
export function auditRow(event: AuditEvent, requestId: string | null, at: Date): typeof systemLogs.$inferInsert {
  const who = event.username === undefined ? "" : ` user="${sanitiseForLog(event.username)}"`;
  // Reasons are fixed codes; escaped all the same, so a caller that one day passes text cannot break the line.
  const why = event.reason ? ` reason=${sanitiseForLog(event.reason)}` : "";
  return {
    level: event.level,
    category: event.category,
    message: `${event.event}${who}${why}`,
    component: event.component ?? "auth",
    userId: event.userId ?? null,
    requestId,
    metadata: {
      ...event.details,
      at: at.toISOString(),
      event: event.event,
      reason: event.reason ?? null,
      ip: event.ip ?? null,
      username: event.username?.slice(0, 64) ?? null,
    },
    timestamp: at,
  };
}

/** Writes an audit event with the request's other observability rows, after the response (or at once without a request recorder). */
export function audit(context: ObservabilityContext, event: AuditEvent, at = new Date()): void {
  writeObservability(context, [context.db.insert(systemLogs).values(auditRow(event, context.requestId, at))]);
}
