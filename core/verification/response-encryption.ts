/**
 * The wallet's side of direct_post.jwt (OID4VP 1.0 section 8.3, HAIP 1.0; docs/decisions/049):
 * reading the verifier's encryption key and content encryption from a verified request object,
 * and encrypting the answer to it. The web wallet encrypts in the browser, where the presentation
 * is made, so the answer leaves the person's device readable by the request's key alone.
 */
import { CompactEncrypt } from "jose";
import { webCrypto } from "#core/credentials/crypto.ts";
import { isPlainObject } from "#core/credentials/json.ts";
import { RESPONSE_ENCRYPTIONS } from "./openid4vp.ts";

/** OID4VP 1.0 sections 8.2 and 8.3: the answer posted in the clear, or encrypted to the verifier's key. */
export const RESPONSE_MODES = ["direct_post", "direct_post.jwt"] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];
/** A request asks for an encrypted answer unless its verifier asks otherwise (ADR 049). */
export const DEFAULT_RESPONSE_MODE: ResponseMode = "direct_post.jwt";

export type ResponseContentEncryption = (typeof RESPONSE_ENCRYPTIONS)[number];

/** The public P-256 key a request asks its answer to be encrypted to, as the wallet keeps it. */
export interface ResponseEncryptionKey {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid?: string;
}

export interface ResponseEncryption {
  key: ResponseEncryptionKey;
  enc: ResponseContentEncryption;
}

/** Why the wallet cannot encrypt to what a request asks (a technical detail, in English). */
export class ResponseEncryptionError extends Error {
  override readonly name = "ResponseEncryptionError";
}

/** OID4VP 1.0: with no encrypted_response_enc_values_supported, the default is A128GCM. */
const DEFAULT_ENCRYPTION: ResponseContentEncryption = "A128GCM";
/** A P-256 coordinate: 32 bytes, base64url without padding. */
const COORDINATE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The key and content encryption for a direct_post.jwt answer, from the request object's
 * `client_metadata` (already verified as the attested verifier's): exactly one public EC P-256
 * key, `alg` ECDH-ES or none, `use` enc or none, that WebCrypto accepts as a point on the curve;
 * the first of the verifier's `encrypted_response_enc_values_supported` this wallet supports.
 * Throws ResponseEncryptionError with the reason.
 */
export async function readResponseEncryption(clientMetadata: unknown): Promise<ResponseEncryption> {
  if (!isPlainObject(clientMetadata) || !isPlainObject(clientMetadata.jwks))
    throw new ResponseEncryptionError("client_metadata.jwks missing");
  const keys = clientMetadata.jwks.keys;
  if (!Array.isArray(keys) || keys.length !== 1 || !isPlainObject(keys[0]))
    throw new ResponseEncryptionError("client_metadata.jwks must hold exactly one key");
  const jwk = keys[0];
  if (jwk.kty !== "EC" || jwk.crv !== "P-256") throw new ResponseEncryptionError("key is not EC P-256");
  if (jwk.alg !== undefined && jwk.alg !== "ECDH-ES") throw new ResponseEncryptionError("key alg is not ECDH-ES");
  if (jwk.use !== undefined && jwk.use !== "enc") throw new ResponseEncryptionError("key use is not enc");
  // A private key published in a request would let anyone who read it open the answer.
  if (jwk.d !== undefined) throw new ResponseEncryptionError("key is private");
  if (typeof jwk.x !== "string" || typeof jwk.y !== "string" || !COORDINATE.test(jwk.x) || !COORDINATE.test(jwk.y))
    throw new ResponseEncryptionError("key coordinates malformed");
  if (jwk.kid !== undefined && (typeof jwk.kid !== "string" || jwk.kid === "" || jwk.kid.length > 256))
    throw new ResponseEncryptionError("key kid malformed");
  const key: ResponseEncryptionKey = {
    kty: "EC",
    crv: "P-256",
    x: jwk.x,
    y: jwk.y,
    ...(jwk.kid === undefined ? {} : { kid: jwk.kid }),
  };
  try {
    await importPublicKey(key);
  } catch {
    throw new ResponseEncryptionError("key is not a point on P-256");
  }
  return { key, enc: chooseEncryption(clientMetadata.encrypted_response_enc_values_supported) };
}

/** WebCrypto refuses a point that is not on the curve, so importing is the check. */
function importPublicKey({ kty, crv, x, y }: ResponseEncryptionKey): Promise<CryptoKey> {
  return webCrypto().subtle.importKey("jwk", { kty, crv, x, y }, { name: "ECDH", namedCurve: "P-256" }, true, []);
}

function chooseEncryption(offered: unknown): ResponseContentEncryption {
  if (offered === undefined) return DEFAULT_ENCRYPTION;
  if (!Array.isArray(offered) || offered.some((value) => typeof value !== "string"))
    throw new ResponseEncryptionError("encrypted_response_enc_values_supported malformed");
  // The verifier's order is its preference.
  const chosen = offered.find((value): value is ResponseContentEncryption =>
    RESPONSE_ENCRYPTIONS.some((ours) => ours === value),
  );
  if (!chosen) throw new ResponseEncryptionError("no content encryption this wallet supports (A128GCM, A256GCM)");
  return chosen;
}

/**
 * The answer's form fields at response_uri: `{ response: <compact JWE> }` of `{ vp_token, state }`
 * (ECDH-ES, the chosen enc, the key's kid in the header) when the request asked for encryption;
 * otherwise `vp_token` (as JSON) and `state` in the clear, as direct_post posts them.
 */
export async function authorizationResponseFields(
  answer: { vpToken: Record<string, string[]>; state: string },
  encryption: ResponseEncryption | null,
): Promise<Record<string, string>> {
  if (!encryption) return { vp_token: JSON.stringify(answer.vpToken), state: answer.state };
  const { key, enc } = encryption;
  const publicKey = await importPublicKey(key);
  const payload = new TextEncoder().encode(JSON.stringify({ vp_token: answer.vpToken, state: answer.state }));
  const response = await new CompactEncrypt(payload)
    .setProtectedHeader({ alg: "ECDH-ES", enc, ...(key.kid === undefined ? {} : { kid: key.kid }) })
    .encrypt(publicKey);
  return { response };
}
