// What the end-to-end verification bench (verification.ts) makes in the database of a running
// stack: a verifier organisation with one signed-in verifier, and citizens each holding a Right to
// Work credential issued to a P-256 device key, all made with the server layer exactly as the
// verifier worker's tests do (workers/verifier/src/test-support.ts), then offline presentations.
//
// The credentials core uses TypeScript parameter properties, which Node's type stripping cannot
// run, so verification.ts bundles this module with esbuild into .tmp/bench/ (npm packages left
// external) and imports the bundle. Nothing here runs inside the product.
import { presentCredential } from "#core/credentials/index.ts";
import { hashPassword } from "#core/accounts/password.ts";
import { CREDENTIAL_TYPES, issuerUrl } from "#core/issuers/registry.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { createDb, type Database } from "#db/client.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, sessions, users, verifierOrganisations } from "#db/schema/index.ts";
import { sessionIdFor } from "#server/accounts/session.ts";
import { createIssuanceNonce, issueToHolder } from "#server/credentials/issuance.ts";
import { loadIssuerKeys } from "#server/credentials/issuer-keys.ts";
import { makeHolder, signProof, type Holder } from "#tests/support/holder.ts";

export interface FixtureOptions {
  libsqlUrl: string;
  libsqlAuthToken: string;
  /** The stack's ISSUER_SIGNING_KEYS (.dev.vars), so credentials verify against the workers' trust list. */
  issuerKeysSecret: string;
  /** The identifier base the verifier computes for requests to the stack: https://<host of the request>. */
  base: string;
  citizens: number;
}

export interface HeldCredential {
  credentialId: string;
  sdJwt: string;
  holder: Holder;
}

export interface Fixtures {
  organisationId: string;
  /** The verifier's session token, as the `__Host-identity_session` cookie carries it. */
  verifierCookie: string;
  held: HeldCredential[];
  /** The KB-JWT audience of an offline presentation (core/verification/openid4vp.ts offlineAudience). */
  audience: string;
}

const unique = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
const randomToken = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

async function person(db: Database, passwordHash: string, role: "verifier" | "citizen", organisationId: string | null) {
  const [user] = await db
    .insert(users)
    .values({ username: unique(`bench-${role}-`), passwordHash, role, firstName: "Bench", lastName: role, organisationId })
    .returning();
  const token = randomToken(32);
  const now = Date.now();
  await db.insert(sessions).values({ sid: await sessionIdFor(token), sess: { userId: user!.id, createdAt: now, lastSeenAt: now }, expire: new Date(now + 3_600_000) });
  return { user: user!, cookie: token };
}

export async function makeFixtures(options: FixtureOptions): Promise<Fixtures> {
  const db = createDb({ LIBSQL_URL: options.libsqlUrl, LIBSQL_AUTH_TOKEN: options.libsqlAuthToken });
  const keys = await loadIssuerKeys(options.issuerKeysSecret);
  // One hash for everyone: nobody signs in with a password here.
  const passwordHash = await hashPassword(crypto.randomUUID());
  const [organisation] = await db.insert(verifierOrganisations).values({ name: unique("Bench employer "), allowedChecks: ["rtw", "rtr", "dbs", "age"] }).returning();
  const verifier = await person(db, passwordHash, "verifier", organisation!.id);

  const held: HeldCredential[] = [];
  for (let i = 0; i < options.citizens; i++) {
    const { user } = await person(db, passwordHash, "citizen", null);
    await db.insert(authorityRecords).values(demoAuthorityRecords(user.id, new Date()));
    const holder = await makeHolder();
    const { nonce } = await createIssuanceNonce(db, user.id);
    const proof = await signProof(holder, nonce, { aud: issuerUrl(options.base, CREDENTIAL_TYPES.rtw.issuerId) });
    const credential = await issueToHolder({ db, keys, base: options.base, userId: user.id, type: "rtw", proof });
    held.push({ credentialId: credential.id, sdJwt: credential.vcJwt, holder });
  }
  return { organisationId: organisation!.id, verifierCookie: verifier.cookie, held, audience: offlineAudience(options.base) };
}

/**
 * An offline QR code's text as the wallet makes it (app/components/wallet/offline-qr-dialog.tsx):
 * the chosen disclosures and a KB-JWT made now with its own 16-byte holder nonce, for the
 * platform's offline verifier, packed as `UKID1:...` (core/verification/offline-qr.ts).
 */
export async function offlineQrText(held: HeldCredential, disclose: readonly string[], audience: string): Promise<string> {
  const presentation = await presentCredential({
    sdJwt: held.sdJwt,
    disclose: [...disclose],
    holderPrivateKey: held.holder.privateKey,
    nonce: randomToken(16),
    aud: audience,
    iat: Math.floor(Date.now() / 1000),
  });
  return encodeOfflinePresentation(presentation);
}
