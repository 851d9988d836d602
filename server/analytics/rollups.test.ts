import { beforeEach, describe, expect, it } from "vitest";
import { bucketOf, emptyHistogram } from "#core/analytics/histogram.ts";
import type { Database } from "#db/client.ts";
import {
  analyticsEvents,
  analyticsRollups,
  errorLogs,
  housekeepingState,
  performanceMetrics,
  userSessions,
} from "#db/schema/index.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { HOUR_MS, MAX_HOURS_PER_STEP, readRollups, rollHours, rollUp, rollUpStep, rollupCursor } from "./rollups.ts";

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("rollups-test-");
  db = temp.db;
  return temp.close;
});

const H0 = Date.UTC(2026, 10, 2, 10); // 10:00 UTC
const at = (hour: number, minute = 0) => new Date(H0 + hour * HOUR_MS + minute * 60_000);

async function seed() {
  await db.insert(performanceMetrics).values([
    ...[20, 40, 60, 120].map((value, i) => ({
      metricType: "response_time",
      metricName: "api_request",
      value,
      unit: "ms",
      timestamp: at(0, i * 10),
    })),
    { metricType: "response_time", metricName: "api_request", value: 2500, unit: "ms", timestamp: at(1, 5) },
    // Another metric type is not a request.
    { metricType: "memory", metricName: "heap", value: 99, unit: "MB", timestamp: at(0, 1) },
  ]);
  await db.insert(analyticsEvents).values([
    ...["/wallet", "/wallet", "/shares"].map((page, i) => ({
      eventType: "page_view",
      eventCategory: "navigation",
      eventAction: "view_page",
      page,
      timestamp: at(0, i),
    })),
    {
      eventType: "page_view",
      eventCategory: "navigation",
      eventAction: "view_page",
      page: "/wallet",
      timestamp: at(1, 59),
    },
    {
      eventType: "click",
      eventCategory: "user_interaction",
      eventAction: "click",
      page: "/wallet",
      timestamp: at(0, 3),
    },
  ]);
  await db.insert(userSessions).values([
    { sessionId: "s1", device: "mobile", startTime: at(0, 5), endTime: at(0, 35), duration: 1800 },
    { sessionId: "s2", device: "desktop", startTime: at(0, 50), endTime: at(1, 10), duration: 1200 },
    { sessionId: "s3", device: "mobile", startTime: at(1, 0) },
    // Ended within hour 1 though started two days before.
    { sessionId: "s4", device: "tablet", startTime: at(-48), endTime: at(1, 30), duration: 600 },
  ]);
  await db.insert(errorLogs).values([
    { component: "web", severity: "high", timestamp: at(0, 2) },
    { component: "web", severity: "high", timestamp: at(0, 4) },
    { component: "web", severity: "low", timestamp: at(1, 4) },
  ]);
}

const histogram = (...values: number[]) => {
  const h = emptyHistogram();
  for (const v of values) h[bucketOf(v)]!++;
  return h;
};

const summary = async (from: number, to: number) =>
  (await readRollups(db, from, to))
    .map((r) => [r.metric, (r.bucket - H0) / HOUR_MS, r.dimension, r.count, r.total])
    .sort((a, b) => String(a).localeCompare(String(b)));

describe("hourly rollups", () => {
  it("sums each hour's requests, page views, visits by device, ended visits and errors by severity", async () => {
    await seed();
    await rollHours(db, at(-48).getTime(), at(2).getTime());
    expect(await summary(at(0).getTime(), at(2).getTime())).toEqual(
      [
        ["errors", 0, "high", 2, 0],
        ["errors", 1, "low", 1, 0],
        ["page_views", 0, "/shares", 1, 0],
        ["page_views", 0, "/wallet", 2, 0],
        ["page_views", 1, "/wallet", 1, 0],
        ["requests", 0, "", 4, 240],
        ["requests", 1, "", 1, 2500],
        ["session_durations", 0, "", 1, 1800],
        ["session_durations", 1, "", 2, 1800],
        ["sessions", 0, "desktop", 1, 0],
        ["sessions", 0, "mobile", 1, 0],
        ["sessions", 1, "mobile", 1, 0],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    const [requests] = (await readRollups(db, at(0).getTime(), at(1).getTime())).filter((r) => r.metric === "requests");
    expect(requests!.histogram).toEqual(histogram(20, 40, 60, 120));
  });

  it("is idempotent: re-rolling an hour replaces it, and picks up rows that arrived since", async () => {
    await seed();
    await rollHours(db, at(0).getTime(), at(1).getTime());
    await rollHours(db, at(0).getTime(), at(1).getTime());
    expect((await summary(at(0).getTime(), at(1).getTime())).filter((r) => r[0] === "requests")).toEqual([
      ["requests", 0, "", 4, 240],
    ]);
    await db
      .insert(performanceMetrics)
      .values({ metricType: "response_time", metricName: "api_request", value: 10, unit: "ms", timestamp: at(0, 59) });
    await rollHours(db, at(0).getTime(), at(1).getTime());
    expect((await summary(at(0).getTime(), at(1).getTime())).filter((r) => r[0] === "requests")).toEqual([
      ["requests", 0, "", 5, 250],
    ]);
  });

  it("rolls each complete hour once, after a grace, moving a cursor", async () => {
    await seed();
    // 12:03: hour 1 (11:00–12:00) ended 3 minutes ago, inside the grace: only hour 0 and before are rolled.
    const first = await rollUp(db, at(2, 3).getTime());
    expect(first.at(-1)!.to).toBe(at(1).getTime());
    expect(await rollupCursor(db)).toBe(at(1).getTime());
    // The first run started at the oldest raw row's hour (s4, two days before), a day per step.
    expect(first.map((s) => [(s.from - H0) / HOUR_MS, (s.to - H0) / HOUR_MS])).toEqual([
      [-48, -24],
      [-24, 0],
      [0, 1],
    ]);
    expect((await summary(at(1).getTime(), at(2).getTime())).length).toBe(0);
    const second = await rollUpStep(db, at(2, 6).getTime());
    expect([second.from, second.to, second.caughtUp]).toEqual([at(1).getTime(), at(2).getTime(), true]);
    expect((await summary(at(1).getTime(), at(2).getTime())).filter((r) => r[0] === "requests")).toEqual([
      ["requests", 1, "", 1, 2500],
    ]);
    // Nothing new complete: nothing rolled, cursor kept.
    expect(await rollUpStep(db, at(2, 30).getTime())).toMatchObject({ rows: 0, caughtUp: true });
    const [state] = await db.select().from(housekeepingState);
    expect(state!.cursor.getTime()).toBe(at(2).getTime());
  });

  it("catches up a long gap in bounded steps", async () => {
    await db.insert(housekeepingState).values({ job: "analytics_rollups", cursor: at(0), updatedAt: at(0) });
    await db
      .insert(performanceMetrics)
      .values({ metricType: "response_time", metricName: "api_request", value: 7, unit: "ms", timestamp: at(60, 1) });
    const now = at(100, 10).getTime();
    const step = await rollUpStep(db, now);
    expect([step.from, step.to, step.caughtUp]).toEqual([at(0).getTime(), at(MAX_HOURS_PER_STEP).getTime(), false]);
    const steps = await rollUp(db, now);
    expect(steps.map((s) => (s.to - s.from) / HOUR_MS)).toEqual([24, 24, 24, 4]);
    expect(steps.at(-1)!.caughtUp).toBe(true);
    expect(await summary(at(0).getTime(), at(100).getTime())).toEqual([["requests", 60, "", 1, 7]]);
    // Beside the hour, its day's sum (which 7- and 30-day dashboards read).
    expect(
      (await db.select().from(analyticsRollups))
        .map((r) => [r.metric, (r.bucket.getTime() - H0) / HOUR_MS, r.count, r.total])
        .sort(),
    ).toEqual([
      ["requests", 60, 1, 7],
      // Hour 60 is 22:00 on 4 November; that day starts 38 hours after H0 (10:00 on 2 November).
      ["requests:day", 38, 1, 7],
    ]);
  });
});
