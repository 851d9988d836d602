import { exportJWK, SignJWT } from "jose";
import type { PublicJwk } from "#core/credentials/index.ts";

/**
 * A citizen's device key as the wallet makes it (P-256, the public half as the proof's header
 * carries it), and proofs of possession signed with it: for issuance tests in Node and workerd.
 */
export interface Holder {
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

export async function makeHolder(): Promise<Holder> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = (await exportJWK(pair.publicKey)) as PublicJwk;
  return { privateKey: pair.privateKey, publicJwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y } as PublicJwk };
}

export interface ProofOptions {
  /** The issuer URL the proof is for (its `aud`). */
  aud: string;
  /** Signs with another key than the one the header names. */
  signer?: CryptoKey;
  typ?: string;
  iat?: number;
}

/** A proof of possession (openid4vci-proof+jwt, ES256, the device's public key in the header). */
export function signProof(holder: Holder, nonce: string, options: ProofOptions): Promise<string> {
  return new SignJWT({ nonce })
    .setProtectedHeader({ alg: "ES256", typ: options.typ ?? "openid4vci-proof+jwt", jwk: holder.publicJwk as never })
    .setAudience(options.aud)
    .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
    .sign(options.signer ?? holder.privateKey);
}
