/**
 * The authorities' signing keys (issue 4): one Ed25519 key per issuer, from the secret
 * ISSUER_SIGNING_KEYS, a JSON object of issuer id to private JWK. Locally `npm start` generates
 * it into .dev.vars on first start (scripts/issuer-keys.ts); in production it is a
 * `wrangler secret` on the web worker (signs credentials) and the status worker (signs status
 * lists, publishes the public halves).
 */
import { jwkThumbprint, type PublicJwk, toPublicJwk } from "#core/credentials/index.ts";
import { AUTHORITIES, ISSUER_IDS, type IssuerId } from "#core/issuers/registry.ts";
import { oncePerSecret, parseJwkSecret } from "#server/worker/secrets.ts";

export interface IssuerKey {
  issuerId: IssuerId;
  kid: string;
  privateKey: CryptoKey;
  /** With kid, alg EdDSA and use sig: what the issuer's JWKS lists. */
  publicJwk: PublicJwk;
}

export type IssuerKeys = ReadonlyMap<IssuerId, IssuerKey>;

const loadOnce = oncePerSecret(importIssuerKeys);

/** Parses and imports the keys once per distinct secret value (an isolate keeps them). */
export function loadIssuerKeys(secret: string | undefined): Promise<IssuerKeys> {
  if (!secret)
    return Promise.reject(
      new Error(
        "ISSUER_SIGNING_KEYS is not set (npm start generates it into .dev.vars; production: wrangler secret put)",
      ),
    );
  return loadOnce(secret);
}

async function importIssuerKeys(secret: string): Promise<IssuerKeys> {
  const record = parseJwkSecret("ISSUER_SIGNING_KEYS", secret, "issuer id");
  const keys = new Map<IssuerId, IssuerKey>();
  for (const issuerId of ISSUER_IDS) {
    const jwk = record[issuerId];
    if (jwk?.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.d !== "string" || typeof jwk.x !== "string") {
      throw new Error(`ISSUER_SIGNING_KEYS has no Ed25519 private key for ${AUTHORITIES[issuerId].name} (${issuerId})`);
    }
    const privateKey = await crypto.subtle.importKey(
      "jwk",
      { kty: "OKP", crv: "Ed25519", x: jwk.x, d: jwk.d },
      { name: "Ed25519" },
      false,
      ["sign"],
    );
    const bare = toPublicJwk({ kty: "OKP", crv: "Ed25519", x: jwk.x } as PublicJwk);
    const kid = await jwkThumbprint(bare);
    keys.set(issuerId, { issuerId, kid, privateKey, publicJwk: { ...bare, kid, alg: "EdDSA", use: "sig" } });
  }
  return keys;
}
