// Generates the platform's signing secrets: ISSUER_SIGNING_KEYS, a fresh Ed25519 key per authority
// (server/credentials/issuer-keys.ts), and VERIFIER_SIGNING_KEYS, the verifier's P-256 keys (server/verification/keys.ts).
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import { VERIFIER_KEY_NAMES } from "#server/verification/key-names.ts";

export async function generateIssuerKeysSecret(): Promise<string> {
  const keys: Record<string, JsonWebKey> = {};
  for (const id of ISSUER_IDS) {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    keys[id] = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d };
  }
  return JSON.stringify(keys);
}

export async function generateVerifierKeysSecret(): Promise<string> {
  const keys: Record<string, JsonWebKey> = {};
  for (const name of VERIFIER_KEY_NAMES) {
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const { kty, crv, x, y, d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
    keys[name] = { kty, crv, x, y, d };
  }
  return JSON.stringify(keys);
}
