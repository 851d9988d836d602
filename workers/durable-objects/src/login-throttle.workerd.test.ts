import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, REGISTRATION_THROTTLE } from "#server/accounts/throttle.ts";
import type { LoginThrottle, ThrottlePolicy } from "./login-throttle.ts";

const WINDOW = { limit: 3, lockoutMs: 300_000, window: "fixed", windowMs: 60_000 } satisfies ThrottlePolicy;
const CONSECUTIVE = { limit: 3, lockoutMs: 300_000, window: "idle", windowMs: 60_000 } satisfies ThrottlePolicy;

const ns = (env as unknown as { LOGIN_THROTTLE: DurableObjectNamespace<LoginThrottle> }).LOGIN_THROTTLE;
type Stub = DurableObjectStub<LoginThrottle>;
/** A fresh object per test: one key, one object. */
const freshThrottle = (): Stub => ns.get(ns.idFromName(`user:${crypto.randomUUID()}`));

interface Stored {
  count: number;
  windowStart: number;
  lastAttemptAt: number;
  lockedUntil: number;
  forgetAt: number;
}

// The object reads the clock itself; time is moved by rewriting what it stored.
const stored = (throttle: Stub) => runInDurableObject(throttle, (_i, state) => state.storage.kv.get<Stored>("state"));
const rewrite = (throttle: Stub, patch: Partial<Stored>) =>
  runInDurableObject(throttle, (_i, state) => {
    const current = state.storage.kv.get<Stored>("state")!;
    state.storage.kv.put("state", { ...current, ...patch });
  });
const alarmAt = (throttle: Stub) => runInDurableObject(throttle, (_i, state) => state.storage.getAlarm());

describe("LoginThrottle.attempt", () => {
  it("counts each attempt before it goes ahead; the one reaching the limit goes ahead and locks the key", async () => {
    const throttle = freshThrottle();
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 2, retryAfterSeconds: 0 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 300 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: false, count: 3, retryAfterSeconds: 300 });
  });

  it("lets exactly `limit` of many simultaneous attempts through", async () => {
    const throttle = freshThrottle();
    const results = await Promise.all(Array.from({ length: 12 }, () => throttle.attempt(WINDOW)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => r.allowed).map((r) => r.count).sort()).toEqual([1, 2, 3]);
    expect((await stored(throttle))?.count).toBe(3);
  });

  it("persists the count in storage, not memory", async () => {
    const throttle = freshThrottle();
    const before = Date.now();
    await throttle.attempt(WINDOW);
    const state = await stored(throttle);
    expect(state).toMatchObject({ count: 1, lockedUntil: 0 });
    expect(state!.windowStart).toBeGreaterThanOrEqual(before);
    expect(state!.lastAttemptAt).toBe(state!.windowStart);
  });

  it("reports the time left on a lockout in whole seconds, rounded up", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    await rewrite(throttle, { lockedUntil: Date.now() + 1_500 });
    expect(await throttle.attempt(WINDOW)).toMatchObject({ allowed: false, retryAfterSeconds: 2 });
  });

  it("after a lockout ends, the next attempt is allowed but locks again at once (one guess per lockout)", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(CONSECUTIVE);
    await rewrite(throttle, { lockedUntil: Date.now() - 1 });
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 4, retryAfterSeconds: 300 });
    expect((await throttle.attempt(CONSECUTIVE)).allowed).toBe(false);
  });

  it("fixed window: starts counting afresh once the window has passed", async () => {
    const throttle = freshThrottle();
    await throttle.attempt(WINDOW);
    await throttle.attempt(WINDOW);
    await rewrite(throttle, { windowStart: Date.now() - WINDOW.windowMs, lastAttemptAt: Date.now() - 1000 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("never lifts a running lockout because the window rolled over", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    const now = Date.now();
    await rewrite(throttle, { windowStart: now - 10 * WINDOW.windowMs, lastAttemptAt: now - 10 * WINDOW.windowMs, lockedUntil: now + 10_000 });
    const refused = await throttle.attempt(WINDOW);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(10);
    expect((await stored(throttle))?.count).toBe(3);
  });

  it("idle window: failures spread out slower than the limit still add up (consecutive, not per window)", async () => {
    const throttle = freshThrottle();
    await throttle.attempt(CONSECUTIVE);
    await throttle.attempt(CONSECUTIVE);
    // The run began long ago, but the latest failure is recent: the count carries on.
    const now = Date.now();
    await rewrite(throttle, { windowStart: now - 100 * CONSECUTIVE.windowMs, lastAttemptAt: now - CONSECUTIVE.windowMs + 5_000 });
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 300 });
  });

  it("idle window: forgets the count after windowMs without any attempt", async () => {
    const throttle = freshThrottle();
    await throttle.attempt(CONSECUTIVE);
    await throttle.attempt(CONSECUTIVE);
    await rewrite(throttle, { lastAttemptAt: Date.now() - CONSECUTIVE.windowMs });
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("rejects a malformed policy (zod at the RPC boundary) and records nothing", async () => {
    const throttle = freshThrottle();
    // Called on the instance: an RPC rejection would surface as an unhandled error in the pool.
    const errors = await runInDurableObject(throttle, async (instance: LoginThrottle) => {
      const messages: string[] = [];
      const bad = [
        { ...WINDOW, limit: 0 },
        { ...WINDOW, limit: 1.5 },
        { ...WINDOW, window: "sliding" },
        { limit: 1, lockoutMs: 1, windowMs: 1 },
      ];
      for (const policy of bad) {
        try {
          await instance.attempt(policy as ThrottlePolicy);
        } catch (error) {
          messages.push((error as Error).name);
        }
      }
      return messages;
    });
    expect(errors).toEqual(["ZodError", "ZodError", "ZodError", "ZodError"]);
    expect(await stored(throttle)).toBeUndefined();
  });
});

describe("LoginThrottle.undo and clear", () => {
  it("undo takes back one count and never goes below zero", async () => {
    const throttle = freshThrottle();
    await throttle.attempt(WINDOW);
    await throttle.attempt(WINDOW);
    await throttle.undo(WINDOW);
    expect((await stored(throttle))?.count).toBe(1);
    await throttle.undo(WINDOW);
    await throttle.undo(WINDOW);
    expect((await stored(throttle))?.count).toBe(0);
    expect((await throttle.attempt(WINDOW)).count).toBe(1);
  });

  it("undo of the attempt that locked the key lifts the lock; other failures still count", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    await throttle.undo(WINDOW);
    expect(await stored(throttle)).toMatchObject({ count: 2, lockedUntil: 0 });
    // Successes cannot reset the key: the two failures remain, and the next attempt locks it.
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 300 });
  });

  it("undo on a key with no state does nothing", async () => {
    const throttle = freshThrottle();
    await throttle.undo(WINDOW);
    expect(await stored(throttle)).toBeUndefined();
  });

  it("clear forgets every attempt and the lockout (a proven password on the account key)", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(CONSECUTIVE);
    await throttle.clear();
    expect(await stored(throttle)).toBeUndefined();
    expect(await alarmAt(throttle)).toBeNull();
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });
});

describe("LoginThrottle alarm", () => {
  it("is set for when the window or the lockout ends, whichever is later", async () => {
    const throttle = freshThrottle();
    await throttle.attempt(WINDOW);
    const first = (await stored(throttle))!;
    expect(await alarmAt(throttle)).toBe(first.windowStart + WINDOW.windowMs);
    await throttle.attempt(WINDOW);
    await throttle.attempt(WINDOW);
    const locked = (await stored(throttle))!;
    expect(await alarmAt(throttle)).toBe(locked.lockedUntil);
    expect(locked.forgetAt).toBe(locked.lockedUntil);
  });

  it("on an idle window, moves with every attempt", async () => {
    const throttle = freshThrottle();
    await throttle.attempt(CONSECUTIVE);
    await rewrite(throttle, { lastAttemptAt: Date.now() - 30_000 });
    await throttle.attempt(CONSECUTIVE);
    const state = (await stored(throttle))!;
    expect(await alarmAt(throttle)).toBe(state.lastAttemptAt + CONSECUTIVE.windowMs);
  });

  it("deletes state that no longer matters", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    await rewrite(throttle, { lockedUntil: Date.now() - 1, forgetAt: Date.now() - 1 });
    expect(await runDurableObjectAlarm(throttle)).toBe(true);
    expect(await stored(throttle)).toBeUndefined();
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("keeps a lockout that is still running and waits again (alarms may run early or more than once)", async () => {
    const throttle = freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    const before = (await stored(throttle))!;
    expect(await runDurableObjectAlarm(throttle)).toBe(true);
    expect(await stored(throttle)).toEqual(before);
    expect(await alarmAt(throttle)).toBe(before.forgetAt);
    expect((await throttle.attempt(WINDOW)).allowed).toBe(false);
  });
});

// The policies the web worker passes (server/accounts/throttle.ts; ADR 007), as this object applies them.
describe("the web worker's policies", () => {
  const HOUR = 3_600_000;
  const fail = async (throttle: Stub, policy: ThrottlePolicy, times: number) => {
    for (let i = 0; i < times; i++) expect((await throttle.attempt(policy)).allowed).toBe(true);
  };

  it("account: 10 consecutive failures lock it for 15 minutes, however slowly they came", async () => {
    const throttle = freshThrottle();
    await fail(throttle, ACCOUNT_THROTTLE, 9);
    // The run began a day ago with the latest failure an hour ago: no hourly window restarts it.
    await rewrite(throttle, { windowStart: Date.now() - 24 * HOUR, lastAttemptAt: Date.now() - HOUR });
    expect(await throttle.attempt(ACCOUNT_THROTTLE)).toEqual({ allowed: true, count: 10, retryAfterSeconds: 900 });
    expect(await throttle.attempt(ACCOUNT_THROTTLE)).toMatchObject({ allowed: false, count: 10 });
  });

  it("account: once a lockout ends, the next failure locks it again at once", async () => {
    const throttle = freshThrottle();
    await fail(throttle, ACCOUNT_THROTTLE, 10);
    await rewrite(throttle, { lockedUntil: Date.now() - 1, lastAttemptAt: Date.now() - 16 * 60_000 });
    expect(await throttle.attempt(ACCOUNT_THROTTLE)).toEqual({ allowed: true, count: 11, retryAfterSeconds: 900 });
    expect((await throttle.attempt(ACCOUNT_THROTTLE)).allowed).toBe(false);
  });

  it("account: a run is forgotten only after 30 days without any attempt", async () => {
    const throttle = freshThrottle();
    await fail(throttle, ACCOUNT_THROTTLE, 9);
    await rewrite(throttle, { lastAttemptAt: Date.now() - 29 * 24 * HOUR });
    expect((await throttle.attempt(ACCOUNT_THROTTLE)).count).toBe(10);
    await rewrite(throttle, { lockedUntil: 0, lastAttemptAt: Date.now() - 30 * 24 * HOUR });
    expect((await throttle.attempt(ACCOUNT_THROTTLE)).count).toBe(1);
  });

  it("address: a lockout outlives the 15-minute window it was reached in", async () => {
    const throttle = freshThrottle();
    await fail(throttle, ADDRESS_THROTTLE, 100);
    const longAgo = Date.now() - 2 * ADDRESS_THROTTLE.windowMs;
    await rewrite(throttle, { windowStart: longAgo, lastAttemptAt: longAgo, lockedUntil: Date.now() + 60_000 });
    expect((await throttle.attempt(ADDRESS_THROTTLE)).allowed).toBe(false);
    await rewrite(throttle, { lockedUntil: Date.now() - 1 });
    expect(await throttle.attempt(ADDRESS_THROTTLE)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("registration: 20 an hour from one address, then an hour's wait", async () => {
    const throttle = freshThrottle();
    await fail(throttle, REGISTRATION_THROTTLE, 19);
    expect(await throttle.attempt(REGISTRATION_THROTTLE)).toEqual({ allowed: true, count: 20, retryAfterSeconds: 3600 });
    expect(await throttle.attempt(REGISTRATION_THROTTLE)).toEqual({ allowed: false, count: 20, retryAfterSeconds: 3600 });
  });
});
