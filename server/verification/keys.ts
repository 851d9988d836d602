/**
 * The platform's verifier keys (docs/decisions/015; who holds which: ADR 034). Two P-256 keys:
 *  - "trust-anchor" signs Verifier Attestation JWTs, the platform vouching for a registered
 *    organisation's client identifier (OID4VP 1.0 section 5.9.3, verifier_attestation). Its
 *    private half is the web worker's secret TRUST_ANCHOR_SIGNING_KEY (one private JWK): an
 *    attestation is signed when an administrator registers the organisation, and on renewal.
 *  - "verifier-service" signs request objects on every organisation's behalf (the attestation's
 *    cnf names it) and verification receipts. Its private half is the verifier worker's secret
 *    VERIFIER_SIGNING_KEYS (`{"verifier-service": JWK}`), which takes no other key.
 * Their public halves are the variable VERIFIER_PUBLIC_KEYS (`{"trust-anchor": JWK,
 * "verifier-service": JWK}`, derived by scripts/issuer-keys.ts), held by both workers: the
 * verifier publishes them at /api/verifications/keys, the web worker attests the service key.
 * A worker whose private key does not match them refuses to sign. ES256: the algorithm every
 * OpenID4VP wallet supports.
 */
import * as z from "zod";
import { jwkThumbprint, type PublicJwk, toPublicJwk } from "#core/credentials/index.ts";
import { oncePerSecret, parseJwkSecret, publicKeysBinding } from "#server/worker/secrets.ts";
import { VERIFIER_KEY_NAMES, type VerifierKeyName } from "./key-names.ts";

export interface VerifierKey {
  kid: string;
  privateKey: CryptoKey;
  /** With kid, alg ES256 and use sig. */
  publicJwk: PublicJwk;
}

/** The published form of a P-256 public key: its thumbprint as kid, alg ES256, use sig. */
async function published(jwk: { x: string; y: string }): Promise<PublicJwk> {
  const bare = toPublicJwk({ kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y } as PublicJwk);
  return { ...bare, kid: await jwkThumbprint(bare), alg: "ES256", use: "sig" };
}

/** A P-256 private JWK, imported for signing; `what` names it in the error. */
async function importPrivate(jwk: JsonWebKey | undefined, what: string): Promise<VerifierKey> {
  if (
    jwk?.kty !== "EC" ||
    jwk.crv !== "P-256" ||
    typeof jwk.d !== "string" ||
    typeof jwk.x !== "string" ||
    typeof jwk.y !== "string"
  )
    throw new Error(`${what} is not a P-256 private key`);
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const publicJwk = await published({ x: jwk.x, y: jwk.y });
  return { kid: publicJwk.kid!, privateKey, publicJwk };
}

/** A P-256 public JWK: `d` (a private key) is refused, never silently dropped. */
const PublicP256 = z.strictObject({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.base64url().min(43),
  y: z.base64url().min(43),
});
const VerifierPublicKeysShape = z.strictObject({ "trust-anchor": PublicP256, "verifier-service": PublicP256 });

/**
 * The binding VERIFIER_PUBLIC_KEYS (web and verifier workers): JSON of the two keys' public
 * halves, checked when a worker starts; a private key in it is a configuration error.
 */
export const verifierPublicKeysBinding = publicKeysBinding(
  VerifierPublicKeysShape,
  'must be JSON {"trust-anchor": JWK, "verifier-service": JWK}: P-256 public JWKs (kty, crv, x, y only)',
);

export type VerifierPublicKeys = Readonly<Record<VerifierKeyName, PublicJwk>>;

const loadPublic = oncePerSecret(async (value: string): Promise<VerifierPublicKeys> => {
  const parsed = VerifierPublicKeysShape.parse(JSON.parse(value));
  const keys = {} as Record<VerifierKeyName, PublicJwk>;
  for (const name of VERIFIER_KEY_NAMES) keys[name] = await published(parsed[name]);
  return keys;
});

/** The two keys' public halves from VERIFIER_PUBLIC_KEYS, once per distinct value. */
export function loadVerifierPublicKeys(value: string | undefined): Promise<VerifierPublicKeys> {
  if (!value) return Promise.reject(new Error("VERIFIER_PUBLIC_KEYS is not set (scripts/issuer-keys.ts derives it)"));
  return loadPublic(value);
}

/** A private key whose public half is not the published one would sign what no wallet accepts: fail at once. */
function assertPublished(secret: string, key: VerifierKey, name: VerifierKeyName, keys: VerifierPublicKeys): void {
  if (keys[name].kid !== key.kid) throw new Error(`${secret} does not match VERIFIER_PUBLIC_KEYS "${name}"`);
}

const loadServiceKey = oncePerSecret(async (secret: string): Promise<VerifierKey> => {
  const record = parseJwkSecret("VERIFIER_SIGNING_KEYS", secret, "key name");
  // The verifier signs requests and receipts, never attestations: any other key is refused (ADR 034).
  const others = Object.keys(record).filter((name) => name !== "verifier-service");
  if (others.length)
    throw new Error(
      `VERIFIER_SIGNING_KEYS may hold "verifier-service" only, not ${others.map((n) => `"${n}"`).join(", ")}`,
    );
  return importPrivate(record["verifier-service"], 'VERIFIER_SIGNING_KEYS "verifier-service"');
});

/** The verifier worker's own key, "verifier-service", checked against the published one. */
export async function loadVerifierServiceKey(
  secret: string | undefined,
  publicKeys: VerifierPublicKeys,
): Promise<VerifierKey> {
  if (!secret) throw new Error("VERIFIER_SIGNING_KEYS is not set (npm start generates it into .dev.vars)");
  const key = await loadServiceKey(secret);
  assertPublished("VERIFIER_SIGNING_KEYS", key, "verifier-service", publicKeys);
  return key;
}

/** The trust anchor's key and, where the deployment has an X.509 root, its CA certificate (ADR 051). */
export interface TrustAnchorKey extends VerifierKey {
  /** base64 DER: the root's certificate for this key as a CA of verifier certificates (the JWK's `x5c`). */
  certificate?: string;
}

const loadAnchorKey = oncePerSecret(async (secret: string): Promise<TrustAnchorKey> => {
  let jwk: JsonWebKey & { x5c?: unknown };
  try {
    jwk = JSON.parse(secret) as JsonWebKey & { x5c?: unknown };
  } catch {
    throw new Error("TRUST_ANCHOR_SIGNING_KEY is not JSON");
  }
  const key = await importPrivate(jwk, "TRUST_ANCHOR_SIGNING_KEY");
  if (jwk.x5c === undefined) return key;
  // One certificate: the root's for this key; the root itself is never in a chain (HAIP 1.0).
  if (!Array.isArray(jwk.x5c) || jwk.x5c.length !== 1 || typeof jwk.x5c[0] !== "string")
    throw new Error("TRUST_ANCHOR_SIGNING_KEY x5c must hold exactly one certificate (base64 DER)");
  return { ...key, certificate: jwk.x5c[0] };
});

/** The web worker's trust anchor key (it signs organisations' attestations), checked against the published one. */
export async function loadTrustAnchorKey(
  secret: string | undefined,
  publicKeys: VerifierPublicKeys,
): Promise<TrustAnchorKey> {
  if (!secret) throw new Error("TRUST_ANCHOR_SIGNING_KEY is not set (npm start generates it into .dev.vars)");
  const key = await loadAnchorKey(secret);
  assertPublished("TRUST_ANCHOR_SIGNING_KEY", key, "trust-anchor", publicKeys);
  return key;
}
