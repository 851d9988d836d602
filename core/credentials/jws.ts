/**
 * Compact JWS (RFC 7515 section 7.1) for the three token kinds the core handles: the
 * issuer-signed JWT, the key-binding JWT and the status list token. Algorithms are pinned by the
 * caller's policy (RFC 8725 section 3.1); the table below is the whole of what can ever verify.
 */

import type { CredentialCrypto } from "./crypto.ts";
import { base64urlDecode, base64urlDecodeText, base64urlEncode, base64urlEncodeText, utf8Encode } from "./encoding.ts";
import { CredentialError, type CredentialErrorCode } from "./errors.ts";
import { isPlainObject, parseStrictJson, StrictJsonError } from "./json.ts";

interface AlgorithmSpec {
  kty: "OKP" | "EC";
  crv: "Ed25519" | "P-256";
  importParams: AlgorithmIdentifier | EcKeyImportParams;
  signParams: AlgorithmIdentifier | EcdsaParams;
  signatureLength: number;
}

/**
 * EdDSA with Ed25519 (RFC 8037) is what we issue. ES256 exists only because published test
 * vectors (RFC 9901's examples) and some holder devices use P-256; a policy must list it
 * explicitly for it to verify.
 */
const ALGORITHMS = {
  EdDSA: {
    kty: "OKP",
    crv: "Ed25519",
    importParams: { name: "Ed25519" },
    signParams: { name: "Ed25519" },
    signatureLength: 64,
  },
  ES256: {
    kty: "EC",
    crv: "P-256",
    importParams: { name: "ECDSA", namedCurve: "P-256" },
    signParams: { name: "ECDSA", hash: "SHA-256" },
    // WebCrypto's ECDSA signature is r||s, the same as JWS (RFC 7518 section 3.4).
    signatureLength: 64,
  },
} as const satisfies Record<string, AlgorithmSpec>;

export type JwsAlgorithm = keyof typeof ALGORITHMS;
export const SUPPORTED_ALGORITHMS = Object.keys(ALGORITHMS) as JwsAlgorithm[];

export function isSupportedAlgorithm(alg: unknown): alg is JwsAlgorithm {
  return typeof alg === "string" && Object.hasOwn(ALGORITHMS, alg);
}

/** Header parameters by which a token would choose its own verification key (RFC 8725 s3.10). */
export const KEY_SELECTING_HEADERS = ["jwk", "jku", "x5u", "x5c"] as const;

/** Public JWK members that matter; everything else (kid, alg, use, key_ops) is stripped before import. */
export interface PublicJwk {
  kty: string;
  crv?: string;
  x?: string;
  y?: string;
  kid?: string;
  alg?: string;
  use?: string;
  [member: string]: unknown;
}

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

/** True when the JWK is a public key of the type `alg` needs. */
export function jwkMatchesAlgorithm(jwk: PublicJwk, alg: JwsAlgorithm): boolean {
  const spec = ALGORITHMS[alg];
  if (jwk.kty !== spec.kty || jwk.crv !== spec.crv || typeof jwk.x !== "string") return false;
  if (spec.kty === "EC" && typeof jwk.y !== "string") return false;
  if (PRIVATE_MEMBERS.some((m) => m in jwk)) return false;
  if (jwk.alg !== undefined && jwk.alg !== alg) return false;
  if (jwk.use !== undefined && jwk.use !== "sig") return false;
  return true;
}

function minimalJwk(jwk: PublicJwk): JsonWebKey {
  return jwk.kty === "EC"
    ? { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }
    : { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
}

// Trusted keys from the policy are imported once per object and algorithm. The cache entry
// remembers the key material, so a mutated JWK object is re-imported rather than trusted stale.
const importCache = new WeakMap<
  SubtleCrypto,
  WeakMap<object, Map<string, { material: string; key: Promise<CryptoKey> }>>
>();

/** Imports a public JWK for verification with `alg`; throws CredentialError(code) if unusable. */
export async function importVerificationKey(
  crypto: CredentialCrypto,
  jwk: PublicJwk,
  alg: JwsAlgorithm,
  failCode: CredentialErrorCode,
  cache = true,
): Promise<CryptoKey> {
  if (!isPlainObject(jwk) || !jwkMatchesAlgorithm(jwk, alg))
    throw new CredentialError(failCode, "key type does not match the algorithm");
  const material = `${alg}|${jwk.kty}|${jwk.crv}|${jwk.x}|${jwk.y ?? ""}`;
  let perSubtle = importCache.get(crypto.subtle);
  if (cache) {
    if (!perSubtle) {
      perSubtle = new WeakMap();
      importCache.set(crypto.subtle, perSubtle);
    }
    const entry = perSubtle.get(jwk)?.get(alg);
    if (entry && entry.material === material) return entry.key;
  }
  const key = crypto.subtle.importKey("jwk", minimalJwk(jwk), ALGORITHMS[alg].importParams, false, ["verify"]);
  if (cache && perSubtle) {
    let perKey = perSubtle.get(jwk);
    if (!perKey) {
      perKey = new Map();
      perSubtle.set(jwk, perKey);
    }
    perKey.set(alg, { material, key });
  }
  try {
    return await key;
  } catch (error) {
    perSubtle?.get(jwk)?.delete(alg);
    throw new CredentialError(failCode, "key import failed", { cause: error });
  }
}

/** The JWS algorithm a private key signs with. */
export function algorithmForKey(key: CryptoKey): JwsAlgorithm {
  const algorithm = key.algorithm as EcKeyAlgorithm;
  if (algorithm.name === "Ed25519") return "EdDSA";
  if (algorithm.name === "ECDSA" && algorithm.namedCurve === "P-256") return "ES256";
  throw new CredentialError("INVALID_ARGUMENT", "signing key must be Ed25519 or ECDSA P-256");
}

export interface ParsedJws {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** ASCII(BASE64URL(header) || '.' || BASE64URL(payload)), the JWS Signing Input. */
  signingInput: string;
  signature: Uint8Array;
}

export interface ParseJwsOptions {
  maxDepth: number;
  /** The code to report for a structurally broken token (depends on which token it is). */
  malformedCode: CredentialErrorCode;
}

/**
 * Splits and decodes a compact JWS. Header and payload must be base64url JSON objects without
 * duplicate members (RFC 7515 s5.2 step 2-4, RFC 7519 s7.2 step 4-5).
 */
export function parseCompactJws(token: string, options: ParseJwsOptions): ParsedJws {
  const parts = token.split(".");
  // An empty signature is let through here (alg "none" tokens have one) so that the caller can
  // reject the algorithm by name; no empty signature ever verifies.
  if (parts.length !== 3 || parts[0] === "" || parts[1] === "") {
    throw new CredentialError(options.malformedCode, "not a compact JWS");
  }
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = decodeJsonObject(encodedHeader, options);
  const payload = decodeJsonObject(encodedPayload, options);
  let signature: Uint8Array;
  try {
    signature = base64urlDecode(encodedSignature);
  } catch {
    throw new CredentialError(options.malformedCode, "signature is not base64url");
  }
  return { header, payload, signingInput: `${encodedHeader}.${encodedPayload}`, signature };
}

export function decodeJsonObject(encoded: string, options: ParseJwsOptions): Record<string, unknown> {
  const value = decodeJson(encoded, options);
  if (!isPlainObject(value)) throw new CredentialError(options.malformedCode, "segment is not a JSON object");
  return value;
}

function decodeJson(encoded: string, options: ParseJwsOptions): unknown {
  let text: string;
  try {
    text = base64urlDecodeText(encoded);
  } catch {
    throw new CredentialError(options.malformedCode, "segment is not base64url UTF-8");
  }
  try {
    return parseStrictJson(text, { maxDepth: options.maxDepth });
  } catch (error) {
    if (error instanceof StrictJsonError) {
      if (error.reason === "duplicate") throw new CredentialError("DUPLICATE_JSON_MEMBER");
      if (error.reason === "depth") throw new CredentialError("INPUT_TOO_LARGE", "JSON nesting too deep");
    }
    throw new CredentialError(options.malformedCode, "segment is not JSON");
  }
}

export async function verifyJwsSignature(
  crypto: CredentialCrypto,
  jws: ParsedJws,
  alg: JwsAlgorithm,
  key: CryptoKey,
): Promise<boolean> {
  if (jws.signature.length !== ALGORITHMS[alg].signatureLength) return false;
  try {
    return await crypto.subtle.verify(
      ALGORITHMS[alg].signParams,
      key,
      jws.signature as Uint8Array<ArrayBuffer>,
      utf8Encode(jws.signingInput) as Uint8Array<ArrayBuffer>,
    );
  } catch {
    return false;
  }
}

/** Signs `header.payload` with a private key; `alg` in the header is set from the key. */
export async function signCompactJws(
  crypto: CredentialCrypto,
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  privateKey: CryptoKey,
): Promise<string> {
  const alg = algorithmForKey(privateKey);
  const { alg: _ignored, ...rest } = header;
  const signingInput = `${base64urlEncodeText(JSON.stringify({ alg, ...rest }))}.${base64urlEncodeText(JSON.stringify(payload))}`;
  return `${signingInput}.${await signBase64url(crypto, signingInput, privateKey)}`;
}

/** The base64url signature over an ASCII signing input (the @sd-jwt `Signer` contract). */
export async function signBase64url(
  crypto: CredentialCrypto,
  signingInput: string,
  privateKey: CryptoKey,
): Promise<string> {
  const alg = algorithmForKey(privateKey);
  const signature = await crypto.subtle.sign(
    ALGORITHMS[alg].signParams,
    privateKey,
    utf8Encode(signingInput) as Uint8Array<ArrayBuffer>,
  );
  return base64urlEncode(new Uint8Array(signature));
}
