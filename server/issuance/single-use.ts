/**
 * Values the server hands out and later recognises without storing them (ADR 045): a proof's
 * c_nonce (OpenID4VCI 1.0 section 7) and a DPoP-Nonce (RFC 9449 section 8). Each is
 * `{expiry}.{random}.{mac}`: the MAC, under the worker secret and a label naming its use, says the
 * server made it for that use; the expiry says for how long. The nonce endpoint is open to anyone,
 * so handing one out writes nothing; only spending one does (spentValues), once.
 */
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlDecode, base64urlEncode } from "#core/credentials/encoding.ts";
import { webCrypto } from "#core/credentials/index.ts";
import type { Database } from "#db/client.ts";
import { spentValues } from "#db/schema/index.ts";
import { hmacKey, keyedDigestBytes } from "#server/accounts/keyed-digest.ts";

const encoder = new TextEncoder();

/** A value for `label`, recognised by readSignedValue until `lifetimeSeconds` from `now`. */
export async function mintSignedValue(
  secret: string,
  label: string,
  lifetimeSeconds: number,
  now: Date,
): Promise<string> {
  const expiry = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  const body = `${expiry}.${base64urlEncode(crypto.getRandomValues(new Uint8Array(16)))}`;
  return `${body}.${base64urlEncode(await keyedDigestBytes(secret, `${label}|${body}`))}`;
}

/** When `value` (made by mintSignedValue for `label`) expires; null if the server did not make it for that use, or it has expired. */
export async function readSignedValue(
  secret: string,
  label: string,
  value: unknown,
  now: Date,
): Promise<{ expiresAt: Date } | null> {
  if (typeof value !== "string" || value.length > 200) return null;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, expiry, random, mac] = match;
  let macBytes: Uint8Array<ArrayBuffer>;
  try {
    macBytes = new Uint8Array(base64urlDecode(mac!));
  } catch {
    return null;
  }
  // crypto.subtle.verify compares in constant time.
  const genuine = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    macBytes,
    encoder.encode(`${label}|${expiry}.${random}`),
  );
  const expiresAt = new Date(Number(expiry) * 1000);
  return genuine && expiresAt.getTime() > now.getTime() ? { expiresAt } : null;
}

/**
 * Spends `value` of `kind` once: true the first time, false ever after (until `expiresAt`, when a
 * value is no longer accepted anyway; the housekeeping deletes the row a day later,
 * server/analytics/retention.ts). One INSERT ... ON CONFLICT DO NOTHING RETURNING, so two requests
 * racing with the same value cannot both spend it.
 */
export async function spendOnce(db: Database, kind: string, value: string, expiresAt: Date): Promise<boolean> {
  const digest = await sha256Base64url(webCrypto(), `${kind}|${value}`);
  const spent = await db
    .insert(spentValues)
    .values({ digest, expiresAt })
    .onConflictDoNothing()
    .returning({ digest: spentValues.digest });
  return spent.length === 1;
}
