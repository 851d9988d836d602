import type { AuditCategory } from "#core/analytics/audit.ts";
import { clientAddress } from "#server/accounts/authentication.ts";
import { audit } from "./audit.ts";
import type { ObservabilityContext } from "./recorder.ts";

/** The signed-in person who acted, as the audit log names them. */
export interface ActingPerson {
  id: string;
  username: string;
}

/** What they did: a fixed phrase (never user input) in its category, and the facts screens read. */
export interface Act {
  category: AuditCategory;
  /** What wrote it: "shares", "gabriel", "credentials" … */
  component: string;
  event: string;
  details: Record<string, unknown>;
  level?: "info" | "warn";
}

/**
 * The audit row of a person's act through a request (issue 20): who (their id and username), from
 * which address, when, and what, written with the request's other observability rows after the
 * response (audit.ts). The one way a person's act is audited, so every such row names the same facts.
 */
export function auditAct(context: ObservabilityContext, request: Request, person: ActingPerson, act: Act): void {
  audit(context, {
    level: act.level ?? "info",
    category: act.category,
    component: act.component,
    event: act.event,
    username: person.username,
    userId: person.id,
    ip: clientAddress(request),
    details: act.details,
  });
}
