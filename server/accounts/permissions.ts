import { effectiveRole, type KnownRole, type PublicUser } from "#core/accounts/users.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { requireUser } from "./authentication.ts";
import type { SessionBindings } from "./session.ts";

/**
 * Who may do what, decided on the server per function and per object (OWASP ASVS 5.0
 * "Authorisation"). The role is read from the user row on every request (authentication.ts), so a
 * role change takes effect at once. Unknown roles count as citizen (spec 000 §6). Later issues add
 * actions here; the UI may use `can` to hide controls, but only the server's answer counts.
 */
const ANY: readonly KnownRole[] = ["admin", "verifier", "operator", "citizen"];

interface Rule {
  roles: readonly KnownRole[];
  /**
   * Only the owner of the resource named may act on it, whatever the role: a wallet's credentials
   * are personal, not something an administrator browses. Without a resource, the answer is no.
   */
  ownerOnly?: boolean;
}

const RULES = {
  "view:dashboard": { roles: ANY },
  // Logs and events include usernames and client addresses: administrators only.
  "view:analytics": { roles: ["admin"] },
  // Mark Resolved on an error group (issue 12): administrators, who also read the errors.
  "resolve:errors": { roles: ["admin"] },
  "manage:users": { roles: ["admin"] },
  // The trust list (ADR 050): administrators propose, approve, reject and retire; a second one approves.
  "manage:trust-list": { roles: ["admin"] },
  "verify:credentials": { roles: ["verifier", "admin"] },
  "run:assisted-sessions": { roles: ["operator", "admin"] },
  // Gabriel (issue 11): administrators and operators review the cases agents raise; only administrators control the agents.
  "review:hitl": { roles: ["admin", "operator"] },
  "control:agents": { roles: ["admin"] },
  "hold:credentials": { roles: ANY, ownerOnly: true },
  // Revocation is the authority's act; on this platform, an administrator's.
  "revoke:credentials": { roles: ["admin"] },
} satisfies Record<string, Rule>;

export type Action = keyof typeof RULES;
export const ACTIONS = Object.keys(RULES) as Action[];

/** The object acted on, when the decision depends on it. */
export interface Resource {
  ownerId?: string | null;
}

type Subject = Pick<PublicUser, "id" | "role">;

export function can(user: Subject | null | undefined, action: Action, resource?: Resource): boolean {
  if (!user) return false;
  const rule: Rule | undefined = RULES[action];
  if (!rule) return false;
  if (!rule.roles.includes(effectiveRole(user.role))) return false;
  // An owner-only action with no object named has no owner to match: refused, not waved through.
  if (rule.ownerOnly && (!resource || resource.ownerId !== user.id)) return false;
  return true;
}

/**
 * The signed-in user when they may do `action` (on `resource`); otherwise a thrown 401 (not
 * signed in, from requireUser) or 403 JSON, with the refusal written to the audit log.
 */
export async function requirePermission(
  request: Request,
  context: Pick<RequestContext<SessionBindings>, "db" | "ctx" | "requestId" | "env">,
  action: Action,
  resource?: Resource,
): Promise<PublicUser> {
  const user = await requireUser(request, context);
  if (can(user, action, resource)) return user;
  auditRefusal(request, context, user, action);
  throw Response.json({ message: "Forbidden" }, { status: 403 });
}

/** A refused authorisation in the audit log (OWASP ASVS 5.0: log failed authorisations). */
export function auditRefusal(
  request: Request,
  context: Pick<RequestContext, "db" | "ctx" | "requestId" | "env">,
  user: Pick<PublicUser, "id" | "username">,
  action: Action,
): void {
  auditAct(context, request, user, { level: "warn", category: "authz", event: "permission denied", reason: action });
}
