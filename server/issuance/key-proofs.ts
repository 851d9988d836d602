/**
 * A JWT signed by the public key in its own `jwk` header, fresh: what a DPoP proof (RFC 9449 4.2)
 * and a `jwt` proof of possession (OpenID4VCI 1.0 appendix F.1) both are. One check for both, and
 * for the web wallet's own issuance: each caller adds its claims (htm, htu, nonce, ath; aud, nonce,
 * iss) and words the refusal its own way.
 */
import { decodeProtectedHeader, EmbeddedJWK, type JWK, errors as joseErrors, jwtVerify } from "jose";
import { type PublicJwk, toPublicJwk } from "#core/credentials/index.ts";
import { HOLDER_PROOF_ALGS } from "#core/issuance/endpoints.ts";

/** How old a proof may be (its iat), and how far ahead of our clock. */
const MAX_AGE_SECONDS = 300;
const FUTURE_SKEW_SECONDS = 60;
const MAX_LENGTH = 8192;
/** Members of a private JWK: a header key must carry none. */
const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "k"] as const;

export type KeyProof =
  | { ok: true; jwk: PublicJwk; payload: Record<string, unknown>; iat: number }
  | { ok: false; reason: string };

/**
 * Checks `jwt`: compact, of type `typ`, an allowed algorithm (ES256 or EdDSA), signed by the public
 * key in its `jwk` header (no kid, no x5c), addressed to `audience` when one is given, issued
 * within the last five minutes (a minute's skew allowed).
 */
export async function verifyKeyProof(
  jwt: unknown,
  expected: { typ: string; audience?: string; now: Date },
): Promise<KeyProof> {
  if (typeof jwt !== "string" || jwt.length === 0 || jwt.length > MAX_LENGTH)
    return { ok: false, reason: "not a compact JWT" };
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jwt);
  } catch {
    return { ok: false, reason: "not a JWT" };
  }
  if (header.kid !== undefined || header.x5c !== undefined) {
    return { ok: false, reason: "the key must be in jwk (kid and x5c are not supported)" };
  }
  // The header is whatever JSON the client sent: a key that is not an object is refused before it is read.
  const jwk: unknown = header.jwk;
  if (typeof jwk !== "object" || jwk === null || Array.isArray(jwk))
    return { ok: false, reason: "jwk must be a JWK object" };
  if (PRIVATE_MEMBERS.some((member) => member in jwk)) return { ok: false, reason: "the key must be a public key" };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(jwt, EmbeddedJWK, {
      typ: expected.typ,
      algorithms: [...HOLDER_PROOF_ALGS, "Ed25519"],
      ...(expected.audience === undefined ? {} : { audience: expected.audience }),
      currentDate: expected.now,
    }));
  } catch (error) {
    return { ok: false, reason: `not valid (${error instanceof joseErrors.JOSEError ? error.code : "unreadable"})` };
  }
  const nowSeconds = Math.floor(expected.now.getTime() / 1000);
  const { iat } = payload;
  if (typeof iat !== "number" || iat > nowSeconds + FUTURE_SKEW_SECONDS || iat < nowSeconds - MAX_AGE_SECONDS) {
    return { ok: false, reason: "iat is missing or not recent" };
  }
  const { kty, crv, x, y } = jwk as JWK;
  return { ok: true, jwk: toPublicJwk({ kty, crv, x, y } as PublicJwk), payload, iat };
}

/** How long after its iat a proof may still arrive: how long its one-time values must be remembered. */
export const KEY_PROOF_WINDOW_SECONDS = MAX_AGE_SECONDS + FUTURE_SKEW_SECONDS;
