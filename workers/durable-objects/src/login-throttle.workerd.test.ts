import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  PAIR_THROTTLE,
  REGISTRATION_THROTTLE,
  type ThrottlePolicy,
} from "#server/accounts/throttle.ts";
import type { LoginThrottle, StoredThrottle } from "./login-throttle.ts";
import { alarmAt, TestClock } from "./test-support.ts";

const WINDOW = { limit: 3, lockoutMs: 300_000, window: "fixed", windowMs: 60_000 } satisfies ThrottlePolicy;
const CONSECUTIVE = { limit: 3, lockoutMs: 300_000, window: "idle", windowMs: 60_000 } satisfies ThrottlePolicy;

const ns = (env as unknown as { LOGIN_THROTTLE: DurableObjectNamespace<LoginThrottle> }).LOGIN_THROTTLE;
type Stub = DurableObjectStub<LoginThrottle>;

/** A fresh object per test (one key, one object) running on a clock of the test's own. */
async function freshThrottle(): Promise<{ throttle: Stub; clock: TestClock }> {
  const throttle = ns.get(ns.idFromName(`user:${crypto.randomUUID()}`));
  const clock = new TestClock(Date.now());
  await runInDurableObject(throttle, (instance: LoginThrottle) => {
    instance.clock = clock;
  });
  return { throttle, clock };
}

// Read only, to check what the object keeps in storage rather than in memory.
const stored = (throttle: Stub) =>
  runInDurableObject(throttle, (_i, state) => state.storage.kv.get<StoredThrottle>("state"));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("LoginThrottle.attempt", () => {
  it("counts each attempt before it goes ahead; the one reaching the limit goes ahead and locks the key", async () => {
    const { throttle } = await freshThrottle();
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 2, retryAfterSeconds: 0 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 300 });
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: false, count: 3, retryAfterSeconds: 300 });
  });

  it("lets exactly `limit` of many simultaneous attempts through", async () => {
    const { throttle } = await freshThrottle();
    const results = await Promise.all(Array.from({ length: 12 }, () => throttle.attempt(WINDOW)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.count)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect((await stored(throttle))?.count).toBe(3);
  });

  it("persists the count in storage, not memory", async () => {
    const { throttle, clock } = await freshThrottle();
    await throttle.attempt(WINDOW);
    expect(await stored(throttle)).toEqual({
      count: 1,
      windowStart: clock.now(),
      lastAttemptAt: clock.now(),
      lockedUntil: 0,
      forgetAt: clock.now() + WINDOW.windowMs,
    });
  });

  it("reports the time left on a lockout in whole seconds, rounded up", async () => {
    const { throttle, clock } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    clock.advance(WINDOW.lockoutMs - 1_500);
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: false, count: 3, retryAfterSeconds: 2 });
  });

  it("after a lockout ends, the next attempt is allowed but locks again at once (one guess per lockout)", async () => {
    // A run remembered longer than its lockout lasts, as the account policy's is.
    const LONG_RUN = { limit: 3, lockoutMs: 60_000, window: "idle", windowMs: 300_000 } satisfies ThrottlePolicy;
    const { throttle, clock } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(LONG_RUN);
    clock.advance(LONG_RUN.lockoutMs);
    expect(await throttle.attempt(LONG_RUN)).toEqual({ allowed: true, count: 4, retryAfterSeconds: 60 });
    expect((await throttle.attempt(LONG_RUN)).allowed).toBe(false);
  });

  it("fixed window: starts counting afresh once the window has passed", async () => {
    const { throttle, clock } = await freshThrottle();
    await throttle.attempt(WINDOW);
    clock.advance(WINDOW.windowMs - 1_000);
    await throttle.attempt(WINDOW);
    clock.advance(1_000);
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("never lifts a running lockout because the window rolled over", async () => {
    const { throttle, clock } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    // Five windows have passed, the five-minute lockout has not.
    clock.advance(WINDOW.lockoutMs - 10_000);
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: false, count: 3, retryAfterSeconds: 10 });
    expect((await stored(throttle))?.count).toBe(3);
  });

  it("idle window: failures spread out slower than the limit still add up (consecutive, not per window)", async () => {
    const { throttle, clock } = await freshThrottle();
    // Each failure a little less than a window after the one before: the run carries on.
    await throttle.attempt(CONSECUTIVE);
    clock.advance(CONSECUTIVE.windowMs - 5_000);
    await throttle.attempt(CONSECUTIVE);
    clock.advance(CONSECUTIVE.windowMs - 5_000);
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 300 });
  });

  it("idle window: forgets the count after windowMs without any attempt", async () => {
    const { throttle, clock } = await freshThrottle();
    await throttle.attempt(CONSECUTIVE);
    await throttle.attempt(CONSECUTIVE);
    clock.advance(CONSECUTIVE.windowMs);
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("rejects a malformed policy (zod at the RPC boundary) and records nothing", async () => {
    const { throttle } = await freshThrottle();
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
    const { throttle } = await freshThrottle();
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
    const { throttle } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    await throttle.undo(WINDOW);
    expect(await stored(throttle)).toMatchObject({ count: 2, lockedUntil: 0 });
    // Successes cannot reset the key: the two failures remain, and the next attempt locks it.
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 300 });
  });

  it("undo on a key with no state does nothing", async () => {
    const { throttle } = await freshThrottle();
    await throttle.undo(WINDOW);
    expect(await stored(throttle)).toBeUndefined();
  });

  it("clear forgets every attempt and the lockout (a proven password on the account key)", async () => {
    const { throttle } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(CONSECUTIVE);
    await throttle.clear();
    expect(await stored(throttle)).toBeUndefined();
    expect(await alarmAt(throttle)).toBeNull();
    expect(await throttle.attempt(CONSECUTIVE)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });
});

describe("LoginThrottle alarm", () => {
  it("is set for when the window or the lockout ends, whichever is later", async () => {
    const { throttle, clock } = await freshThrottle();
    const start = clock.now();
    await throttle.attempt(WINDOW);
    expect(await alarmAt(throttle)).toBe(start + WINDOW.windowMs);
    clock.advance(1_000);
    await throttle.attempt(WINDOW);
    await throttle.attempt(WINDOW);
    expect(await alarmAt(throttle)).toBe(start + 1_000 + WINDOW.lockoutMs);
  });

  it("on an idle window, moves with every attempt", async () => {
    const { throttle, clock } = await freshThrottle();
    await throttle.attempt(CONSECUTIVE);
    clock.advance(30_000);
    await throttle.attempt(CONSECUTIVE);
    expect(await alarmAt(throttle)).toBe(clock.now() + CONSECUTIVE.windowMs);
  });

  it("deletes state that no longer matters", async () => {
    const { throttle, clock } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    clock.advance(WINDOW.lockoutMs);
    expect(await runDurableObjectAlarm(throttle)).toBe(true);
    expect(await stored(throttle)).toBeUndefined();
    expect(await throttle.attempt(WINDOW)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("keeps a lockout that is still running and waits again (alarms may run early or more than once)", async () => {
    const { throttle, clock } = await freshThrottle();
    for (let i = 0; i < 3; i++) await throttle.attempt(WINDOW);
    const before = (await stored(throttle))!;
    clock.advance(WINDOW.lockoutMs - 1);
    expect(await runDurableObjectAlarm(throttle)).toBe(true);
    expect(await stored(throttle)).toEqual(before);
    expect(await alarmAt(throttle)).toBe(before.forgetAt);
    expect((await throttle.attempt(WINDOW)).allowed).toBe(false);
  });
});

// The policies the web worker passes (server/accounts/throttle.ts; ADR 007), as this object applies them.
describe("the web worker's policies", () => {
  const fail = async (throttle: Stub, policy: ThrottlePolicy, times: number) => {
    for (let i = 0; i < times; i++) expect((await throttle.attempt(policy)).allowed).toBe(true);
  };

  it("account and address: 10 consecutive failures lock the pair for 15 minutes, however slowly they came", async () => {
    const { throttle, clock } = await freshThrottle();
    // Nine failures, one every 3 hours: no hourly window restarts the run.
    for (let i = 0; i < 9; i++) {
      await fail(throttle, PAIR_THROTTLE, 1);
      clock.advance(3 * HOUR);
    }
    expect(await throttle.attempt(PAIR_THROTTLE)).toEqual({ allowed: true, count: 10, retryAfterSeconds: 900 });
    expect(await throttle.attempt(PAIR_THROTTLE)).toMatchObject({ allowed: false, count: 10 });
  });

  it("account and address: once a lockout ends, the next failure locks the pair again at once", async () => {
    const { throttle, clock } = await freshThrottle();
    await fail(throttle, PAIR_THROTTLE, 10);
    clock.advance(16 * MINUTE);
    expect(await throttle.attempt(PAIR_THROTTLE)).toEqual({ allowed: true, count: 11, retryAfterSeconds: 900 });
    expect((await throttle.attempt(PAIR_THROTTLE)).allowed).toBe(false);
  });

  it("account: past 10 failures each one doubles the wait for the next attempt (30 s, 1 min, 2 min …) up to 15 minutes", async () => {
    const { throttle, clock } = await freshThrottle();
    await fail(throttle, ACCOUNT_THROTTLE, 9);
    // The tenth failure starts the delays: thirty seconds.
    expect(await throttle.attempt(ACCOUNT_THROTTLE)).toEqual({ allowed: true, count: 10, retryAfterSeconds: 30 });
    clock.advance(29_000);
    expect(await throttle.attempt(ACCOUNT_THROTTLE)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      clock.advance(15 * MINUTE);
      waits.push((await throttle.attempt(ACCOUNT_THROTTLE)).retryAfterSeconds);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900, 900, 900]);
    // In the steady state, one guess per 15 minutes, from however many addresses.
    clock.advance(15 * MINUTE - 1_000);
    expect((await throttle.attempt(ACCOUNT_THROTTLE)).allowed).toBe(false);
  });

  it("account: a run is forgotten only after 30 days without any attempt", async () => {
    const { throttle, clock } = await freshThrottle();
    await fail(throttle, ACCOUNT_THROTTLE, 8);
    clock.advance(29 * DAY);
    expect((await throttle.attempt(ACCOUNT_THROTTLE)).count).toBe(9);
    clock.advance(30 * DAY);
    expect((await throttle.attempt(ACCOUNT_THROTTLE)).count).toBe(1);
  });

  it("address: a lockout outlives the 15-minute window it was reached in", async () => {
    const { throttle, clock } = await freshThrottle();
    await fail(throttle, ADDRESS_THROTTLE, 99);
    // The hundredth failure comes at the end of the window and locks the address for 15 minutes.
    clock.advance(ADDRESS_THROTTLE.windowMs - MINUTE);
    await fail(throttle, ADDRESS_THROTTLE, 1);
    clock.advance(2 * MINUTE);
    expect(await throttle.attempt(ADDRESS_THROTTLE)).toEqual({
      allowed: false,
      count: 100,
      retryAfterSeconds: 13 * 60,
    });
    clock.advance(13 * MINUTE);
    expect(await throttle.attempt(ADDRESS_THROTTLE)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it("registration: 20 an hour from one address, then an hour's wait", async () => {
    const { throttle } = await freshThrottle();
    await fail(throttle, REGISTRATION_THROTTLE, 19);
    expect(await throttle.attempt(REGISTRATION_THROTTLE)).toEqual({
      allowed: true,
      count: 20,
      retryAfterSeconds: 3600,
    });
    expect(await throttle.attempt(REGISTRATION_THROTTLE)).toEqual({
      allowed: false,
      count: 20,
      retryAfterSeconds: 3600,
    });
  });
});
