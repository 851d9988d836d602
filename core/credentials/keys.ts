/**
 * Keys: Ed25519 key pairs from WebCrypto, public JWKs whose `kid` is the RFC 7638 thumbprint,
 * and JWKS documents for issuer metadata (each authority publishes its keys: ADR 011).
 */
import { type CredentialCrypto, resolveCrypto, sha256 } from "./crypto.ts";
import { base64urlEncode } from "./encoding.ts";
import { CredentialError } from "./errors.ts";
import {
  importVerificationKey,
  isSupportedAlgorithm,
  type JwsAlgorithm,
  jwkMatchesAlgorithm,
  type PublicJwk,
} from "./jws.ts";

export type { PublicJwk } from "./jws.ts";

export interface SigningKeyPair {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Public JWK with kid (RFC 7638 thumbprint), alg "EdDSA" and use "sig". */
  publicJwk: PublicJwk;
}

export interface KeyOptions {
  crypto?: CredentialCrypto;
}

/**
 * A new Ed25519 key pair. The private key is non-extractable unless asked otherwise: issuers
 * that keep keys as secrets generate once with `extractable: true` and import thereafter.
 */
export async function generateSigningKeyPair(
  options: KeyOptions & { extractable?: boolean } = {},
): Promise<SigningKeyPair> {
  const crypto = resolveCrypto(options.crypto);
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, options.extractable ?? false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  return {
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    publicJwk: await exportPublicJwk(pair.publicKey, options),
  };
}

/** RFC 7638 section 3: required members only, lexicographic order, no whitespace, SHA-256. */
export async function jwkThumbprint(jwk: PublicJwk, options: KeyOptions = {}): Promise<string> {
  const crypto = resolveCrypto(options.crypto);
  const required: Record<string, readonly string[]> = {
    OKP: ["crv", "kty", "x"],
    EC: ["crv", "kty", "x", "y"],
    RSA: ["e", "kty", "n"],
  };
  const members = required[jwk.kty];
  if (!members) throw new CredentialError("INVALID_ARGUMENT", "unsupported kty for a thumbprint");
  const parts = members.map((name) => {
    const value = jwk[name];
    if (typeof value !== "string") throw new CredentialError("INVALID_ARGUMENT", "JWK lacks a required member");
    return `${JSON.stringify(name)}:${JSON.stringify(value)}`;
  });
  return base64urlEncode(await sha256(crypto, `{${parts.join(",")}}`));
}

/** Exports a public CryptoKey (Ed25519 or P-256) as a JWK carrying its thumbprint as kid. */
export async function exportPublicJwk(publicKey: CryptoKey, options: KeyOptions = {}): Promise<PublicJwk> {
  const crypto = resolveCrypto(options.crypto);
  if (publicKey.type !== "public") throw new CredentialError("INVALID_ARGUMENT", "expected a public key");
  const raw = (await crypto.subtle.exportKey("jwk", publicKey)) as PublicJwk;
  const alg: JwsAlgorithm = raw.kty === "OKP" ? "EdDSA" : "ES256";
  const jwk: PublicJwk =
    raw.kty === "EC" ? { kty: "EC", crv: raw.crv, x: raw.x, y: raw.y } : { kty: raw.kty, crv: raw.crv, x: raw.x };
  if (!jwkMatchesAlgorithm(jwk, alg)) throw new CredentialError("INVALID_ARGUMENT", "key must be Ed25519 or P-256");
  return { ...jwk, kid: await jwkThumbprint(jwk, options), alg, use: "sig" };
}

/** Imports a public JWK for verification. */
export async function importPublicJwk(
  jwk: PublicJwk,
  alg: JwsAlgorithm = "EdDSA",
  options: KeyOptions = {},
): Promise<CryptoKey> {
  return importVerificationKey(resolveCrypto(options.crypto), jwk, alg, "INVALID_ARGUMENT", false);
}

/** Imports a private Ed25519 (OKP) or P-256 (EC) JWK for signing, non-extractable. */
export async function importPrivateJwk(jwk: JsonWebKey, options: KeyOptions = {}): Promise<CryptoKey> {
  const crypto = resolveCrypto(options.crypto);
  if (typeof jwk.d !== "string") throw new CredentialError("INVALID_ARGUMENT", "not a private JWK");
  const params =
    jwk.kty === "OKP" && jwk.crv === "Ed25519"
      ? { name: "Ed25519" }
      : jwk.kty === "EC" && jwk.crv === "P-256"
        ? { name: "ECDSA", namedCurve: "P-256" }
        : undefined;
  if (!params) throw new CredentialError("INVALID_ARGUMENT", "private key must be Ed25519 or P-256");
  const { kty, crv, x, y, d } = jwk;
  try {
    return await crypto.subtle.importKey("jwk", { kty, crv, x, y, d }, params, false, ["sign"]);
  } catch (error) {
    throw new CredentialError("INVALID_ARGUMENT", "private key import failed", { cause: error });
  }
}

/** Public members only, for publishing. Refuses private material outright. */
export function toPublicJwk(jwk: PublicJwk): PublicJwk {
  if ("d" in jwk) throw new CredentialError("INVALID_ARGUMENT", "refusing to publish a private key");
  const { kty, crv, x, y, kid, alg, use } = jwk;
  return Object.fromEntries(
    Object.entries({ kty, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
  ) as PublicJwk;
}

/**
 * A JWKS document (RFC 7517 section 5) for `/.well-known/jwt-vc-issuer/...` metadata. Every key
 * needs a distinct kid, since the verifier selects keys by kid only.
 */
export function buildJwks(keys: readonly PublicJwk[]): { keys: PublicJwk[] } {
  const seen = new Set<string>();
  const out = keys.map((key) => {
    const jwk = toPublicJwk(key);
    if (typeof jwk.kid !== "string" || jwk.kid.length === 0)
      throw new CredentialError("INVALID_ARGUMENT", "every key needs a kid");
    if (seen.has(jwk.kid)) throw new CredentialError("INVALID_ARGUMENT", "duplicate kid");
    seen.add(jwk.kid);
    const alg = jwk.alg ?? (jwk.kty === "OKP" ? "EdDSA" : "ES256");
    if (!isSupportedAlgorithm(alg) || !jwkMatchesAlgorithm(jwk, alg))
      throw new CredentialError("INVALID_ARGUMENT", "unsupported key");
    return jwk;
  });
  return { keys: out };
}
