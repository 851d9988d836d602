import { DurableObject } from "cloudflare:workers";
import { z } from "zod";

/**
 * Counts failed sign-ins for one key ("user:<username>" or "ip:<address>"); one object per key
 * (idFromName), so counting is serialised without locks. SECURITY.md: throttle failed logins per
 * account and per client address. The caller passes the policy, so the username limit and the
 * (higher) address limit share this code.
 */
export const ThrottlePolicy = z.object({
  /** Failures allowed within the window; the next attempt is refused until the lockout ends. */
  maxFailures: z.number().int().positive(),
  windowMs: z.number().int().positive(),
  lockoutMs: z.number().int().positive(),
});
export type ThrottlePolicy = z.infer<typeof ThrottlePolicy>;

export interface ThrottleState {
  allowed: boolean;
  /** Whole seconds until another attempt is accepted (0 when allowed). */
  retryAfterSeconds: number;
  failures: number;
}

interface Stored {
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

const EMPTY: Stored = { failures: 0, windowStart: 0, lockedUntil: 0 };

export class LoginThrottle extends DurableObject {
  async check(now = Date.now()): Promise<ThrottleState> {
    return this.view(await this.load(), now);
  }

  async recordFailure(policyInput: ThrottlePolicy, now = Date.now()): Promise<ThrottleState> {
    const policy = ThrottlePolicy.parse(policyInput);
    let state = await this.load();
    if (now - state.windowStart >= policy.windowMs) state = { failures: 0, windowStart: now, lockedUntil: 0 };
    state.failures += 1;
    if (state.failures >= policy.maxFailures) state.lockedUntil = now + policy.lockoutMs;
    await this.ctx.storage.put("state", state);
    // Forget the key once nothing about it matters any more.
    await this.ctx.storage.setAlarm(Math.max(state.lockedUntil, state.windowStart + policy.windowMs));
    return this.view(state, now);
  }

  /** A successful sign-in clears an account's consecutive-failure count. */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  async alarm(): Promise<void> {
    const state = await this.load();
    if (state.lockedUntil <= Date.now()) await this.ctx.storage.deleteAll();
  }

  private async load(): Promise<Stored> {
    return (await this.ctx.storage.get<Stored>("state")) ?? { ...EMPTY };
  }

  private view(state: Stored, now: number): ThrottleState {
    const waitMs = state.lockedUntil - now;
    return waitMs > 0
      ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000), failures: state.failures }
      : { allowed: true, retryAfterSeconds: 0, failures: state.failures };
  }
}
