/**
 * Who may use the Verifier Portal's pages (/verifier, /verifier/history, /verifier/api-docs), as
 * the verifier worker decides for its API (server/verification/actor.ts): a signed-in verifier or
 * administrator, acting for the verifier organisation their account belongs to
 * (users.organisationId). Visitors are sent to /login; anyone else is refused, and the pages answer
 * 403 with a page that says why.
 */
import { effectiveRole, type PublicUser } from "#core/accounts/users.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { getActiveSession, type SessionContext } from "#server/accounts/session.ts";
import { findOrganisation, type Organisation } from "./organisations.ts";

/** Why a signed-in person cannot use the portal: their role, or no organisation to act for. */
export type PortalRefusal = "role" | "organisation";

type PortalAccess = { ok: true; user: PublicUser; organisation: Organisation } | { ok: false; refused: PortalRefusal };

/** A signed-in verifier or administrator, or why not (the API documentation needs no more). */
export async function verifierRole(
  request: Request,
  context: SessionContext,
): Promise<{ ok: true; user: PublicUser } | { ok: false; refused: PortalRefusal }> {
  const user = await requireUser(request, context);
  const role = effectiveRole(user.role);
  return role === "verifier" || role === "admin" ? { ok: true, user } : { ok: false, refused: "role" };
}

/** The signed-in verifier and the organisation they act for, or why not. */
export async function portalAccess(request: Request, context: SessionContext): Promise<PortalAccess> {
  const person = await verifierRole(request, context);
  if (!person.ok) return person;
  // The same session read requireUser made (one per GET request), so no second query.
  const organisationId = (await getActiveSession(request, context))?.user.organisationId ?? null;
  const organisation = organisationId ? await findOrganisation(context.db, organisationId) : undefined;
  return organisation ? { ok: true, user: person.user, organisation } : { ok: false, refused: "organisation" };
}
