import type { AuditCategory } from "#core/analytics/audit.ts";
import { systemLogs } from "#db/schema/observability.ts";
import type { HousekeeperBinding } from "#server/analytics/housekeeping.ts";
import { hashAddress, visitorSalt } from "#server/analytics/privacy.ts";
import { type ObservabilityContext, writeObservability, writeObservabilityWhenReady } from "./recorder.ts";

/**
 * Audit trail for authentication attempts, refused authorisations (OWASP ASVS 5.0 V16) and the
 * acts of assisted-digital sessions and of administrators, written to system_logs; `audit()` adds
 * the row to the request's observability batch (written after the response, recorder.ts), so it
 * never delays or breaks the answer.
 *
 * No row keeps a raw client address (issue 20, ADR 031): the address becomes the day's keyed code
 * of it, the same HMAC-SHA256 under the Housekeeper's random daily salt that usage analytics keeps
 * (server/analytics/privacy.ts). Rows from one address on one day share a code, so an attack can
 * still be traced through a day; once the day's salt is gone, nobody can tell which address it was.
 */

// The audit categories are the core's (core/analytics/audit.ts, AUDIT_CATEGORIES): the /analytics
// screen filters by them and the Housekeeper keeps them for the audit period.

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
  /** The client address the act came from: never stored as it is (`audit()` keeps the day's code of it). */
  ip?: string | null;
  /** Further facts for screens to read (free text stays here, never in the log line). */
  details?: Record<string, unknown>;
}

/**
 * The system_logs row an audit event is written as: a line for people reading logs (user input
 * escaped), and the same facts structured in `metadata`, which screens read instead of the line
 * (server/dashboard/audit-events.ts). `at` is also kept as ISO 8601 in UTC beside the row's own
 * Unix-ms timestamp. `metadata.ip` holds `addressCode` (the day's code of the address, `audit()`
 * works it out), never `event.ip`.
 */
export function auditRow(
  event: Omit<AuditEvent, "ip">,
  requestId: string | null,
  at: Date,
  addressCode: string | null = null,
): typeof systemLogs.$inferInsert {
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
      ip: addressCode,
      username: event.username?.slice(0, 64) ?? null,
    },
    timestamp: at,
  };
}

/** A worker's bindings when they include the Housekeeper (the web worker's do; the verifier and status workers' do not). */
function housekeeperOf(env: unknown): HousekeeperBinding | null {
  return typeof env === "object" && env !== null && "HOUSEKEEPER" in env ? (env as HousekeeperBinding) : null;
}

/**
 * The day's code of a client address as the audit trail keeps it: 64 hex characters, or null where
 * the worker cannot reach the day's salt (it then keeps no address at all) or the address is unknown.
 */
async function auditAddressCode(env: unknown, address: string, at: Date): Promise<string | null> {
  const binding = housekeeperOf(env);
  if (!binding || address === "unknown") return null;
  try {
    return await hashAddress(await visitorSalt(binding, at), address);
  } catch (error) {
    // The row is still written, without an address, rather than lost.
    console.error("audit: no salt for the client address", error);
    return null;
  }
}

/**
 * Writes an audit event with the request's other observability rows, after the response (or at once
 * without a request recorder). `context.env` is the worker's bindings, for the daily salt.
 */
export function audit(context: ObservabilityContext & { env?: unknown }, event: AuditEvent, at = new Date()): void {
  const { ip, ...rest } = event;
  const row = (code: string | null) =>
    context.db.insert(systemLogs).values(auditRow(rest, context.requestId, at, code));
  if (!ip) {
    writeObservability(context, [row(null)]);
    return;
  }
  writeObservabilityWhenReady(
    context,
    auditAddressCode(context.env, ip, at).then((code) => [row(code)]),
  );
}
