// Generates the platform's signing secrets (who holds which: ADR 028): ISSUER_SIGNING_KEYS, a fresh
// Ed25519 credential key per authority, and STATUS_LIST_SIGNING_KEYS, a status-list key per
// authority (server/credentials/issuer-keys.ts); ISSUER_PUBLIC_KEYS, the public halves of both,
// derived from them; the platform's P-256 verifier keys (server/verification/keys.ts, ADR 034):
// TRUST_ANCHOR_SIGNING_KEY (the web worker's), VERIFIER_SIGNING_KEYS (the verifier's
// "verifier-service") and VERIFIER_PUBLIC_KEYS, the public halves of both.
// Run as a command, it rotates one authority's key in three steps (docs/deploy.md):
//   node --env-file=<file with the current values> scripts/issuer-keys.ts rotate \
//     --authority home-office --step publish|switch|retire [--key credentials|status-lists]
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { and, gt, isNull, or } from "drizzle-orm";
import { createRootCertificate, issueCertificate } from "#core/credentials/certificates.ts";
import { OID } from "#core/credentials/x509.ts";
import { AUTHORITIES, ISSUER_IDS, type IssuerId, issuerUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { credentials } from "#db/schema/index.ts";
import type { VerifierKeyName } from "#server/verification/key-names.ts";
import {
  asEntry,
  asList,
  credentialKid,
  type Entry,
  generateEd25519,
  type KeyKind,
  publicHalf,
  publishStep,
  retireStep,
  SIGNING_SECRET,
  switchStep,
} from "./key-rotation.ts";

async function generateAuthorityKeys(): Promise<string> {
  const keys: Record<string, JsonWebKey> = {};
  for (const id of ISSUER_IDS) keys[id] = await generateEd25519();
  return JSON.stringify(keys);
}

/** ISSUER_SIGNING_KEYS: the authorities' credential keys (the web worker's). */
export const generateIssuerKeysSecret = generateAuthorityKeys;

/** STATUS_LIST_SIGNING_KEYS: the authorities' status-list keys (the status worker's). */
export const generateStatusListKeysSecret = generateAuthorityKeys;

/** The public half of each authority's keys in a secret (the waiting one too): kty, crv and x, never d. */
function publicHalves(secret: string): Record<string, Entry> {
  const keys = JSON.parse(secret) as Record<string, Entry>;
  return Object.fromEntries(ISSUER_IDS.map((id) => [id, asEntry(asList(keys[id]).map(publicHalf))]));
}

/** ISSUER_PUBLIC_KEYS from the two private secrets: what the verifier, status and web workers trust. */
export function issuerPublicKeysFor(issuerSigningKeys: string, statusListSigningKeys: string): string {
  return JSON.stringify({
    credentials: publicHalves(issuerSigningKeys),
    statusLists: publicHalves(statusListSigningKeys),
  });
}

async function generateP256(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return { kty, crv, x, y, d };
}

/** VERIFIER_SIGNING_KEYS: the verifier worker's own key, "verifier-service" (request objects, receipts), and no other. */
export async function generateVerifierKeysSecret(): Promise<string> {
  return JSON.stringify({ "verifier-service": await generateP256() });
}

/** TRUST_ANCHOR_SIGNING_KEY: the trust anchor's private JWK, the web worker's alone (it signs attestations; ADR 034). */
export async function generateTrustAnchorKeySecret(): Promise<string> {
  return JSON.stringify(await generateP256());
}

/** VERIFIER_PUBLIC_KEYS from the two private secrets: what the verifier publishes and the web worker attests. */
export function verifierPublicKeysFor(trustAnchorKey: string, verifierSigningKeys: string): string {
  const publicHalf = ({ x, y }: JsonWebKey) => ({ kty: "EC", crv: "P-256", x, y });
  const service = (JSON.parse(verifierSigningKeys) as Record<VerifierKeyName, JsonWebKey>)["verifier-service"];
  return JSON.stringify({
    "trust-anchor": publicHalf(JSON.parse(trustAnchorKey) as JsonWebKey),
    "verifier-service": publicHalf(service),
  });
}

/** How long the platform's root and the authorities' certificates are valid (ADR 047). */
const ROOT_YEARS = 10;
const CERTIFICATE_YEARS = 2;
const yearsAfter = (date: Date, years: number) => new Date(date.getTime() + years * 365 * 24 * 3600 * 1000);

async function p256Pair(): Promise<CryptoKeyPair> {
  return (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
}

/**
 * HAIP 1.0's issuer profile (ADR 047): a fresh platform root, and for each authority a P-256
 * credential key and a P-256 status-list key, each with a certificate from that root naming the
 * authority's issuer identifier at each of `bases` (SD-JWT VC: a credential's iss is one of its
 * leaf's SAN URIs). Each secret is issuer id to private JWK with `x5c` (the leaf alone: the root is
 * never in the chain). The root's private key is returned, for an operator to keep offline; a
 * local stack drops it (new certificates mean a new root there).
 * Given the trust anchor's private JWK (TRUST_ANCHOR_SIGNING_KEY), the root also certifies it as
 * the CA of the organisations' verifier certificates (ADR 051), and the JWK is returned carrying
 * that certificate as `x5c`.
 */
export async function generateX509Keys(bases: readonly string[], now = new Date(), trustAnchorKey?: string) {
  const root = await p256Pair();
  const rootCertificate = await createRootCertificate({
    commonName: "UK Digital Identity Platform Root CA",
    organisation: "UK Digital Identity",
    keys: root,
    notBefore: now,
    notAfter: yearsAfter(now, ROOT_YEARS),
  });
  const certified = async (id: IssuerId, what: string) => {
    const pair = await p256Pair();
    const certificate = await issueCertificate({
      commonName: `${AUTHORITIES[id].name} ${what}`,
      organisation: AUTHORITIES[id].name,
      subjectPublicKey: pair.publicKey,
      issuer: { certificate: rootCertificate, privateKey: root.privateKey },
      uris: bases.map((base) => issuerUrl(base, id)),
      notBefore: now,
      notAfter: yearsAfter(now, CERTIFICATE_YEARS),
    });
    const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
    return [id, { kty, crv, x, y, d, x5c: [certificate] }] as const;
  };
  const secret = async (what: string) =>
    JSON.stringify(Object.fromEntries(await Promise.all(ISSUER_IDS.map((id) => certified(id, what)))));
  return {
    ...(trustAnchorKey
      ? { trustAnchorSigningKey: await certifiedTrustAnchor(trustAnchorKey, rootCertificate, root, now) }
      : {}),
    issuerX509SigningKeys: await secret("credentials"),
    statusListX509SigningKeys: await secret("status lists"),
    x509Root: rootCertificate,
    x509RootPrivateKey: await crypto.subtle.exportKey("jwk", root.privateKey),
  };
}

/**
 * The demo's mdoc IACA root (issue 23, ADR 050): a P-256 key and its self-signed CA certificate,
 * as one secret (MDOC_IACA_SIGNING_KEY: the private JWK with `x5c`, the root alone), so a DVLA
 * mdoc issuer can later certify its document signers under it. Generated for a local stack at first
 * start, never committed; the stack seeds the certificate as an active trust list entry.
 */
export async function generateDemoIacaSecret(now = new Date()): Promise<string> {
  const pair = await p256Pair();
  const root = await createRootCertificate({
    commonName: "DVLA Demo IACA",
    organisation: AUTHORITIES.dvla.name,
    // ISO 18013-5 Annex B.1.1: an IACA names its country, which its mDLs' issuing_country states.
    country: "GB",
    keys: pair,
    notBefore: now,
    notAfter: yearsAfter(now, ROOT_YEARS),
  });
  const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify({ kty, crv, x, y, d, x5c: [root] });
}

/**
 * The DVLA's mdoc document signer (ADR 053), certified by the IACA in an MDOC_IACA_SIGNING_KEY
 * secret: a fresh P-256 key whose certificate (2 years) names GB and carries the critical mdlDS
 * extendedKeyUsage (ISO/IEC 18013-5 Annex B.1.4). MDOC_DOCUMENT_SIGNER_KEY, the web worker's: the
 * private JWK with `x5c` (the signer's certificate alone) and `iaca` (the root, for the worker's own
 * check of the chain before first use).
 */
export async function generateDocumentSignerSecret(iacaSecret: string, now = new Date()): Promise<string> {
  const { x5c, ...iacaJwk } = JSON.parse(iacaSecret) as JsonWebKey & { x5c: string[] };
  const root = demoIacaRoot(iacaSecret);
  const iacaKey = await crypto.subtle.importKey("jwk", iacaJwk, { name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
  ]);
  const pair = await p256Pair();
  const certificate = await issueCertificate({
    commonName: "DVLA mDL document signer",
    organisation: AUTHORITIES.dvla.name,
    country: "GB",
    subjectPublicKey: pair.publicKey,
    issuer: { certificate: root, privateKey: iacaKey },
    notBefore: now,
    notAfter: yearsAfter(now, CERTIFICATE_YEARS),
    extendedKeyUsage: [OID.mdlDocumentSigner],
  });
  const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
  return JSON.stringify({ kty, crv, x, y, d, x5c: [certificate], iaca: root });
}

/** The IACA root certificate (base64 DER) of an MDOC_IACA_SIGNING_KEY secret. */
export function demoIacaRoot(secret: string): string {
  const root = (JSON.parse(secret) as { x5c?: unknown }).x5c;
  if (!Array.isArray(root) || typeof root[0] !== "string") throw new Error("MDOC_IACA_SIGNING_KEY has no x5c root");
  return root[0];
}

/**
 * The trust anchor's JWK with the root's certificate for it as `x5c` (ADR 051): a CA certificate,
 * since it issues each organisation's verifier certificate, valid as long as the authorities'.
 */
async function certifiedTrustAnchor(
  trustAnchorKey: string,
  rootCertificate: string,
  root: CryptoKeyPair,
  now: Date,
): Promise<string> {
  const { kty, crv, x, y, d } = JSON.parse(trustAnchorKey) as JsonWebKey;
  const subjectPublicKey = await crypto.subtle.importKey(
    "jwk",
    { kty, crv, x, y },
    { name: "ECDSA", namedCurve: "P-256" },
    true,
    ["verify"],
  );
  const certificate = await issueCertificate({
    commonName: "UK Digital Identity Verifier CA",
    organisation: "UK Digital Identity",
    subjectPublicKey,
    issuer: { certificate: rootCertificate, privateKey: root.privateKey },
    notBefore: now,
    notAfter: yearsAfter(now, CERTIFICATE_YEARS),
    ca: true,
  });
  return JSON.stringify({ kty, crv, x, y, d, x5c: [certificate] });
}

/** ISSUER_PUBLIC_KEYS with the platform's root certificates added (ADR 047): what the workers trust for HAIP. */
export function withX509Roots(issuerPublicKeys: string, roots: readonly string[]): string {
  return JSON.stringify({ ...(JSON.parse(issuerPublicKeys) as object), x509Roots: roots });
}

/**
 * A whole fresh set of the platform's keys, each secret with the public halves derived from it:
 * what a throwaway deployment (the workerd tests, a test of the bindings) is given. The
 * certificates name the authorities at `bases` (the origins the deployment is reached at).
 */
export async function generateKeySet(bases: readonly string[]) {
  const issuerSigningKeys = await generateIssuerKeysSecret();
  const statusListSigningKeys = await generateStatusListKeysSecret();
  const verifierSigningKeys = await generateVerifierKeysSecret();
  // The root certifies the trust anchor as the verifiers' CA (ADR 051).
  const x509 = await generateX509Keys(bases, new Date(), await generateTrustAnchorKeySecret());
  const trustAnchorSigningKey = x509.trustAnchorSigningKey!;
  return {
    issuerSigningKeys,
    statusListSigningKeys,
    issuerPublicKeys: withX509Roots(issuerPublicKeysFor(issuerSigningKeys, statusListSigningKeys), [x509.x509Root]),
    issuerX509SigningKeys: x509.issuerX509SigningKeys,
    statusListX509SigningKeys: x509.statusListX509SigningKeys,
    verifierSigningKeys,
    trustAnchorSigningKey,
    verifierPublicKeys: verifierPublicKeysFor(trustAnchorSigningKey, verifierSigningKeys),
  };
}

/** How many credentials signed with one of `kids` are still valid (neither revoked nor expired) at `now`. */
export async function stillValidSignedWith(db: Database, kids: readonly string[], now: Date): Promise<number> {
  const rows = await db
    .select({ vcJwt: credentials.vcJwt })
    .from(credentials)
    .where(and(isNull(credentials.revokedAt), or(isNull(credentials.expiresAt), gt(credentials.expiresAt, now))));
  return rows.filter((row) => kids.includes(credentialKid(row.vcJwt) ?? "")).length;
}

const WORKERS_TRUSTING = ["identity-web", "identity-status", "identity-verifier"];
const SIGNER = { credentials: ["identity-web"], statusLists: ["identity-status"] } as const;

/** What to set: the commands, one per worker, then the value to paste at wrangler's prompt. */
function show(name: string, workers: readonly string[], value: string): string {
  const commands = workers.map((worker) => `  npx wrangler secret put ${name} --name ${worker}`);
  return [`Set ${name}:`, ...commands, "with the value:", value, ""].join("\n");
}

async function rotate(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { values: options } = parseArgs({
    args,
    options: {
      authority: { type: "string" },
      step: { type: "string" },
      key: { type: "string", default: "credentials" },
    },
  });
  const authority = options.authority as IssuerId;
  if (!ISSUER_IDS.includes(authority)) throw new Error(`--authority must be one of ${ISSUER_IDS.join(", ")}`);
  const kind: KeyKind | undefined =
    options.key === "credentials" ? "credentials" : options.key === "status-lists" ? "statusLists" : undefined;
  if (!kind) throw new Error("--key must be credentials or status-lists");
  const secretName = SIGNING_SECRET[kind];
  const signingKeys = env[secretName];
  const publicKeys = env.ISSUER_PUBLIC_KEYS;
  if (!signingKeys || !publicKeys)
    throw new Error(`give the current ${secretName} and ISSUER_PUBLIC_KEYS in the environment (node --env-file=...)`);
  const values = { signingKeys, publicKeys };
  const what = `${AUTHORITIES[authority].name}'s ${kind === "credentials" ? "credential" : "status-list"} key`;
  switch (options.step) {
    case "publish": {
      const step = await publishStep(values, kind, authority);
      return [
        `Step 1 of 3 (publish) for ${what}: new key ${step.kid}, published, not signing yet.`,
        show("ISSUER_PUBLIC_KEYS", WORKERS_TRUSTING, step.publicKeys),
        `Then (a worker refuses to start holding a key nobody trusts):`,
        show(secretName, SIGNER[kind], step.signingKeys),
        "Before the switch, wait until verifiers have fetched the new metadata: at least 5 minutes (its max-age).",
      ].join("\n");
    }
    case "switch": {
      const step = await switchStep(values, kind, authority);
      return [
        `Step 2 of 3 (switch) for ${what}: key ${step.kid} signs from now on; the old one stays published.`,
        show(secretName, SIGNER[kind], step.signingKeys),
      ].join("\n");
    }
    case "retire": {
      const step = await retireStep(values, kind, authority);
      const head = `Step 3 of 3 (retire) for ${what}: key ${step.retiredKids.join(", ")} leaves the published keys.`;
      if (kind === "statusLists")
        return [
          head,
          "Status lists are signed afresh on each request and live 10 minutes: retire at least 11 minutes after the switch.",
          show("ISSUER_PUBLIC_KEYS", WORKERS_TRUSTING, step.publicKeys),
        ].join("\n");
      if (!env.LIBSQL_URL)
        return [
          head,
          "LIBSQL_URL is not set, so nothing was counted. Before setting this, check that every credential of this",
          "authority issued before the switch has expired, been revoked or been re-issued: once the key leaves, they no",
          "longer verify, and neither do verification certificates signed with it.",
          show("ISSUER_PUBLIC_KEYS", WORKERS_TRUSTING, step.publicKeys),
        ].join("\n");
      const { createDb } = await import("#db/client.ts");
      const database = createDb({ LIBSQL_URL: env.LIBSQL_URL, LIBSQL_AUTH_TOKEN: env.LIBSQL_AUTH_TOKEN });
      const valid = await stillValidSignedWith(database, step.retiredKids, new Date());
      if (valid > 0)
        throw new Error(
          `${valid} credential(s) signed with the old key are still valid: retire once they have expired or been re-issued`,
        );
      return [
        head,
        "No valid credential is signed with it.",
        show("ISSUER_PUBLIC_KEYS", WORKERS_TRUSTING, step.publicKeys),
      ].join("\n");
    }
    default:
      throw new Error("--step must be publish, switch or retire");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (command !== "rotate") {
    console.error(
      "usage: node scripts/issuer-keys.ts rotate --authority <id> --step publish|switch|retire [--key credentials|status-lists]",
    );
    process.exit(2);
  }
  rotate(args, process.env).then(
    (output) => console.log(output),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
