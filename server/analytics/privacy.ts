import { eq } from "drizzle-orm";
import { hexEncode } from "#core/credentials/encoding.ts";
import type { Database } from "#db/client.ts";
import { userProfiles } from "#db/schema/index.ts";
import { keyedDigest } from "#server/accounts/keyed-digest.ts";
import { type DailySalt, type HousekeeperBinding, housekeeper } from "./housekeeping.ts";

/**
 * What usage analytics may keep about a visitor (issue 12 "Privacy"; /privacy-policy says the same
 * to people). No raw IP address and no raw user agent is ever stored for analytics:
 *
 *  - the address becomes HMAC-SHA256(daily salt, address), where the day's salt is 32 random
 *    bytes the Housekeeper Durable Object makes for each UTC day and replaces (so deletes) the
 *    next day, as Plausible does: the same visitor hashes alike within a day (countable) and
 *    differently the next (unlinkable). The salt is never in the database, and once a day is over
 *    nobody, the service included, can test a guessed address against that day's hashes;
 *  - the user agent is reduced to browser, OS and device class (tablet, mobile, desktop).
 *
 * A signed-in citizen who chose "Usage analytics: Not shared" on /profile is not tracked at all;
 * what security needs (the login session, sign-in audit events, server error records) is kept.
 */

const encoder = new TextEncoder();

async function hmac(key: BufferSource, message: string): Promise<ArrayBuffer> {
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", imported, encoder.encode(message));
}

/** The UTC calendar day an instant falls on, as the salt's label: "2026-11-24". */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day's salt, asked of the Housekeeper once per isolate and day. */
let cachedSalt: DailySalt | null = null;

export async function visitorSalt(env: HousekeeperBinding, now = new Date()): Promise<ArrayBuffer> {
  if (cachedSalt?.day !== utcDay(now)) cachedSalt = await housekeeper(env).dailySalt();
  return cachedSalt.salt;
}

/**
 * The part of an address that identifies one client: the whole IPv4 address, or an IPv6 address's
 * /64 prefix (one household or device is given a whole /64, so the rest is the client's to vary).
 */
export function clientNetwork(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The visitor's address (or network) as analytics keeps it: 64 hex characters, stable for one UTC day. */
export async function hashAddress(salt: ArrayBuffer, address: string): Promise<string> {
  return hexEncode(await hmac(salt, `address:${address}`));
}

/**
 * Ties a user_sessions row to a login session without storing anything that could be replayed:
 * the login session's sid is already a keyed digest of the cookie's token (server/accounts/session.ts),
 * and this keyed digest of it cannot be turned back into the sid or the cookie.
 */
export function trackingSessionId(secret: string, loginSid: string): Promise<string> {
  return keyedDigest(secret, `user-session:${loginSid}`);
}

/**
 * A referrer as analytics keeps it: its origin only (a path or query string can carry personal
 * data, e.g. a search or a token); nothing for what is not an http(s) URL.
 */
export function referrerOrigin(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether usage analytics may record this person: anonymous visitors and citizens who chose
 * "Shared" or have not chosen yet (null counts as not opted out), but not "Not shared".
 */
export async function mayTrack(db: Database, userId: string | null | undefined): Promise<boolean> {
  if (!userId) return true;
  const [profile] = await db
    .select({ share: userProfiles.shareAnalytics })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return profile?.share !== false;
}
