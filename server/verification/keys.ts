/**
 * The platform's verifier keys (docs/decisions/015), from the secret VERIFIER_SIGNING_KEYS: a JSON
 * object with two P-256 private JWKs.
 *  - "trust-anchor": signs Verifier Attestation JWTs, the platform vouching for a registered
 *    organisation's client identifier (OID4VP 1.0 section 5.9.3, verifier_attestation).
 *  - "verifier-service": signs request objects on every organisation's behalf (the attestation's
 *    cnf names it) and verification receipts.
 * Their public halves are published at /api/verifications/keys. ES256: the algorithm every
 * OpenID4VP wallet supports.
 */
import { jwkThumbprint, type PublicJwk, toPublicJwk } from "#core/credentials/index.ts";
import { oncePerSecret, parseJwkSecret } from "#server/worker/secrets.ts";
import { VERIFIER_KEY_NAMES, type VerifierKeyName } from "./key-names.ts";

interface VerifierKey {
  kid: string;
  privateKey: CryptoKey;
  /** With kid, alg ES256 and use sig. */
  publicJwk: PublicJwk;
}

export type VerifierKeys = Readonly<Record<VerifierKeyName, VerifierKey>>;

/** Parses and imports the keys once per distinct secret value (an isolate keeps them). */
export const loadVerifierKeys = oncePerSecret(importVerifierKeys);

async function importVerifierKeys(secret: string): Promise<VerifierKeys> {
  const record = parseJwkSecret("VERIFIER_SIGNING_KEYS", secret, "key name");
  const keys = {} as Record<VerifierKeyName, VerifierKey>;
  for (const name of VERIFIER_KEY_NAMES) {
    const jwk = record[name];
    if (jwk?.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.d !== "string")
      throw new Error(`VERIFIER_SIGNING_KEYS has no P-256 private key "${name}"`);
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d },
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["sign"],
    );
    const bare = toPublicJwk({ kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y! } as PublicJwk);
    const kid = await jwkThumbprint(bare);
    keys[name] = { kid, privateKey, publicJwk: { ...bare, kid, alg: "ES256", use: "sig" } };
  }
  return keys;
}
