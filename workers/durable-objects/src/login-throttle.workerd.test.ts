import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { LoginThrottle, ThrottlePolicy } from "./login-throttle.ts";

const POLICY: ThrottlePolicy = { maxFailures: 3, windowMs: 60_000, lockoutMs: 300_000 };
const T0 = 1_800_000_000_000;

const ns = (env as unknown as { LOGIN_THROTTLE: DurableObjectNamespace<LoginThrottle> }).LOGIN_THROTTLE;
/** A fresh object per test: one key, one object. */
const freshThrottle = () => ns.get(ns.idFromName(`user:${crypto.randomUUID()}`));

describe("LoginThrottle", () => {
  it("allows attempts below the limit and counts them", async () => {
    const throttle = freshThrottle();
    expect(await throttle.check(T0)).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 0 });
    expect(await throttle.recordFailure(POLICY, T0)).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 1 });
    expect(await throttle.recordFailure(POLICY, T0 + 1000)).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 2 });
    expect(await throttle.check(T0 + 2000)).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 2 });
  });

  it("locks out at the limit for lockoutMs, reporting whole seconds to wait", async () => {
    const throttle = freshThrottle();
    await throttle.recordFailure(POLICY, T0);
    await throttle.recordFailure(POLICY, T0 + 1000);
    const locked = await throttle.recordFailure(POLICY, T0 + 2000);
    expect(locked).toEqual({ allowed: false, retryAfterSeconds: 300, failures: 3 });
    expect(await throttle.check(T0 + 2000 + 299_500)).toEqual({ allowed: false, retryAfterSeconds: 1, failures: 3 });
    expect((await throttle.check(T0 + 2000 + 300_000)).allowed).toBe(true);
  });

  it("persists the count in storage, not memory", async () => {
    const throttle = freshThrottle();
    await throttle.recordFailure(POLICY, T0);
    const stored = await runInDurableObject(throttle, (_instance, state) => state.storage.get("state"));
    expect(stored).toEqual({ failures: 1, windowStart: T0, lockedUntil: 0 });
  });

  it("starts counting afresh once the window has passed", async () => {
    const throttle = freshThrottle();
    await throttle.recordFailure(POLICY, T0);
    await throttle.recordFailure(POLICY, T0 + 1000);
    const later = await throttle.recordFailure(POLICY, T0 + POLICY.windowMs);
    expect(later).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 1 });
  });

  it("clear() forgets every failure (a successful sign-in)", async () => {
    const throttle = freshThrottle();
    await throttle.recordFailure(POLICY, T0);
    await throttle.recordFailure(POLICY, T0 + 1);
    await throttle.clear();
    expect(await throttle.check(T0 + 2)).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 0 });
    expect((await throttle.recordFailure(POLICY, T0 + 3)).failures).toBe(1);
  });

  it("rejects a malformed policy (zod at the RPC boundary) and records nothing", async () => {
    const throttle = freshThrottle();
    // Called on the instance: an RPC rejection would surface as an unhandled error in the pool.
    const errors = await runInDurableObject(throttle, async (instance: LoginThrottle) => {
      const messages: string[] = [];
      for (const bad of [{ maxFailures: 0, windowMs: 1, lockoutMs: 1 }, { maxFailures: 1.5, windowMs: 1, lockoutMs: 1 }]) {
        try {
          await instance.recordFailure(bad, T0);
        } catch (error) {
          messages.push((error as Error).name);
        }
      }
      return messages;
    });
    expect(errors).toEqual(["ZodError", "ZodError"]);
    expect((await throttle.check(T0)).failures).toBe(0);
  });

  it("schedules cleanup for when the lockout or window ends", async () => {
    const throttle = freshThrottle();
    const now = Date.now();
    await throttle.recordFailure(POLICY, now);
    expect(await runInDurableObject(throttle, (_i, state) => state.storage.getAlarm())).toBe(now + POLICY.windowMs);
    await throttle.recordFailure(POLICY, now + 1);
    await throttle.recordFailure(POLICY, now + 2);
    expect(await runInDurableObject(throttle, (_i, state) => state.storage.getAlarm())).toBe(now + 2 + POLICY.lockoutMs);
  });

  it("the alarm deletes state whose lockout is over", async () => {
    const throttle = freshThrottle();
    const past = Date.now() - 3_600_000;
    for (let i = 0; i < 3; i++) await throttle.recordFailure(POLICY, past + i);
    expect(await runDurableObjectAlarm(throttle)).toBe(true);
    expect(await runInDurableObject(throttle, (_i, state) => state.storage.get("state"))).toBeUndefined();
    expect(await throttle.check()).toEqual({ allowed: true, retryAfterSeconds: 0, failures: 0 });
  });

  it("the alarm keeps a lockout that is still running (alarms may run more than once)", async () => {
    const throttle = freshThrottle();
    const now = Date.now();
    for (let i = 0; i < 3; i++) await throttle.recordFailure(POLICY, now);
    expect(await runDurableObjectAlarm(throttle)).toBe(true);
    const state = await throttle.check(now + 1000);
    expect(state.allowed).toBe(false);
    expect(state.failures).toBe(3);
  });
});
