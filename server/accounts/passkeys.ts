/**
 * Passkeys (WebAuthn with @simplewebauthn/server; ADR 021): registering one for the signed-in
 * person, signing in with one, listing and removing them.
 *
 * - Each ceremony's challenge is kept on the server (webauthn_challenges) under a random ceremony
 *   id, for one purpose (and, for a registration, one person), for five minutes. Finishing deletes
 *   the row in the statement that reads it (DELETE … RETURNING), so a challenge answers once and a
 *   replayed response finds nothing.
 * - The origin and RP ID are exact and come from configuration (relying-party.ts), never from the
 *   request. User verification is required on both ceremonies, and the UV flag is checked.
 * - A sign-in moves the credential's signature counter forward in one conditional UPDATE: a
 *   counter that did not go up (a cloned authenticator, or two uses of one assertion racing) is
 *   refused. Authenticators that keep no counter report 0 for ever, which stays allowed.
 * - A passkey sign-in is never stopped by the password lockout (ADR 007): it proves possession of a
 *   key, so there is nothing to guess, and it is the way in for someone whose account is locked.
 * - "Confirm it's you" with a passkey (ADR 030) is the same assertion over a ceremony of its own
 *   (`reauthentication`, for one person), allowing only that person's passkeys. Adding or removing a
 *   passkey needs such a confirmation, or the password's, on the session (server/accounts/reauth.ts),
 *   and each writes a notice in the person's Recent Activity.
 */

import { defineMessages } from "@formatjs/intl";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, isNull, lt } from "drizzle-orm";
import * as z from "zod";
import { base64urlDecode, base64urlEncode, base64urlEncodeText } from "#core/credentials/encoding.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { type Passkey, type User, users, webauthnChallenges, webauthnCredentials } from "#db/schema/accounts.ts";
import { ServiceError, serviceErrorResponse } from "#server/http/errors.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { type RelyingParty, type RelyingPartyBindings, relyingPartyFrom } from "./relying-party.ts";
import { securityNotice } from "./security-notices.ts";

/** How long a ceremony's challenge is good for. */
const CEREMONY_TTL_MS = 5 * 60 * 1000;
/** How long the browser waits for the authenticator (within the challenge's life). */
const AUTHENTICATOR_TIMEOUT_MS = 2 * 60 * 1000;
/** ES256, EdDSA, RS256: what platform authenticators and security keys make. */
const ALGORITHMS = [-7, -8, -257];
/** A person may keep this many passkeys (one per device and password manager is plenty). */
const MAX_PASSKEYS = 20;

export type PasskeyContext = Pick<
  RequestContext<RelyingPartyBindings>,
  "db" | "ctx" | "env" | "requestId" | "recorder"
>;

const PASSKEYS_UNAVAILABLE = "Passkeys are not available on this service yet.";
export const CEREMONY_EXPIRED = "This passkey request has expired or was already used. Please try again.";
const REGISTRATION_FAILED = "Your passkey could not be verified. Please try again.";
const ALREADY_REGISTERED = "This passkey is already registered.";
const TOO_MANY_PASSKEYS = `You can keep up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`;
export const SIGN_IN_FAILED = "That passkey could not sign you in. Try again, or sign in with your password.";
const PASSKEY_NOT_FOUND = "Passkey not found";
const CONFIRMATION_FAILED = "That passkey could not confirm it’s you. Try again, or enter your password.";

/** What signing in with a passkey can be refused with, in the page's language (issue 21); the codes stay. */
const signInWords = defineMessages({
  passkeys_unavailable: {
    id: "accounts.passkey.unavailable",
    defaultMessage: "Passkeys are not available on this service yet.",
  },
  ceremony_expired: {
    id: "accounts.passkey.ceremonyExpired",
    defaultMessage: "This passkey request has expired or was already used. Please try again.",
  },
  passkey_sign_in_failed: {
    id: "accounts.passkey.signInFailed",
    defaultMessage: "That passkey could not sign you in. Try again, or sign in with your password.",
  },
});

/** A refused passkey sign-in as the JSON answer (serviceErrorResponse's), its message in `locale`. */
export function passkeySignInRefusal(error: unknown, locale: Locale): Response {
  if (error instanceof ServiceError && Object.hasOwn(signInWords, error.code)) {
    const words = signInWords[error.code as keyof typeof signInWords];
    return serviceErrorResponse(new ServiceError(error.status, serverIntl(locale).formatMessage(words), error.code));
  }
  return serviceErrorResponse(error);
}

// ---------------------------------------------------------------------------------------------
// Input: what the browser sends back (@simplewebauthn/browser's JSON), checked before any use.

/** Unpadded base64url, as WebAuthn's JSON encodings use. */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, "Expected base64url");
/** A credential id is at most 1023 bytes (WebAuthn L3 §5.1): 1364 characters of base64url. */
const credentialId = base64url(1364);
/** A ceremony id: 32 random bytes. */
const CeremonyId = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Expected a ceremony id");

const Transports = z.array(z.string().max(32)).max(10);

const RegistrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(24_000),
    authenticatorData: base64url(8192).optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

const AuthenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/**
 * A passkey's name as the person typed it: trimmed, 1 to 60 characters, with no control,
 * line-separator or bidirectional-override characters (a name is shown back on /profile).
 */
const PasskeyName = z
  .string({ error: "Enter a name for your passkey" })
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "Enter a name for your passkey")
      .max(60, "Passkey name must be 60 characters or fewer")
      .regex(
        /^[^\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/u,
        "Passkey name must only include letters, numbers, spaces and punctuation",
      ),
  );

export const RegistrationVerifySchema = z.object({
  ceremonyId: CeremonyId,
  name: PasskeyName,
  response: RegistrationResponseSchema,
});
export const AuthenticationVerifySchema = z.object({ ceremonyId: CeremonyId, response: AuthenticationResponseSchema });

type RegistrationVerifyInput = z.infer<typeof RegistrationVerifySchema>;
type AuthenticationVerifyInput = z.infer<typeof AuthenticationVerifySchema>;

/**
 * The WebAuthn user handle of an account: the bytes of its id (a random UUID, so it says nothing
 * about the person). An authenticator returns it, base64url, with a discoverable credential's assertion.
 */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

// ---------------------------------------------------------------------------------------------
// Ceremonies

/** The configured relying party, or a 503 (thrown) when there is none. */
function requireRelyingParty(env: RelyingPartyBindings): RelyingParty {
  const rp = relyingPartyFrom(env);
  if (!rp) throw new ServiceError(503, PASSKEYS_UNAVAILABLE, "passkeys_unavailable");
  return rp;
}

type Purpose = (typeof webauthnChallenges.$inferSelect)["purpose"];

/** Keeps a new ceremony's challenge for CEREMONY_TTL_MS; answers its random id. Old ones are purged afterwards. */
async function beginCeremony(
  context: PasskeyContext,
  purpose: Purpose,
  challenge: string,
  userId: string | null,
  now: Date,
): Promise<string> {
  const id = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));
  await context.db
    .insert(webauthnChallenges)
    .values({ id, purpose, challenge, userId, expiresAt: new Date(now.getTime() + CEREMONY_TTL_MS), createdAt: now });
  context.ctx.waitUntil(purgeExpiredCeremonies(context.db, now).catch(() => undefined));
  return id;
}

/**
 * Ends a ceremony: deletes its row, if it is live and is for `purpose` (and `userId`), and answers
 * the challenge it held, in one statement. A second attempt with the same id finds nothing.
 */
async function consumeCeremony(
  db: Database,
  id: string,
  purpose: Purpose,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, now),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

async function purgeExpiredCeremonies(db: Database, now = new Date()): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}

export interface Ceremony<T> {
  ceremonyId: string;
  options: T;
}

/** Who is registering a passkey: the signed-in person. */
interface PasskeyOwner {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Starts registering a passkey for `owner`: a discoverable credential (so sign-in needs no
 * username), user verification required, no attestation (we trust no particular maker), and
 * the passkeys they already have excluded so one authenticator is not registered twice.
 */
export async function startPasskeyRegistration(
  context: PasskeyContext,
  owner: PasskeyOwner,
  now = new Date(),
): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
  const rp = requireRelyingParty(context.env);
  const existing = await context.db
    .select({ id: webauthnCredentials.id, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, owner.id));
  if (existing.length >= MAX_PASSKEYS) throw new ServiceError(409, TOO_MANY_PASSKEYS, "too_many_passkeys");
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: owner.username,
    userID: userHandleOf(owner.id),
    userDisplayName: [owner.firstName, owner.lastName].filter(Boolean).join(" ") || owner.username,
    timeout: AUTHENTICATOR_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: (c.transports ?? undefined) as AuthenticatorTransportFuture[] | undefined,
    })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { ceremonyId: await beginCeremony(context, "registration", options.challenge, owner.id, now), options };
}

/** A passkey as its owner sees it: never the public key or the counter. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsed: string | null;
  /** "multiDevice": synced by a password manager; "singleDevice": bound to one authenticator. */
  deviceType: string | null;
  backedUp: boolean;
}

const summary = (
  row: Pick<Passkey, "id" | "name" | "createdAt" | "lastUsed" | "deviceType" | "backedUp">,
): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsed: row.lastUsed?.toISOString() ?? null,
  deviceType: row.deviceType,
  backedUp: row.backedUp,
});

/**
 * What both ceremonies check besides their own parts: the challenge this ceremony issued, the exact
 * configured origin and RP ID, and the UP and UV flags.
 */
const expectations = (rp: RelyingParty, challenge: string) => ({
  expectedChallenge: challenge,
  expectedOrigin: rp.origin,
  expectedRPID: rp.id,
  requireUserVerification: true,
});

/** Short, line-free text of a library error for an audit row's details (the reason code stays fixed). */
const errorDetail = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, 200);

/**
 * Finishes a registration the signed-in `owner` started: the ceremony (theirs, live, unused), then
 * the attestation with the exact origin and RP ID and user verification required; stores the
 * passkey under the name they gave it. Throws a ServiceError (400, 409) when refused.
 */
export async function finishPasskeyRegistration(
  context: PasskeyContext,
  owner: Pick<PasskeyOwner, "id" | "username">,
  input: RegistrationVerifyInput,
  now = new Date(),
): Promise<PasskeySummary> {
  const rp = requireRelyingParty(context.env);
  const challenge = await consumeCeremony(context.db, input.ceremonyId, "registration", owner.id, now);
  if (!challenge) throw new ServiceError(400, CEREMONY_EXPIRED, "ceremony_expired");
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      ...expectations(rp, challenge),
      requireUserPresence: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    auditAct(context, null, owner, {
      level: "warn",
      category: "auth",
      event: "passkey registration refused",
      reason: "verification_failed",
      details: { error: errorDetail(error) },
    });
    throw new ServiceError(400, REGISTRATION_FAILED, "registration_failed");
  }
  if (!verified.verified) throw new ServiceError(400, REGISTRATION_FAILED, "registration_failed");
  const info = verified.registrationInfo;
  const row = {
    id: info.credential.id,
    userId: owner.id,
    name: input.name,
    publicKey: base64urlEncode(info.credential.publicKey),
    counter: info.credential.counter,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    transports: info.credential.transports ?? input.response.response.transports ?? null,
    createdAt: now,
  };
  try {
    // The passkey and its notice in Recent Activity, together.
    await context.db.batch([
      context.db.insert(webauthnCredentials).values(row),
      securityNotice(context.db, owner.id, "passkey_added", now, row.name),
    ]);
  } catch (error) {
    // excludeCredentials asks the browser not to offer one already registered; this is the guarantee.
    if (isUniqueViolation(error, "webauthn_credentials.id"))
      throw new ServiceError(409, ALREADY_REGISTERED, "already_registered");
    throw error;
  }
  auditAct(context, null, owner, {
    category: "auth",
    event: "passkey added",
    details: { credentialId: row.id, name: row.name },
  });
  return summary({ ...row, lastUsed: null });
}

/**
 * Starts a sign-in with a passkey: no username and no allow-list (the browser offers the passkeys
 * it holds for this RP ID, in its own dialog or in the username field's autofill), user
 * verification required.
 */
export async function startPasskeySignIn(
  context: PasskeyContext,
  now = new Date(),
): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
  const rp = requireRelyingParty(context.env);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: AUTHENTICATOR_TIMEOUT_MS,
  });
  return { ceremonyId: await beginCeremony(context, "authentication", options.challenge, null, now), options };
}

type SignInFailure =
  | "ceremony_expired"
  | "unknown_credential"
  | "user_handle_mismatch"
  | "verification_failed"
  | "counter_regression";

/**
 * Finishes a passkey sign-in: the ceremony (live, unused), the credential it names, the user
 * handle it returns (when it returns one) against the credential's owner, the assertion (exact
 * origin and RP ID, UP and UV flags, signature), then the counter moved forward and the time of
 * use recorded. Resolves to the user; throws a ServiceError (400 for a ceremony that is gone, 401
 * for anything wrong with the assertion), audited, when refused. `ip` is for the audit trail only.
 */
export async function finishPasskeySignIn(
  context: PasskeyContext,
  input: AuthenticationVerifyInput,
  ip: string,
  now = new Date(),
): Promise<User> {
  const rp = requireRelyingParty(context.env);
  const credentialId = input.response.id;
  const refuse = (reason: SignInFailure, user?: Pick<User, "id" | "username">, error?: unknown) => {
    const details: Record<string, unknown> = { credentialId };
    if (error !== undefined) details.error = errorDetail(error);
    auditAct(context, ip, user ?? {}, {
      level: "warn",
      category: "auth",
      event: "passkey sign-in failed",
      reason,
      details,
    });
    return reason === "ceremony_expired"
      ? new ServiceError(400, CEREMONY_EXPIRED, reason)
      : new ServiceError(401, SIGN_IN_FAILED, "passkey_sign_in_failed");
  };

  const challenge = await consumeCeremony(context.db, input.ceremonyId, "authentication", null, now);
  if (!challenge) throw refuse("ceremony_expired");
  const [found] = await context.db
    .select({ passkey: webauthnCredentials, user: users })
    .from(webauthnCredentials)
    .innerJoin(users, eq(users.id, webauthnCredentials.userId))
    .where(eq(webauthnCredentials.id, credentialId))
    .limit(1);
  if (!found) throw refuse("unknown_credential");
  const { passkey, user } = found;
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== base64urlEncodeText(user.id)) throw refuse("user_handle_mismatch", user);

  const failure = await checkAssertion(context.db, rp, challenge, passkey, input, now);
  if (failure) throw refuse(failure.reason, user, failure.error);
  auditAct(context, ip, user, { category: "auth", event: "passkey sign-in succeeded", details: { credentialId } });
  return user;
}

/**
 * Checks an assertion over `challenge` by `passkey` (exact origin and RP ID, UP and UV flags,
 * signature), then moves its counter forward and records the time of use. Answers why it was
 * refused, or null when it was good.
 */
async function checkAssertion(
  db: Database,
  rp: RelyingParty,
  challenge: string,
  passkey: Passkey,
  input: AuthenticationVerifyInput,
  now: Date,
): Promise<{ reason: "verification_failed" | "counter_regression"; error?: unknown } | null> {
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response as AuthenticationResponseJSON,
      ...expectations(rp, challenge),
      credential: {
        id: passkey.id,
        // slice(): a copy on a plain ArrayBuffer, as the library's types ask.
        publicKey: base64urlDecode(passkey.publicKey).slice(),
        counter: passkey.counter,
        transports: (passkey.transports ?? undefined) as AuthenticatorTransportFuture[] | undefined,
      },
    });
  } catch (error) {
    // The library names a counter that did not go up; everything else is a bad assertion.
    return { reason: /counter/i.test(errorDetail(error)) ? "counter_regression" : "verification_failed", error };
  }
  if (!verification.verified) return { reason: "verification_failed" };

  const { newCounter, credentialDeviceType, credentialBackedUp } = verification.authenticationInfo;
  // Only forward (or 0 to 0, for authenticators with no counter): a concurrent sign-in that already
  // moved it makes this one a replay, and it matches no row.
  const [moved] = await db
    .update(webauthnCredentials)
    .set({ counter: newCounter, lastUsed: now, deviceType: credentialDeviceType, backedUp: credentialBackedUp })
    .where(
      and(
        eq(webauthnCredentials.id, passkey.id),
        newCounter === 0 ? eq(webauthnCredentials.counter, 0) : lt(webauthnCredentials.counter, newCounter),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  return moved ? null : { reason: "counter_regression" };
}

// ---------------------------------------------------------------------------------------------
// Confirming it's you with a passkey (server/accounts/reauth.ts; ADR 030)

const NO_PASSKEYS = "You have no passkeys. Enter your password instead.";

/**
 * Starts a confirmation by `owner` with one of their own passkeys: only theirs are allowed, user
 * verification required. Throws 409 `no_passkeys` when they have none.
 */
export async function startPasskeyConfirmation(
  context: PasskeyContext,
  owner: Pick<PasskeyOwner, "id">,
  now = new Date(),
): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
  const rp = requireRelyingParty(context.env);
  const own = await context.db
    .select({ id: webauthnCredentials.id, transports: webauthnCredentials.transports })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, owner.id));
  if (own.length === 0) throw new ServiceError(409, NO_PASSKEYS, "no_passkeys");
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    timeout: AUTHENTICATOR_TIMEOUT_MS,
    allowCredentials: own.map((c) => ({
      id: c.id,
      transports: (c.transports ?? undefined) as AuthenticatorTransportFuture[] | undefined,
    })),
  });
  return { ceremonyId: await beginCeremony(context, "reauthentication", options.challenge, owner.id, now), options };
}

/**
 * Finishes a confirmation `owner` started: the ceremony (theirs, live, unused), a passkey of
 * theirs (anyone else's is refused as unknown), the assertion and the counter, as a sign-in checks
 * them. Throws a ServiceError (400 ceremony gone, 401 anything wrong with the assertion), audited.
 */
export async function finishPasskeyConfirmation(
  context: PasskeyContext,
  owner: Pick<PasskeyOwner, "id" | "username">,
  input: AuthenticationVerifyInput,
  now = new Date(),
): Promise<void> {
  const rp = requireRelyingParty(context.env);
  const refuse = (reason: SignInFailure, error?: unknown) => {
    auditAct(context, null, owner, {
      level: "warn",
      category: "auth",
      event: "confirmation failed",
      reason,
      details: { with: "passkey", credentialId: input.response.id, ...(error ? { error: errorDetail(error) } : {}) },
    });
    return reason === "ceremony_expired"
      ? new ServiceError(400, CEREMONY_EXPIRED, reason)
      : new ServiceError(401, CONFIRMATION_FAILED, "passkey_confirmation_failed");
  };
  const challenge = await consumeCeremony(context.db, input.ceremonyId, "reauthentication", owner.id, now);
  if (!challenge) throw refuse("ceremony_expired");
  const [passkey] = await context.db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, input.response.id), eq(webauthnCredentials.userId, owner.id)))
    .limit(1);
  if (!passkey) throw refuse("unknown_credential");
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== base64urlEncodeText(owner.id)) throw refuse("user_handle_mismatch");
  const failure = await checkAssertion(context.db, rp, challenge, passkey, input, now);
  if (failure) throw refuse(failure.reason, failure.error);
  auditAct(context, null, owner, {
    category: "auth",
    event: "confirmation succeeded",
    details: { with: "passkey", credentialId: passkey.id },
  });
}

// ---------------------------------------------------------------------------------------------
// The person's own passkeys

/** `userId`'s passkeys, oldest first. */
export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
  return rows.map(summary);
}

/** How many passkeys `userId` has (the wallet's "Passkey Enabled"). */
export async function countPasskeys(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Removes one of `owner`'s passkeys. Someone else's, one that does not exist, or an id no passkey
 * could have, is the same 404 (thrown) and nothing changes: the delete is bounded by the owner in
 * its own WHERE clause.
 */
export async function removePasskey(
  context: PasskeyContext,
  owner: Pick<PasskeyOwner, "id" | "username">,
  id: string,
  now = new Date(),
): Promise<void> {
  const notFound = () => new ServiceError(404, PASSKEY_NOT_FOUND, "passkey_not_found");
  if (!credentialId.safeParse(id).success) throw notFound();
  const [removed] = await context.db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, owner.id)))
    .returning({ id: webauthnCredentials.id, name: webauthnCredentials.name });
  if (!removed) throw notFound();
  await securityNotice(context.db, owner.id, "passkey_removed", now, removed.name);
  auditAct(context, null, owner, {
    category: "auth",
    event: "passkey removed",
    details: { credentialId: removed.id, name: removed.name },
  });
}
