import * as z from "zod";
import { base64urlDecodeText, base64urlEncodeText } from "#core/credentials/encoding.ts";
import { isoDateTime, ONCE_FIELDS_PASS, specWording } from "#core/validation/wording.ts";
import { DEFAULT_LIMITS, limitParameter } from "./dashboard.ts";

/**
 * The security audit log's contract (issue 13 "Audit"): the system_logs categories that make up
 * the audit trail, the query `GET /api/analytics/audit` takes and the page it answers, shared by
 * the server that writes and reads the rows and the /analytics screen that filters them.
 */

/**
 * The system_logs categories that make up the audit trail: kept for the audit trail's own period
 * (core/privacy/retention.ts), not the analytics retention period. A later audit category goes here.
 */
export const AUDIT_CATEGORIES = ["auth", "authz", "assisted", "admin", "security", "agents", "audit"] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

/**
 * The fixed event phrases written today, offered as suggestions by the screen's Event filter (the
 * filter takes any phrase: an event added later is found by typing it).
 */
export const KNOWN_AUDIT_EVENTS: Record<AuditCategory, readonly string[]> = {
  auth: [
    "login succeeded",
    "login failed",
    "login refused",
    "logout",
    "account registered",
    "registration refused",
    "passkey added",
    "passkey removed",
    "passkey registration refused",
    "passkey sign-in succeeded",
    "passkey sign-in failed",
  ],
  authz: ["permission denied"],
  assisted: [
    "Session started",
    "Approval requested",
    "Approval given",
    "Approval denied",
    "Approval void",
    "Supervisor called",
    "Credentials issued",
    "Session ended",
    "Records read",
    "Paper credentials printed",
  ],
  admin: [
    "credential revoked",
    "organisation registered",
    "organisation member assigned",
    "organisation attestation renewed",
    "error resolved",
  ],
  security: [
    "share revoked",
    "older copy revoked",
    "API key created",
    "API key revoked",
    "wallet app authorised",
    "wallet app refused",
  ],
  agents: [
    "agents paused",
    "agents resumed",
    "emergency stop",
    "agent policy changed",
    "human review approved",
    "human review escalated",
    "human review assigned",
    "agents run now",
  ],
  audit: [],
};

/** Where the next page starts: the last entry shown (newest first, by time then id). */
export interface AuditCursor {
  at: number;
  id: string;
}

/** An opaque paging token: the client hands back what the last page said, nothing it made itself. */
export const encodeAuditCursor = (cursor: AuditCursor): string => base64urlEncodeText(`${cursor.at}.${cursor.id}`);

function decodeAuditCursor(token: string): AuditCursor | null {
  try {
    const match = /^(\d{1,15})\.([A-Za-z0-9:_-]{1,100})$/.exec(base64urlDecodeText(token));
    return match ? { at: Number(match[1]), id: match[2]! } : null;
  } catch {
    return null;
  }
}

const utcInstant = (name: string) =>
  isoDateTime({ error: `${name} must be a UTC time in ISO 8601, e.g. 2026-11-24T09:30:00Z` }).transform(
    (value) => new Date(value),
  );

const phrase = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(64, `${name} must be at most 64 characters`);

export const AuditQuery = z
  .object(
    {
      category: z.enum(AUDIT_CATEGORIES, { error: specWording }).optional(),
      /** A fixed event phrase, matched whole and without regard to case. */
      event: phrase("event").optional(),
      /** The account's username or the name typed at a sign-in (whole, without regard to case). */
      username: phrase("username").optional(),
      userId: z.guid("userId must be a UUID").optional(),
      from: utcInstant("from").optional(),
      to: utcInstant("to").optional(),
      limit: limitParameter(DEFAULT_LIMITS.audit),
      cursor: z
        .string()
        .max(200, "cursor is not one this list gave")
        .transform((token, ctx) => {
          const cursor = decodeAuditCursor(token);
          if (!cursor)
            ctx.addIssue({
              code: "custom",
              message: "cursor is not one this list gave: use nextCursor from the previous page",
            });
          return cursor ?? z.NEVER;
        })
        .optional(),
    },
    // The query's own refusals (an unknown parameter, an unknown category) in the words of the rest of the API.
    { error: specWording },
  )
  .strict()
  .refine((query) => !query.from || !query.to || query.from.getTime() <= query.to.getTime(), {
    message: "from must not be after to",
    path: ["from"],
    ...ONCE_FIELDS_PASS,
  });
export type AuditQuery = z.infer<typeof AuditQuery>;

/**
 * One audit event as the screen shows it. Free text (names typed at a sign-in, reasons people
 * wrote, details) comes escaped as the log line escapes it: control characters, line separators
 * and quotes as visible escapes, so nothing shown can pass for another entry.
 */
export interface AuditEntry {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
  level: string;
  category: string;
  /** The fixed phrase, e.g. "login failed". */
  event: string;
  /** The stored log line. */
  message: string;
  component: string | null;
  userId: string | null;
  /** The name the event recorded (typed at a sign-in), else the account's username. */
  username: string | null;
  /** The day's code of the client address (HMAC under the day's salt, ADR 031), never the address; null when none was kept. */
  ip: string | null;
  /** Our own id of the request that caused it (X-Request-Id), when a request did. */
  requestId: string | null;
  /** A fixed reason code, e.g. "bad_password". */
  reason: string | null;
  details: { name: string; value: string }[];
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor of the next (older) page, or null on the last page. */
  nextCursor: string | null;
}

/** An instant as the screen shows it: ISO 8601 in UTC to the second ("2026-11-24T09:30:05Z"). */
export const isoUtcSeconds = (iso: string): string => `${new Date(iso).toISOString().slice(0, 19)}Z`;
