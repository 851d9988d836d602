/**
 * Who is calling the verifier API (issue 9): a signed-in verifier or administrator (the web
 * session, read fresh so a role change takes effect at once), or a verifier organisation's API
 * key (`Authorization: Bearer ukid_live_...`). Citizens get 403, anonymous callers 401. A
 * verifier acts for their organisation only; an administrator may read every organisation's
 * records and acts for their own organisation when they have one.
 */
import { displayName, effectiveRole } from "#core/accounts/users.ts";
import { auditRefusal, can } from "#server/accounts/permissions.ts";
import { getActiveSession, type SessionBindings } from "#server/accounts/session.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { organisationForApiKey, touchApiKey } from "./organisations.ts";
import { verificationErrors } from "./worded.ts";

export type Actor =
  | {
      kind: "user";
      userId: string;
      username: string;
      role: "verifier" | "admin";
      name: string;
      organisationId: string | null;
      /** The login session's row id: the grant a live feed is checked against (server/accounts/live-access.ts). */
      sid: string;
    }
  | { kind: "api-key"; keyId: string; organisationId: string };

export async function authenticateActor(
  request: Request,
  context: Pick<RequestContext<SessionBindings>, "db" | "ctx" | "requestId" | "env">,
): Promise<Actor> {
  const authorization = request.headers.get("Authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    const found = match ? await organisationForApiKey(context.db, match[1]!) : undefined;
    if (!found) throw new WordedServiceError(401, verificationErrors.unauthorized, "UNAUTHORIZED");
    context.ctx.waitUntil(touchApiKey(context.db, found).catch(() => undefined));
    return { kind: "api-key", keyId: found.keyId, organisationId: found.organisationId };
  }
  const session = await getActiveSession(request, context);
  if (!session) throw new WordedServiceError(401, verificationErrors.unauthorized, "UNAUTHORIZED");
  if (!can(session.user, "verify:credentials")) {
    auditRefusal(request, context, session.user, "verify:credentials");
    throw new WordedServiceError(403, verificationErrors.verifiersOnly, "FORBIDDEN");
  }
  const role = effectiveRole(session.user.role) as "verifier" | "admin";
  return {
    kind: "user",
    userId: session.user.id,
    username: session.user.username,
    role,
    name: displayName(session.user),
    organisationId: session.user.organisationId ?? null,
    sid: session.sid,
  };
}

/** The organisation the actor acts for, or a 403 saying why there is none. */
export function actingOrganisation(actor: Actor): string {
  if (actor.organisationId) return actor.organisationId;
  throw new WordedServiceError(403, verificationErrors.noOrganisation, "NO_ORGANISATION");
}

/** Whether the actor may read records of `organisationId` (administrators read all). */
export function canRead(actor: Actor, organisationId: string | null): boolean {
  if (actor.kind === "user" && actor.role === "admin") return true;
  return organisationId !== null && actor.organisationId === organisationId;
}

export function requireAdmin(actor: Actor): void {
  if (actor.kind !== "user" || actor.role !== "admin")
    throw new WordedServiceError(403, verificationErrors.adminsOnly, "FORBIDDEN");
}

export const actorUserId = (actor: Actor): string | null => (actor.kind === "user" ? actor.userId : null);
