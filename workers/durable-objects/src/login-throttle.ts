import { type LoginThrottleApi, ThrottlePolicy, type ThrottleState } from "#server/accounts/throttle.ts";
import { ClockedObject } from "./clocked-object.ts";

/**
 * Counts attempts for one key ("ip:<address>", "pair:<name>|<address>", "user:<name>",
 * "device:<id>", "register-ip:<address>"); one object per key (idFromName). Throttles failed
 * logins and registrations; the caller passes the policy, so every limit shares this code
 * (ADR 007; the policies and the RPC contract are in server/accounts/throttle.ts).
 *
 * An attempt is counted *before* the expensive work it guards (the password hash), as a
 * provisional failure, in the same call that decides whether it may go ahead: `attempt()` reads,
 * decides and writes with no `await` in between, so simultaneous requests cannot all pass a check
 * before any of them is counted. A caller whose attempt turns out good takes it back: `clear()` for
 * an account (a proven password ends the run of failures), `undo()` for an address (one good
 * sign-in must not excuse other failures from the same address, only its own attempt).
 */
/** What the object keeps in storage for its key. */
export interface StoredThrottle {
  count: number;
  windowStart: number;
  lastAttemptAt: number;
  lockedUntil: number;
  /** When nothing about the key matters any more; the alarm forgets it then. */
  forgetAt: number;
}

const KEY = "state";

/** The lockout the `count`th attempt starts: fixed, or doubling past the limit up to the policy's maximum. */
function lockoutFor(policy: ThrottlePolicy, count: number): number {
  if (policy.lockoutMaxMs === undefined) return policy.lockoutMs;
  return Math.min(policy.lockoutMs * 2 ** Math.min(Math.max(count - policy.limit, 0), 40), policy.lockoutMaxMs);
}

export class LoginThrottle extends ClockedObject implements LoginThrottleApi {
  async attempt(policyInput: ThrottlePolicy): Promise<ThrottleState> {
    const policy = ThrottlePolicy.parse(policyInput);
    const now = this.clock.now();
    const stored = this.#load();
    if (stored && stored.lockedUntil > now) {
      return { allowed: false, count: stored.count, retryAfterSeconds: Math.ceil((stored.lockedUntil - now) / 1000) };
    }
    const since = stored ? (policy.window === "fixed" ? stored.windowStart : stored.lastAttemptAt) : 0;
    const state: StoredThrottle =
      stored && now - since < policy.windowMs
        ? { ...stored }
        : { count: 0, windowStart: now, lastAttemptAt: now, lockedUntil: 0, forgetAt: 0 };
    state.count += 1;
    state.lastAttemptAt = now;
    // A lockout that has ended leaves the count at or over the limit: the next failure within the
    // window locks again at once (one guess per lockout), rather than allowing another full run.
    const lockout = lockoutFor(policy, state.count);
    if (state.count >= policy.limit) state.lockedUntil = now + lockout;
    state.forgetAt = Math.max(
      state.lockedUntil,
      (policy.window === "fixed" ? state.windowStart : now) + policy.windowMs,
    );
    this.ctx.storage.kv.put(KEY, state);
    await this.ctx.storage.setAlarm(state.forgetAt);
    return {
      allowed: true,
      count: state.count,
      retryAfterSeconds: state.lockedUntil > now ? Math.ceil(lockout / 1000) : 0,
    };
  }

  /**
   * Takes back one provisional count: the attempt succeeded on a key a success must not reset, or
   * it was refused by another key and checked nothing. Once the count is back under the limit, the
   * lock goes too: no failure is left to justify it.
   */
  async undo(policyInput: ThrottlePolicy): Promise<void> {
    const policy = ThrottlePolicy.parse(policyInput);
    const state = this.#load();
    if (!state || state.count === 0) return;
    state.count -= 1;
    if (state.count < policy.limit) state.lockedUntil = 0;
    this.ctx.storage.kv.put(KEY, state);
  }

  /** Forgets the key: a proven password ends an account's run of failures, lockout included. */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** Runs at least once, possibly more: forget only what has expired, otherwise wait again. */
  async alarm(): Promise<void> {
    const state = this.#load();
    if (!state) return;
    if (state.forgetAt <= this.clock.now()) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(state.forgetAt);
  }

  #load(): StoredThrottle | undefined {
    return this.ctx.storage.kv.get<StoredThrottle>(KEY);
  }
}
