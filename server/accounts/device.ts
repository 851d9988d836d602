import { normaliseUsername } from "#core/accounts/users.ts";
import { keyedDigest } from "./keyed-digest.ts";
import { randomToken, readCookie } from "./session.ts";

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"; ADR 007): a
 * browser that has signed in to an account with its password is given a cookie that names a
 * random device id and is sealed, under SESSION_SECRET, to that account's name. Its later sign-in
 * attempts for that account are throttled by the device alone, never by the account-wide delay
 * that strangers' failures build up, so nobody can keep the owner out of their own account from
 * elsewhere. The cookie proves only "this browser signed in to this account before"; it never
 * signs anyone in. Nothing is stored server-side but the device's throttle.
 */
export const DEVICE_COOKIE = "__Host-identity_device";
/** Six months; each password sign-in on the browser renews it. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const VALUE = /^([A-Za-z0-9_-]{22})\.([0-9a-f]{64})$/;

const seal = (secret: string, deviceId: string, username: string) =>
  keyedDigest(secret, `device|${normaliseUsername(username)}|${deviceId}`);

/** The Set-Cookie that makes this browser a known device of `username`: a fresh id each sign-in. */
export async function deviceCookie(secret: string, username: string): Promise<string> {
  const deviceId = randomToken(16);
  const value = `${deviceId}.${await seal(secret, deviceId, username)}`;
  return `${DEVICE_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`;
}

/** The device id when the request carries a device cookie sealed to `username`; otherwise null. */
export async function knownDevice(request: Request, secret: string, username: string): Promise<string | null> {
  const match = VALUE.exec(readCookie(request, DEVICE_COOKIE) ?? "");
  if (!match) return null;
  const [, deviceId, mac] = match;
  // Both sides are HMACs of fixed length: comparing them leaks nothing a guesser could use.
  return (await seal(secret, deviceId!, username)) === mac ? deviceId! : null;
}
