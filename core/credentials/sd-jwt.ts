/**
 * SD-JWT structure and processing (RFC 9901). @sd-jwt/decode's `unpack` lets a disclosed claim
 * overwrite an existing one and does not detect repeated digests, unreferenced disclosures,
 * reserved names or a misplaced `_sd_alg`, so the verifier processes disclosures here, following
 * section 7.1 step 3-5 literally, and every failure has its own code.
 */
import { type CredentialCrypto, sha256Base64url } from "./crypto.ts";
import { base64urlDecodeText, isBase64url } from "./encoding.ts";
import { CredentialError } from "./errors.ts";
import { defineClaim, hasOwn, isPlainObject, parseStrictJson, StrictJsonError } from "./json.ts";

/** RFC 9901 section 4: `<Issuer-signed JWT>~<Disclosure 1>~...~<Disclosure N>~<optional KB-JWT>`. */
export interface SdJwtParts {
  issuerJwt: string;
  disclosures: string[];
  /** Empty string when the presentation carries no key-binding JWT. */
  kbJwt: string;
  /** Everything up to and including the last `~`: the sd_hash input (RFC 9901 section 4.3.1). */
  sdHashInput: string;
}

export interface SplitLimits {
  maxBytes: number;
  maxDisclosures: number;
}

const TOKEN_CHARS = /^[A-Za-z0-9_\-.~]*$/;

export function splitSdJwt(text: unknown, limits: SplitLimits): SdJwtParts {
  if (typeof text !== "string") throw new CredentialError("MALFORMED_PRESENTATION", "not a string");
  // Every valid presentation is ASCII, so string length is its byte length; anything longer
  // than the cap is refused before any parsing.
  if (text.length > limits.maxBytes) throw new CredentialError("INPUT_TOO_LARGE", "presentation too long");
  if (!TOKEN_CHARS.test(text)) throw new CredentialError("MALFORMED_PRESENTATION", "unexpected characters");
  const last = text.lastIndexOf("~");
  if (last < 0) throw new CredentialError("MALFORMED_PRESENTATION", "no ~ separator");
  const segments = text.slice(0, last).split("~");
  const issuerJwt = segments[0]!;
  const disclosures = segments.slice(1);
  if (disclosures.length > limits.maxDisclosures) throw new CredentialError("INPUT_TOO_LARGE", "too many disclosures");
  if (issuerJwt.length === 0 || disclosures.some((d) => d.length === 0)) {
    throw new CredentialError("MALFORMED_PRESENTATION", "empty component");
  }
  return { issuerJwt, disclosures, kbJwt: text.slice(last + 1), sdHashInput: text.slice(0, last + 1) };
}

export interface DecodedDisclosure {
  encoded: string;
  digest: string;
  salt: string;
  /** Present for object properties (3 elements), absent for array elements (2 elements). */
  name?: string;
  value: unknown;
}

/** RFC 9901 section 4.2: base64url of a JSON array [salt, name, value] or [salt, value]. */
export async function decodeDisclosure(
  crypto: CredentialCrypto,
  encoded: string,
  maxDepth: number,
): Promise<DecodedDisclosure> {
  if (!isBase64url(encoded)) throw new CredentialError("MALFORMED_DISCLOSURE", "not base64url");
  let array: unknown;
  try {
    array = parseStrictJson(base64urlDecodeText(encoded), { maxDepth });
  } catch (error) {
    if (error instanceof StrictJsonError && error.reason === "duplicate")
      throw new CredentialError("DUPLICATE_JSON_MEMBER");
    if (error instanceof StrictJsonError && error.reason === "depth")
      throw new CredentialError("INPUT_TOO_LARGE", "disclosure nesting too deep");
    throw new CredentialError("MALFORMED_DISCLOSURE", "not base64url JSON");
  }
  if (!Array.isArray(array) || (array.length !== 2 && array.length !== 3)) {
    throw new CredentialError("MALFORMED_DISCLOSURE", "not an array of 2 or 3 elements");
  }
  if (typeof array[0] !== "string") throw new CredentialError("MALFORMED_DISCLOSURE", "salt is not a string");
  // The digest is over the base64url string exactly as received (section 4.2.3).
  const digest = await sha256Base64url(crypto, encoded);
  if (array.length === 3) {
    if (typeof array[1] !== "string") throw new CredentialError("MALFORMED_DISCLOSURE", "claim name is not a string");
    return { encoded, digest, salt: array[0], name: array[1], value: array[2] };
  }
  return { encoded, digest, salt: array[0], value: array[1] };
}

export interface ProcessOptions {
  maxDepth: number;
  /** Claim names that must never arrive in a top-level disclosure (e.g. SD-JWT VC section 3.2.2.2). */
  reservedTopLevelNames: ReadonlySet<string>;
}

export interface ProcessedPayload {
  /** The payload with disclosures inserted and `_sd`, `...` placeholders and `_sd_alg` removed. */
  payload: Record<string, unknown>;
  /** Paths of the claims that came from disclosures, e.g. "given_name", "address.locality", "nationalities.0". */
  disclosedPaths: string[];
}

/**
 * RFC 9901 section 7.1 step 3-5 over an issuer-signed payload whose signature is already valid.
 * Digests without a disclosure (decoys, withheld claims) are ignored, as step 3.3.1 requires.
 */
export function processDisclosures(
  payload: Record<string, unknown>,
  disclosures: readonly DecodedDisclosure[],
  options: ProcessOptions,
): ProcessedPayload {
  const byDigest = new Map<string, DecodedDisclosure>();
  for (const disclosure of disclosures) {
    // Two identical disclosures share one digest; only one can be referenced.
    if (byDigest.has(disclosure.digest)) throw new CredentialError("DUPLICATE_DIGEST", "disclosure presented twice");
    byDigest.set(disclosure.digest, disclosure);
  }
  const seenDigests = new Set<string>();
  const referenced = new Set<string>();
  const disclosedPaths: string[] = [];

  const claimDigest = (digest: unknown): DecodedDisclosure | undefined => {
    if (typeof digest !== "string") throw new CredentialError("MALFORMED_PRESENTATION", "digest is not a string");
    // Step 4: any digest seen twice - including decoys and withheld ones - rejects the SD-JWT.
    if (seenDigests.has(digest)) throw new CredentialError("DUPLICATE_DIGEST");
    seenDigests.add(digest);
    const disclosure = byDigest.get(digest);
    if (disclosure) referenced.add(digest);
    return disclosure;
  };

  // `depth` counts the containers around `value`; a container adds one level, as in json.ts.
  const walk = (value: unknown, depth: number, path: string, topLevel: boolean): unknown => {
    if (value !== null && typeof value === "object" && depth + 1 > options.maxDepth) {
      throw new CredentialError("INPUT_TOO_LARGE", "processed payload nesting too deep");
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (const element of value) {
        const childPath = path ? `${path}.${out.length}` : String(out.length);
        // Step 3.2.2: an array element that is an object with the single key "...".
        if (isPlainObject(element) && hasOwn(element, "...")) {
          if (Object.keys(element).length !== 1)
            throw new CredentialError("MALFORMED_PRESENTATION", "array digest object has extra members");
          const disclosure = claimDigest(element["..."]);
          if (!disclosure) continue; // step 3.4: drop elements whose digest has no disclosure
          if (disclosure.name !== undefined)
            throw new CredentialError("MALFORMED_DISCLOSURE", "array element disclosure has a claim name");
          disclosedPaths.push(childPath);
          out.push(walk(disclosure.value, depth + 1, childPath, false));
          continue;
        }
        out.push(walk(element, depth + 1, childPath, false));
      }
      return out;
    }
    if (!isPlainObject(value)) return value;

    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      if (name === "_sd") continue;
      if (name === "_sd_alg") {
        if (!topLevel) throw new CredentialError("SD_ALG_MISPLACED");
        continue; // step 3.6: removed from the processed payload
      }
      if (name === "...") throw new CredentialError("MALFORMED_PRESENTATION", "... key outside an array element");
      defineClaim(out, name, walk(value[name], depth + 1, path ? `${path}.${name}` : name, false));
    }
    if (hasOwn(value, "_sd")) {
      const digests = value._sd;
      if (!Array.isArray(digests)) throw new CredentialError("MALFORMED_PRESENTATION", "_sd is not an array");
      for (const digest of digests) {
        const disclosure = claimDigest(digest);
        if (!disclosure) continue;
        const name = disclosure.name;
        if (name === undefined)
          throw new CredentialError("MALFORMED_DISCLOSURE", "property disclosure lacks a claim name");
        if (name === "_sd" || name === "...") throw new CredentialError("DISCLOSED_SD_CLAIM");
        if (name === "_sd_alg") throw new CredentialError("SD_ALG_MISPLACED", "_sd_alg in a disclosure");
        if (topLevel && options.reservedTopLevelNames.has(name)) throw new CredentialError("RESERVED_CLAIM_DISCLOSED");
        if (hasOwn(out, name) || hasOwn(value, name)) throw new CredentialError("DUPLICATE_CLAIM");
        const childPath = path ? `${path}.${name}` : name;
        disclosedPaths.push(childPath);
        defineClaim(out, name, walk(disclosure.value, depth + 1, childPath, false));
      }
    }
    return out;
  };

  const processed = walk(payload, 0, "", true) as Record<string, unknown>;
  // Step 5: every disclosure must be reachable from the issuer-signed payload.
  for (const disclosure of disclosures) {
    if (!referenced.has(disclosure.digest)) throw new CredentialError("UNREFERENCED_DISCLOSURE");
  }
  return { payload: processed, disclosedPaths };
}
