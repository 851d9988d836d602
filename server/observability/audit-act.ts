import type { AuditCategory } from "#core/analytics/audit.ts";
import { clientAddress } from "#server/accounts/authentication.ts";
import { audit } from "./audit.ts";
import type { ObservabilityContext } from "./recorder.ts";

/** The signed-in person who acted, as the audit log names them. */
export interface ActingPerson {
  id: string;
  username: string;
}

/**
 * Where the act came from: the request (its client address is read from it), the client address
 * already read from it, or null where the code that acts is not given the request.
 */
export type ActOrigin = Request | string | null;

/** What they did: a fixed phrase (never user input) in its category, and the facts screens read. */
export interface Act {
  category: AuditCategory;
  /** What wrote it: "shares", "gabriel", "credentials" …; "auth" unless said. */
  component?: string;
  event: string;
  /** A fixed reason code for a refusal or failure, e.g. "bad_password". */
  reason?: string;
  details?: Record<string, unknown>;
  level?: "info" | "warn";
}

/**
 * The audit row of a person's act through a request (issue 20): who (their id and username), from
 * which address (kept as the day's code of it, audit.ts), when, and what, written with the
 * request's other observability rows after the response. The one way a person's act is audited, so
 * every such row names the same facts. An attempt names as much of the person as is known: a
 * refused sign-in, the name typed; a passkey that matches no account, nobody.
 */
export function auditAct(
  context: ObservabilityContext & { env?: unknown },
  from: ActOrigin,
  person: Partial<ActingPerson>,
  act: Act,
): void {
  audit(context, {
    level: act.level ?? "info",
    category: act.category,
    component: act.component,
    event: act.event,
    username: person.username,
    userId: person.id,
    reason: act.reason,
    ip: from instanceof Request ? clientAddress(from) : from,
    details: act.details,
  });
}
