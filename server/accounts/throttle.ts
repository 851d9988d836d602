import { z } from "zod";
import type { RequestContext } from "#server/worker/context.ts";

/**
 * Brute-force limits (ADR 007), kept by the LoginThrottle Durable Object, one object per key.
 * This module is the contract between the callers (sign-in, registration) and the object: the
 * policies, the answers and the RPC interface. The object implements it in
 * workers/durable-objects; callers reach it only through these types.
 *
 * - Account (`user:`): 10 consecutive failed sign-ins lock it for 15 minutes; only a success
 *   clears the run. After a lockout, each further failure locks it again at once. A run is
 *   forgotten after 30 days with no attempt at all, so names never registered do not keep
 *   storage forever; that allows at most 10 guesses a month, not a rate anyone can use.
 * - Address (`ip:`): 100 failed sign-ins in 15 minutes lock it for 15 minutes. A success takes back
 *   only its own attempt, so one person mistyping in a shared office does not lock out everyone
 *   behind the address, and one good account cannot excuse spraying others.
 * - Registration (`register-ip:`): 20 registration attempts an hour from one address, successful
 *   or not (a 409 answers whether a name or email is taken, so probing counts too).
 */
export const ThrottlePolicy = z.object({
  /** Attempts counted before the key locks: the attempt that reaches it goes ahead and locks the key. */
  limit: z.number().int().positive(),
  lockoutMs: z.number().int().positive(),
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

export const ACCOUNT_THROTTLE: ThrottlePolicy = { limit: 10, lockoutMs: 15 * 60_000, window: "idle", windowMs: 30 * 24 * 60 * 60_000 };
export const ADDRESS_THROTTLE: ThrottlePolicy = { limit: 100, lockoutMs: 15 * 60_000, window: "fixed", windowMs: 15 * 60_000 };
export const REGISTRATION_THROTTLE: ThrottlePolicy = { limit: 20, lockoutMs: 60 * 60_000, window: "fixed", windowMs: 60 * 60_000 };

/** Usernames are one account whatever their case or surrounding spaces (users_username_lower_idx). */
export const normaliseUsername = (username: string) => username.trim().toLowerCase();

export const throttleKeys = {
  account: (username: string) => `user:${normaliseUsername(username)}`,
  address: (address: string) => `ip:${address}`,
  registration: (address: string) => `register-ip:${address}`,
};

export function throttle(context: Pick<RequestContext<ThrottleBindings>, "env">, key: string) {
  const ns = context.env.LOGIN_THROTTLE;
  return ns.get(ns.idFromName(key));
}

/** Retry-After in whole seconds, at least 1. */
export const retryAfter = (seconds: number) => Math.max(1, Math.ceil(seconds));

/** What a person is told, with the wait in minutes. */
export const tooManyMessage = (what: string, retryAfterSeconds: number) =>
  `Too many ${what}. Try again in ${Math.ceil(retryAfter(retryAfterSeconds) / 60)} minute(s).`;

/** The JSON 429 answer, with Retry-After. */
export function tooManyAttempts(what: string, retryAfterSeconds: number): Response {
  return Response.json({ message: tooManyMessage(what, retryAfterSeconds) }, { status: 429, headers: { "Retry-After": String(retryAfter(retryAfterSeconds)) } });
}
