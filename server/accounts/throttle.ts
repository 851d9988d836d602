import * as z from "zod";
import { normaliseUsername } from "#core/accounts/users.ts";
import { clientNetwork } from "#server/analytics/privacy.ts";
import type { RequestContext } from "#server/worker/context.ts";

/**
 * Brute-force limits (ADR 007), kept by the LoginThrottle Durable Object, one object per key.
 * This module is the contract between the callers (sign-in, registration) and the object: the
 * policies, the answers and the RPC interface. The object implements it in
 * workers/durable-objects; callers reach it only through these types.
 *
 * Nobody can lock someone else out of their account (issue 13): what locks is the guesser's own
 * position, and the account itself only slows strangers down.
 * - Address (`ip:`): 100 failed sign-ins in 15 minutes lock the address for 15 minutes. A success
 *   takes back only its own attempt, so one person mistyping in a shared office does not lock out
 *   everyone behind it, and one good account cannot excuse spraying others.
 * - Account and address (`pair:`): 10 consecutive failures on one account from one address lock
 *   that pair for 15 minutes, then one guess per 15 minutes; the account owner elsewhere is untouched.
 * - Account (`user:`), for attempts from a browser the account has not signed in on before: after
 *   10 consecutive failures from anywhere, each further failure makes the next attempt wait
 *   (30 s, doubling to at most 15 minutes): a guesser with many addresses gets no more guesses than
 *   one would. Only a success on such a browser ends the run.
 * - Known browser (`device:`): a browser that signed in to the account with its password carries a
 *   device cookie (server/accounts/device.ts). Its attempts skip the account's delay and count only
 *   against the address and the device: 10 consecutive failures lock that cookie for 15 minutes.
 *   So the owner signs in from their own browser however hard strangers hammer the account, and a
 *   passkey sign-in is never throttled by any of this.
 * - Registration (`register-ip:`): 20 registration attempts an hour from one address, successful
 *   or not (a 409 answers whether a name or email is taken, so probing counts too).
 * - Email checks (`email-check-user:`, `email-check-net:`): a signed-in person changing their email
 *   learns whether another account has the new one ("already used"), so 10 checks an hour per
 *   person and 30 per network.
 * - Confirming it's you (`reauth:`): 10 consecutive wrong passwords lock the person's password
 *   confirmation for 15 minutes (a passkey, or signing in again, still works).
 * "Address" means the client's network throughout (`clientKey`): an IPv4 address or an IPv6 /64.
 * Keys that stop mattering are forgotten (the windows below), so names never registered and
 * addresses seen once do not keep storage.
 */
export const ThrottlePolicy = z.object({
  /** Attempts counted before the key locks: the attempt that reaches it goes ahead and locks the key. */
  limit: z.number().int().positive(),
  lockoutMs: z.number().int().positive(),
  /**
   * Progressive: each failure past the limit doubles the lockout (lockoutMs, 2 × lockoutMs, …) up
   * to this. Absent: every lockout is lockoutMs.
   */
  lockoutMaxMs: z.number().int().positive().optional(),
  /**
   * When the count starts again. "fixed": `windowMs` after the window's first attempt (N per
   * window). "idle": `windowMs` after the latest attempt, so a slow, steady run of failures is
   * never forgotten (N consecutive failures). Never while the key is locked.
   */
  window: z.enum(["fixed", "idle"]),
  windowMs: z.number().int().positive(),
});
export type ThrottlePolicy = z.infer<typeof ThrottlePolicy>;

export interface ThrottleState {
  /** Whether this attempt may go ahead. */
  allowed: boolean;
  /** Attempts counted against the key, this one included when allowed. */
  count: number;
  /**
   * Whole seconds until the key accepts attempts again. Refused: the wait. Allowed: 0, unless this
   * attempt reached the limit and locked the key, in which case the lockout it started (what to
   * tell the client should the attempt fail).
   */
  retryAfterSeconds: number;
}

/** The LoginThrottle object's RPC methods (workers/durable-objects/src/login-throttle.ts). */
export interface LoginThrottleApi extends Rpc.DurableObjectBranded {
  /** Refuses while the key is locked; otherwise counts the attempt (provisionally failed) and lets it go ahead. */
  attempt(policy: ThrottlePolicy): Promise<ThrottleState>;
  /** Takes back one provisional count. */
  undo(policy: ThrottlePolicy): Promise<void>;
  /** Forgets the key: a proven password ends an account's run of failures. */
  clear(): Promise<void>;
}

export type ThrottleBindings = { LOGIN_THROTTLE: DurableObjectNamespace<LoginThrottleApi> };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const ADDRESS_THROTTLE: ThrottlePolicy = {
  limit: 100,
  lockoutMs: 15 * MINUTE,
  window: "fixed",
  windowMs: 15 * MINUTE,
};
export const PAIR_THROTTLE: ThrottlePolicy = { limit: 10, lockoutMs: 15 * MINUTE, window: "idle", windowMs: 30 * DAY };
export const ACCOUNT_THROTTLE: ThrottlePolicy = {
  limit: 10,
  lockoutMs: 30_000,
  lockoutMaxMs: 15 * MINUTE,
  window: "idle",
  windowMs: 30 * DAY,
};
export const DEVICE_THROTTLE: ThrottlePolicy = {
  limit: 10,
  lockoutMs: 15 * MINUTE,
  window: "idle",
  windowMs: 30 * DAY,
};
/** Per person: a fixed hour, so a person who mistypes a few addresses is never held up long. */
export const EMAIL_CHECK_PERSON_THROTTLE: ThrottlePolicy = {
  limit: 10,
  lockoutMs: 60 * MINUTE,
  window: "fixed",
  windowMs: 60 * MINUTE,
};
/** Per network: a household or office with several people changing their email. */
export const EMAIL_CHECK_NETWORK_THROTTLE: ThrottlePolicy = {
  limit: 30,
  lockoutMs: 60 * MINUTE,
  window: "fixed",
  windowMs: 60 * MINUTE,
};
export const REAUTH_THROTTLE: ThrottlePolicy = {
  limit: 10,
  lockoutMs: 15 * MINUTE,
  window: "idle",
  windowMs: 30 * DAY,
};
export const REGISTRATION_THROTTLE: ThrottlePolicy = {
  limit: 20,
  lockoutMs: 60 * MINUTE,
  window: "fixed",
  windowMs: 60 * MINUTE,
};

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`): the IPv4 client it is. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
/** What an IP address looks like: hex digits, colons and dots. Anything else is a label (`assisted:<staff id>`). */
const IP_ADDRESS = /^[0-9a-f:.]+$/i;

/**
 * The client a limit counts: its network, as the analytics limiter counts it (`clientNetwork`: an
 * IPv4 address, or an IPv6 address's /64, which one household or device is given whole). Keyed on
 * the full IPv6 address, a client would rotate through its /64 and never meet a per-address limit.
 * A caller's label that is no address (an operator registering someone at a counter) stays as it is.
 */
export function clientKey(address: string): string {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1]) return mapped[1];
  return IP_ADDRESS.test(address) && address.includes(":") ? clientNetwork(address) : address;
}

export const throttleKeys = {
  account: (username: string) => `user:${normaliseUsername(username)}`,
  address: (address: string) => `ip:${clientKey(address)}`,
  pair: (username: string, address: string) => `pair:${normaliseUsername(username)}|${clientKey(address)}`,
  device: (deviceId: string) => `device:${deviceId}`,
  registration: (address: string) => `register-ip:${clientKey(address)}`,
  /** Checking whether an email address is free (a profile's new email), per person and per network. */
  emailCheckPerson: (userId: string) => `email-check-user:${userId}`,
  emailCheckNetwork: (address: string) => `email-check-net:${clientKey(address)}`,
  /** Confirming it's you with a password, per person (server/accounts/reauth.ts). */
  reauth: (userId: string) => `reauth:${userId}`,
};

export function throttle(context: Pick<RequestContext<ThrottleBindings>, "env">, key: string) {
  const ns = context.env.LOGIN_THROTTLE;
  return ns.get(ns.idFromName(key));
}

/** Retry-After in whole seconds, at least 1. */
export const retryAfter = (seconds: number) => Math.max(1, Math.ceil(seconds));

/** What a person is told, with the wait in minutes, in English (sign-in and registration: throttled-words.ts). */
export const tooManyMessage = (what: string, retryAfterSeconds: number) => {
  const seconds = retryAfter(retryAfterSeconds);
  return `Too many ${what}. Try again in ${seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`}.`;
};
