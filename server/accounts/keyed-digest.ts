import { hexEncode } from "#core/credentials/encoding.ts";

/**
 * HMAC-SHA-256 under a worker secret (SESSION_SECRET): the row key of a session token, the seal of a
 * device cookie, the issuance endpoints' codes and stateless nonces (each under a label of its
 * own). The key is imported once per isolate and secret.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const encoder = new TextEncoder();

/** The secret's HMAC key, for signing and for checking a MAC in constant time (crypto.subtle.verify). */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** The MAC of `message`, as bytes. */
export async function keyedDigestBytes(secret: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)));
}

/** The MAC of `message`, as lower-case hex. */
export async function keyedDigest(secret: string, message: string): Promise<string> {
  return hexEncode(await keyedDigestBytes(secret, message));
}
