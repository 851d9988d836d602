// Generates the platform's signing secrets (who holds which: ADR 028): ISSUER_SIGNING_KEYS, a fresh
// Ed25519 credential key per authority, and STATUS_LIST_SIGNING_KEYS, a status-list key per
// authority (server/credentials/issuer-keys.ts); ISSUER_PUBLIC_KEYS, the public halves of both,
// derived from them; the platform's P-256 verifier keys (server/verification/keys.ts, ADR 034):
// TRUST_ANCHOR_SIGNING_KEY (the web worker's), VERIFIER_SIGNING_KEYS (the verifier's
// "verifier-service") and VERIFIER_PUBLIC_KEYS, the public halves of both.
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import type { VerifierKeyName } from "#server/verification/key-names.ts";

async function generateAuthorityKeys(): Promise<string> {
  const keys: Record<string, JsonWebKey> = {};
  for (const id of ISSUER_IDS) {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    keys[id] = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d };
  }
  return JSON.stringify(keys);
}

/** ISSUER_SIGNING_KEYS: the authorities' credential keys (the web worker's). */
export const generateIssuerKeysSecret = generateAuthorityKeys;

/** STATUS_LIST_SIGNING_KEYS: the authorities' status-list keys (the status worker's). */
export const generateStatusListKeysSecret = generateAuthorityKeys;

/** The public half of each authority's key in a secret: kty, crv and x, never d. */
function publicHalves(secret: string): Record<string, JsonWebKey> {
  const keys = JSON.parse(secret) as Record<string, JsonWebKey>;
  return Object.fromEntries(ISSUER_IDS.map((id) => [id, { kty: "OKP", crv: "Ed25519", x: keys[id]!.x }]));
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

/**
 * A whole fresh set of the platform's keys, each secret with the public halves derived from it:
 * what a throwaway deployment (the workerd tests, a test of the bindings) is given.
 */
export async function generateKeySet() {
  const issuerSigningKeys = await generateIssuerKeysSecret();
  const statusListSigningKeys = await generateStatusListKeysSecret();
  const verifierSigningKeys = await generateVerifierKeysSecret();
  const trustAnchorSigningKey = await generateTrustAnchorKeySecret();
  return {
    issuerSigningKeys,
    statusListSigningKeys,
    issuerPublicKeys: issuerPublicKeysFor(issuerSigningKeys, statusListSigningKeys),
    verifierSigningKeys,
    trustAnchorSigningKey,
    verifierPublicKeys: verifierPublicKeysFor(trustAnchorSigningKey, verifierSigningKeys),
  };
}
