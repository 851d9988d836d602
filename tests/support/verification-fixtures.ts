import { hashPassword } from "#core/accounts/password.ts";
import { CREDENTIAL_TYPES, type CredentialTypeCode, issuerUrl } from "#core/issuers/registry.ts";
import { CHECK_TYPES, type CheckType } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, sessions, users, verifierOrganisations } from "#db/schema/index.ts";
import { sessionIdFor } from "#server/accounts/session.ts";
import { createIssuanceNonce, issueToHolder } from "#server/credentials/issuance.ts";
import type { IssuerKeys } from "#server/credentials/issuer-keys.ts";
import { issuePaperCredential, type PaperCredential, paperPayload } from "#server/credentials/paper.ts";
import type { TrustAnchor } from "#server/verification/attestation.ts";
import { registerOrganisation } from "#server/verification/organisations.ts";
import { type Holder, makeHolder, signProof } from "./holder.ts";

/**
 * The people, organisations and credentials verification is tested with, made directly in a
 * database with the server layer: signed-in people (a session row, the token as the
 * `__Host-identity_session` cookie carries it), registered verifier organisations with a
 * verifier, citizens holding a credential issued to a device key as the wallet does it. Used by
 * the verifier worker's tests (workers/verifier/src/test-support.ts, inside workerd) and by the
 * verification bench against a running stack (scripts/bench/verification-fixtures.ts, in Node),
 * so it takes the database and keys it works on and imports nothing runtime-specific.
 */

export type PersonRole = "verifier" | "admin" | "citizen" | "operator";

/** A name no other test, file or earlier run has: `prefix` and 12 random hex digits. */
const unique = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

const randomToken = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

/**
 * The password hash every person made here gets: they are signed in by session, never by
 * password, so one Argon2id run (pure JS, a noticeable fraction of a second) serves every person
 * this module makes (in vitest, one per test file).
 */
let unusedPasswordHash: Promise<string> | undefined;

/** Where the fixtures write: the database, and the SESSION_SECRET of the workers that will read the sessions made here. */
export interface FixtureStore {
  db: Database;
  sessionSecret: string;
  /**
   * The trust anchor organisations are registered with, as the web worker registers them (their
   * attestation signed and stored: ADR 034), and the identifier base fixed for them. Without it
   * an organisation is stored unattested: it can validate offline, but make no online request.
   */
  registrar?: { anchor: TrustAnchor; identifierBase: string };
}

export interface PersonOptions {
  /** The first name (their last name is their role): "Test" unless said, so a verifier is "Test verifier". */
  firstName?: string;
  /** Before the random part of the username: the role unless said. */
  usernamePrefix?: string;
}

/** A signed-in person of `role` (optionally in an organisation); the session token as the cookie would carry it. */
export async function person(
  { db, sessionSecret }: FixtureStore,
  role: PersonRole,
  organisationId: string | null = null,
  options: PersonOptions = {},
) {
  unusedPasswordHash ??= hashPassword(crypto.randomUUID());
  const [user] = await db
    .insert(users)
    .values({
      username: unique(options.usernamePrefix ?? role),
      passwordHash: await unusedPasswordHash,
      role,
      firstName: options.firstName ?? "Test",
      lastName: role,
      organisationId,
    })
    .returning();
  const token = randomToken(32);
  const now = Date.now();
  await db.insert(sessions).values({
    sid: await sessionIdFor(sessionSecret, token),
    // As a sign-in stores it: a session starts confirmed (ADR 030).
    sess: { userId: user!.id, createdAt: now, lastSeenAt: now, confirmedAt: now },
    expire: new Date(now + 3_600_000),
  });
  return { user: user!, cookie: token };
}

/** A registered organisation (a name of its own, `allowedChecks`: every check unless given) with one verifier signed in. */
export async function organisationWithVerifier(
  store: FixtureStore,
  allowedChecks: CheckType[] = [...CHECK_TYPES],
  options: PersonOptions & { namePrefix?: string } = {},
) {
  const name = unique(options.namePrefix ?? "Org ");
  const organisation = store.registrar
    ? await registerOrganisation(store.db, { name, allowedChecks }, null, {
        ...store.registrar,
        now: new Date(),
      })
    : (await store.db.insert(verifierOrganisations).values({ name, allowedChecks }).returning())[0]!;
  const verifier = await person(store, "verifier", organisation.id, options);
  return { organisation, ...verifier };
}

export interface HeldCredential {
  credentialId: string;
  sdJwt: string;
  holder: Holder;
  userId: string;
}

/** Where credentials come from: the issuers' keys, and the base their identifiers hang from (the verifier's trust list must hold the keys). */
export interface Issuing {
  keys: IssuerKeys;
  base: string;
}

/**
 * What one authority's record says instead of the demo record, for a credential of that type
 * (issue 20: a genuine credential that fails its check, e.g. `{ hasRightToWork: false }`, or a
 * `birthdate` that makes the person under 18).
 */
type RecordAttributes = Partial<Record<CredentialTypeCode, Record<string, unknown>>>;

/** A citizen whose every authority holds the demo records (Sarah Thompson), valid from `now`, with `attributes` changed. */
async function citizenWithRecords(
  store: FixtureStore,
  options: PersonOptions = {},
  now = new Date(),
  attributes: RecordAttributes = {},
) {
  const { user } = await person(store, "citizen", null, options);
  const records = demoAuthorityRecords(user.id, now).map((record) => {
    const changed = attributes[record.type as CredentialTypeCode];
    return changed ? { ...record, attributes: { ...record.attributes, ...changed } } : record;
  });
  await store.db.insert(authorityRecords).values(records);
  return user;
}

/**
 * A citizen with the demo records and a paper credential of `type` printed for them at `now` (as
 * an assisted-digital counter does: server/credentials/paper.ts): its QR text and what it discloses.
 */
export async function citizenWithPaperCredential(
  store: FixtureStore,
  issuing: Issuing,
  type: CredentialTypeCode = "rtw",
  now = new Date(),
): Promise<PaperCredential & { payload: string; disclosed: string[]; userId: string }> {
  const user = await citizenWithRecords(store, {}, now);
  const paper = await issuePaperCredential({
    db: store.db,
    keys: issuing.keys,
    base: issuing.base,
    userId: user.id,
    type,
    now,
  });
  return { ...paper, ...(await paperPayload(paper.vcJwt, type)), userId: user.id };
}

/**
 * A citizen with every authority's (demo) records, holding a credential of `type` issued to a
 * fresh P-256 device key as the wallet does it: the issuance nonce, a proof of possession for the
 * type's issuer, issuance. `attributes`: what the type's record says instead (the credential
 * carries it, as issuance copies the authority's record).
 */
export async function citizenWithCredential(
  store: FixtureStore,
  issuing: Issuing,
  type: CredentialTypeCode = "rtw",
  options: PersonOptions & { attributes?: Record<string, unknown> } = {},
): Promise<HeldCredential> {
  const { db } = store;
  const { attributes, ...personOptions } = options;
  const user = await citizenWithRecords(store, personOptions, new Date(), attributes ? { [type]: attributes } : {});
  const holder = await makeHolder();
  const { nonce } = await createIssuanceNonce(store.sessionSecret, user.id);
  const proof = await signProof(holder, nonce, { aud: issuerUrl(issuing.base, CREDENTIAL_TYPES[type].issuerId) });
  const credential = await issueToHolder({
    db,
    secret: store.sessionSecret,
    keys: issuing.keys,
    base: issuing.base,
    userId: user.id,
    type,
    proof,
  });
  return { credentialId: credential.id, sdJwt: credential.vcJwt, holder, userId: user.id };
}
