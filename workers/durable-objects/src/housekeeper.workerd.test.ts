import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUDIT_RETENTION, VERIFICATION_RECORD_RETENTION, WALLET_ACTIVITY_RETENTION } from "#core/privacy/retention.ts";
import {
  analyticsEvents,
  analyticsRollups,
  housekeepingState,
  presentations,
  systemLogs,
  users,
  walletEvents,
} from "#db/schema/index.ts";
import { HOUSEKEEPING_INTERVAL_MS, type HousekeeperApi } from "#server/analytics/housekeeping.ts";
import { HOUR_MS, ROLLUP_JOB, startOfHour } from "#server/analytics/rollups.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { DurableObjectsEnv } from "./env.ts";
import { FIRST_RUN_DELAY_MS, type Housekeeper } from "./housekeeper.ts";
import { stubsWithAlarmsCleared, TestClock } from "./test-support.ts";

const bindings = env as unknown as DurableObjectsEnv & { HOUSEKEEPER: DurableObjectNamespace<Housekeeper> };
type Stub = DurableObjectStub<Housekeeper>;
const DAY_MS = 24 * HOUR_MS;

const made = stubsWithAlarmsCleared<Stub>();

/** A housekeeper of the test's own (the class does not depend on its name), on a clock of its own. */
async function housekeeper(at = Date.now()) {
  const stub = bindings.HOUSEKEEPER.get(bindings.HOUSEKEEPER.idFromName(crypto.randomUUID()));
  made.push(stub);
  const clock = new TestClock(at);
  await runInDurableObject(stub, (instance: Housekeeper) => {
    instance.clock = clock;
  });
  return { stub, clock, api: stub as unknown as HousekeeperApi };
}

const alarmOf = (stub: Stub) => runInDurableObject(stub, (_i, state) => state.storage.getAlarm());

describe("Housekeeper", () => {
  it("keeps one random visitor salt a day: the same all day, a new one the next day, and the old one gone", async () => {
    const { api, clock } = await housekeeper(Date.parse("2026-11-24T08:00:00Z"));
    const first = await api.dailySalt();
    expect(first.day).toBe("2026-11-24");
    expect(first.salt.byteLength).toBe(32);
    clock.advance(Date.parse("2026-11-24T23:59:59Z") - clock.now());
    expect(new Uint8Array((await api.dailySalt()).salt)).toEqual(new Uint8Array(first.salt));
    clock.advance(2_000);
    const next = await api.dailySalt();
    expect(next.day).toBe("2026-11-25");
    expect(new Uint8Array(next.salt)).not.toEqual(new Uint8Array(first.salt));
    // Another object (a fresh start) makes its own: salts are random, not derived from anything kept.
    const other = await (await housekeeper(Date.parse("2026-11-24T08:00:00Z"))).api.dailySalt();
    expect(new Uint8Array(other.salt)).not.toEqual(new Uint8Array(first.salt));
  });

  it("arms its own schedule when it starts, and re-arms an alarm that is long overdue", async () => {
    const { stub, api, clock } = await housekeeper();
    const armed = await alarmOf(stub);
    expect(armed).not.toBeNull();
    // Asked again (another isolate of the web worker): the same alarm, not a new one.
    expect(await api.ensureScheduled()).toEqual({ nextRunAt: armed });
    // An alarm overdue by more than a period is set again, from the object's clock.
    clock.advance(FIRST_RUN_DELAY_MS + 2 * HOUSEKEEPING_INTERVAL_MS);
    const rearmed = await api.ensureScheduled();
    expect(rearmed.nextRunAt).toBe(clock.now() + FIRST_RUN_DELAY_MS);
    expect(await alarmOf(stub)).toBe(rearmed.nextRunAt);
  });

  it("rolls up the complete hours, then prunes raw rows past 90 days but not the audit trail, and re-arms", async () => {
    const now = Date.now();
    const page = `/housekeeper-${crypto.randomUUID()}`;
    const twoHoursAgo = startOfHour(now) - 2 * HOUR_MS;
    const label = crypto.randomUUID();
    const view = (when: number, eventLabel: string) => ({
      eventType: "page_view",
      eventCategory: "navigation",
      eventAction: "view_page",
      page,
      eventLabel,
      timestamp: new Date(when),
    });
    await db()
      .insert(analyticsEvents)
      .values([
        view(twoHoursAgo + 60_000, label),
        view(twoHoursAgo + 120_000, label),
        view(now - 91 * DAY_MS, `${label}-old`),
        view(now - 89 * DAY_MS, `${label}-kept`),
      ]);
    const marker = crypto.randomUUID();
    await db()
      .insert(systemLogs)
      .values([
        {
          level: "warn",
          category: "authz",
          message: "permission denied",
          component: marker,
          timestamp: new Date(now - 200 * DAY_MS),
        },
        {
          level: "error",
          category: "request",
          message: "GET /x answered 500",
          component: marker,
          timestamp: new Date(now - 200 * DAY_MS),
        },
      ]);
    // Arranged: the rollups have got as far as the hour of the test's views (re-rolling an hour is safe).
    await db()
      .insert(housekeepingState)
      .values({ job: ROLLUP_JOB, cursor: new Date(twoHoursAgo), updatedAt: new Date(now) })
      .onConflictDoUpdate({ target: housekeepingState.job, set: { cursor: new Date(twoHoursAgo) } });

    const { stub, api } = await housekeeper(now);
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    const rolled = await db()
      .select()
      .from(analyticsRollups)
      .where(and(eq(analyticsRollups.metric, "page_views"), eq(analyticsRollups.dimension, page)));
    expect(rolled.map((r) => [r.bucket.getTime(), r.count])).toEqual([[twoHoursAgo, 2]]);
    const left = await db()
      .select({ label: analyticsEvents.eventLabel })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.page, page));
    expect(left.map((r) => r.label).sort()).toEqual([label, label, `${label}-kept`].sort());
    const logs = await db()
      .select({ category: systemLogs.category })
      .from(systemLogs)
      .where(eq(systemLogs.component, marker));
    expect(logs.map((l) => l.category)).toEqual(["authz"]);

    const run = await api.lastRun();
    expect(run).toMatchObject({
      at: now,
      rollups: { from: twoHoursAgo, caughtUp: true },
      retention: { cutoff: now - 90 * DAY_MS },
    });
    expect(run!.retention.deleted.analytics_events).toBeGreaterThanOrEqual(1);
    expect(await alarmOf(stub)).toBe(now + (run!.caughtUp ? HOUSEKEEPING_INTERVAL_MS : 10_000));
  });

  it("deletes verification records and audit rows on its alarm once the privacy policy's periods have passed, by its own clock", async () => {
    const now = Date.now();
    const marker = crypto.randomUUID();
    // An audit row 1 minute short of 12 months old, a verification record 3 minutes short of 2 years.
    const [check] = await db()
      .insert(presentations)
      .values({
        purpose: marker,
        verificationResult: "valid",
        verifiedAt: new Date(now - VERIFICATION_RECORD_RETENTION.ms + 3 * 60_000),
      })
      .returning();
    await db()
      .insert(systemLogs)
      .values({
        level: "info",
        category: "admin",
        message: "credential revoked",
        component: marker,
        timestamp: new Date(now - AUDIT_RETENTION.ms + 60_000),
      });
    const kept = async () => [
      (
        await db()
          .select()
          .from(presentations)
          .where(inArray(presentations.id, [check!.id]))
      ).length,
      (await db().select().from(systemLogs).where(eq(systemLogs.component, marker))).length,
    ];

    const { stub, clock } = await housekeeper(now);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await kept()).toEqual([1, 1]);
    // Two minutes on (the object's clock): the audit row is past 12 months and goes; the record stays.
    clock.advance(2 * 60_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await kept()).toEqual([1, 0]);
    // Two more: the record is past 2 years and goes too.
    clock.advance(2 * 60_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await kept()).toEqual([0, 0]);
  });

  it("deletes a person's wallet activity on its alarm once it is 12 months old, by its own clock", async () => {
    const now = Date.now();
    const [person] = await db()
      .insert(users)
      .values({ username: `activity-${crypto.randomUUID()}`, passwordHash: "x" })
      .returning();
    // One event a minute short of 12 months old, one a day old.
    await db()
      .insert(walletEvents)
      .values([
        {
          userId: person!.id,
          kind: "credential_verified",
          createdAt: new Date(now - WALLET_ACTIVITY_RETENTION.ms + 60_000),
        },
        { userId: person!.id, kind: "share_created", createdAt: new Date(now - DAY_MS) },
      ]);
    const kinds = async () =>
      (await db().select().from(walletEvents).where(eq(walletEvents.userId, person!.id))).map((e) => e.kind).sort();

    const { stub, clock } = await housekeeper(now);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await kinds()).toEqual(["credential_verified", "share_created"]);
    // Two minutes on: the older event is past 12 months and goes; the recent one stays.
    clock.advance(2 * 60_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await kinds()).toEqual(["share_created"]);
  });
});
