import { hexEncode } from "#core/credentials/encoding.ts";

/**
 * HMAC-SHA-256 under a worker secret (SESSION_SECRET), as lower-case hex: the row key of a session
 * token, the seal of a device cookie. The key is imported once per isolate and secret.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const encoder = new TextEncoder();

export async function keyedDigest(secret: string, message: string): Promise<string> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  const mac = await crypto.subtle.sign("HMAC", await key, encoder.encode(message));
  return hexEncode(mac);
}
