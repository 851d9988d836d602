/**
 * Audit rows (system_logs, written by server/observability/audit.ts) as people read them: the
 * admin's System Events ("Sign-in: admin") and a citizen's own Recent Activity ("Signed in").
 * Built from the structured fields the rows carry (`metadata.event`, `metadata.reason`, the
 * user the row is about), never by showing the raw log line.
 */
import { capitalise, inWords } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";

export interface AuditRow {
  level: string;
  category: string;
  metadata: Record<string, unknown> | null;
  /** The account the row is about, when it names one that exists. */
  username: string | null;
}

export interface DescribedEvent {
  title: string;
  detail: string;
  tone: Tone;
}

/** Whose view: an administrator reading everyone's events, or the person reading their own. */
export type Perspective = "admin" | "self";

const REASONS: Record<string, string> = {
  bad_password: "Wrong password",
  unknown_user: "No account has this username",
  throttled: "Too many attempts: paused for a while",
};

/** The username a row names: the account it is about, else the one typed (a failed sign-in for an unknown name). */
function nameOf(row: AuditRow): string | null {
  if (row.username) return row.username;
  return typeof row.metadata?.username === "string" ? row.metadata.username : null;
}

export function describeAuditEvent(row: AuditRow, perspective: Perspective): DescribedEvent {
  const event = typeof row.metadata?.event === "string" ? row.metadata.event : "activity";
  const reason = typeof row.metadata?.reason === "string" ? row.metadata.reason : null;
  const who = nameOf(row) ?? "unknown";
  const admin = perspective === "admin";
  const because = (fallback: string) => (reason ? (REASONS[reason] ?? fallback) : fallback);
  switch (event) {
    case "login succeeded":
      return { title: admin ? `Sign-in: ${who}` : "Signed in", detail: "With username and password", tone: "ok" };
    case "login failed":
      return {
        title: admin ? `Failed sign-in: ${who}` : "Failed sign-in to your account",
        detail: because("Sign-in refused"),
        tone: "warn",
      };
    case "login refused":
      return {
        title: admin ? `Sign-in blocked: ${who}` : "Sign-in to your account blocked",
        detail: because("Sign-in refused"),
        tone: "bad",
      };
    case "account registered":
      return {
        title: admin ? `New account: ${who}` : "Account created",
        detail: "Registered with username and password",
        tone: "ok",
      };
    case "registration refused":
      return {
        title: admin ? `Registration blocked: ${who}` : "Registration blocked",
        detail: because("Registration refused"),
        tone: "bad",
      };
    case "logout":
      return { title: admin ? `Sign-out: ${who}` : "Signed out", detail: "Session ended", tone: "info" };
    case "permission denied":
      return {
        title: admin ? `Access refused: ${who}` : "Access refused",
        detail: reason ? `Not allowed to ${inWords(reason)}` : "Not allowed",
        tone: "warn",
      };
    default:
      // An event added after this was written: its own words, and how serious the log says it is.
      return {
        title: capitalise(event),
        detail: capitalise(row.category),
        tone: row.level === "error" ? "bad" : row.level === "warn" ? "warn" : "info",
      };
  }
}
