/**
 * Registering a verifier organisation and renewing its attestation: administrators' acts in the
 * web worker, the only worker holding the trust anchor's key (ADR 034). The verifier worker lists
 * organisations and reads their attestations; it can no longer register one.
 */
import type * as z from "zod";
import { effectiveRole } from "#core/accounts/users.ts";
import { normaliseBase, publicOrigin } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { findUserByUsername } from "#server/accounts/authentication.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import type { OrganisationBody } from "./api-schemas.ts";
import { type RenewalRun, renewAttestation, renewAttestations, trustAnchorOf } from "./attestation.ts";
import { assignMember, registerOrganisation } from "./organisations.ts";
import { verificationErrors } from "./worded.ts";

/** What the web worker signs with: its bindings of the trust anchor and the identifier base. */
export interface AnchorBindings {
  TRUST_ANCHOR_SIGNING_KEY?: string | undefined;
  VERIFIER_PUBLIC_KEYS?: string | undefined;
  PUBLIC_BASE_URL?: string | undefined;
}

/**
 * The base an organisation's identifier is fixed to when it is registered: PUBLIC_BASE_URL where
 * configured (production), otherwise the origin the administrator reached the web worker on
 * (a local stack). Stored with the organisation: later requests, through whatever host, keep it.
 */
const identifierBaseFor = (env: AnchorBindings, requestUrl: string) => publicOrigin(env.PUBLIC_BASE_URL, requestUrl);

export interface RegisteredOrganisation {
  organisation: { id: string; name: string; allowedChecks: string[]; attestationExpiresAt: string };
  /** The verifier account put in it, when one was named. */
  member?: { id: string; username: string };
}

/**
 * Registers an organisation (its attestation signed and stored with it) and puts the named
 * verifier in it. A member that is not a verifier account is refused (400) before anything is written.
 */
export async function registerVerifierOrganisation(
  context: { db: Database; env: AnchorBindings; requestUrl: string },
  input: z.output<typeof OrganisationBody>,
  adminId: string,
  now = new Date(),
): Promise<RegisteredOrganisation> {
  let member: RegisteredOrganisation["member"];
  if (input.memberUsername) {
    const user = await findUserByUsername({ db: context.db }, input.memberUsername);
    if (!user || effectiveRole(user.role) !== "verifier")
      throw new WordedServiceError(400, verificationErrors.memberNotVerifier, "VALIDATION_ERROR");
    member = { id: user.id, username: user.username };
  }
  const organisation = await registerOrganisation(
    context.db,
    { name: input.name, allowedChecks: [...new Set(input.allowedChecks)], webOrigins: input.webOrigins },
    adminId,
    {
      anchor: await trustAnchorOf(context.env),
      identifierBase: identifierBaseFor(context.env, context.requestUrl),
      now,
    },
  );
  if (member) await assignMember(context.db, member.id, organisation.id);
  return { organisation, ...(member ? { member } : {}) };
}

/** An administrator signs an organisation's attestation again now (a rotated key, or before it ends). */
export async function renewOrganisationAttestation(
  context: { db: Database; env: AnchorBindings; requestUrl: string },
  organisationId: string,
  now = new Date(),
): Promise<{ id: string; name: string; attestationExpiresAt: string }> {
  const renewed = await renewAttestation(
    context.db,
    await trustAnchorOf(context.env),
    organisationId,
    now,
    identifierBaseFor(context.env, context.requestUrl),
  );
  if (!renewed) throw new WordedServiceError(404, verificationErrors.organisationNotFound, "NOT_FOUND");
  return { id: renewed.id, name: renewed.name, attestationExpiresAt: renewed.attestationExpiresAt.toISOString() };
}

/** The web worker's daily run (its cron trigger): every attestation due is signed again. */
export async function renewDueAttestations(db: Database, env: AnchorBindings, now: Date): Promise<RenewalRun> {
  const base = env.PUBLIC_BASE_URL ? normaliseBase(env.PUBLIC_BASE_URL) : undefined;
  return renewAttestations(db, await trustAnchorOf(env), now, base);
}
