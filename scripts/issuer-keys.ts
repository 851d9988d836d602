// Generates ISSUER_SIGNING_KEYS: a fresh Ed25519 key per authority, as private JWKs (server/credentials/issuer-keys.ts).
import { ISSUER_IDS } from "#core/issuers/registry.ts";

export async function generateIssuerKeysSecret(): Promise<string> {
  const keys: Record<string, JsonWebKey> = {};
  for (const id of ISSUER_IDS) {
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
    keys[id] = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, d: jwk.d };
  }
  return JSON.stringify(keys);
}
