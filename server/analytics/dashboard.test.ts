import { lt } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { analyticsEvents, errorGroups, errorLogs, performanceMetrics, userSessions, users } from "#db/schema/index.ts";
import { recordError } from "#server/observability/errors.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { analyticsDashboard, dashboardWindow } from "./dashboard.ts";
import { HOUR_MS, rollUp } from "./rollups.ts";

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("analytics-dashboard-test-");
  db = temp.db;
  return temp.close;
});

// "Now" is 14:20 UTC on 2 November 2026; hour h is h hours after 00:00 that day.
const DAY0 = Date.UTC(2026, 10, 2);
const at = (hour: number, minute = 0) => new Date(DAY0 + hour * HOUR_MS + minute * 60_000);
const NOW = at(14, 20);

const request = (value: number, when: Date) => ({
  metricType: "response_time",
  metricName: "api_request",
  value,
  unit: "ms",
  timestamp: when,
});
const view = (page: string, when: Date) => ({
  eventType: "page_view",
  eventCategory: "navigation",
  eventAction: "view_page",
  page,
  timestamp: when,
});

async function occur(component: string, severity: "critical" | "high" | "medium" | "low", when: Date) {
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => pending.push(p),
    passThroughOnException() {},
  } as unknown as ExecutionContext;
  recordError({ db, ctx, requestId: "r" }, { errorType: "Error", component, message: "boom", severity }, when);
  await Promise.all(pending);
}

async function seed() {
  const [ann] = await db.insert(users).values({ username: "ann", passwordHash: "x" }).returning();
  // Earlier hours (rolled below) and the current hour (read raw).
  await db
    .insert(performanceMetrics)
    .values([
      request(100, at(9, 10)),
      request(300, at(9, 20)),
      request(200, at(14, 5)),
      request(1000, at(14, 6)),
      request(50, at(-60)) /* two and a half days ago */,
    ]);
  await db
    .insert(analyticsEvents)
    .values([
      view("/wallet", at(9)),
      view("/wallet", at(10)),
      view("/shares", at(10)),
      view("/wallet", at(14, 1)),
      view("/old", at(-30)),
    ]);
  await db.insert(userSessions).values([
    {
      sessionId: "a1",
      userId: ann!.id,
      device: "mobile",
      startTime: at(9),
      endTime: at(9, 10),
      duration: 600,
      isActive: false,
    },
    { sessionId: "a2", userId: ann!.id, device: "desktop", startTime: at(14, 10) },
    { sessionId: "v1", device: "mobile", startTime: at(12), endTime: at(12, 20), duration: 1200, isActive: false },
    { sessionId: "v2", device: "desktop", startTime: at(-20), endTime: at(-19), duration: 3600, isActive: false },
  ]);
  await occur("wallet", "high", at(9, 30));
  await occur("wallet", "high", at(14, 2));
  await occur("shares", "critical", at(11));
  await occur("old", "low", at(-30));
  await db
    .update(errorGroups)
    .set({ resolved: true })
    .where(lt(errorGroups.lastSeen, at(0)));
}

describe("the analytics dashboard", () => {
  it("answers 24 hourly points ending with the current hour, or whole UTC days", () => {
    const day = dashboardWindow("24h", NOW.getTime());
    expect([day.points.length, new Date(day.from).toISOString(), new Date(day.points.at(-1)!).toISOString()]).toEqual([
      24,
      "2026-11-01T15:00:00.000Z",
      "2026-11-02T14:00:00.000Z",
    ]);
    const month = dashboardWindow("30d", NOW.getTime());
    expect([month.points.length, new Date(month.from).toISOString()]).toEqual([30, "2026-10-04T00:00:00.000Z"]);
  });

  it("gives exact figures from rollups for rolled hours and raw rows for the rest, the same whichever way the rows are read", async () => {
    await seed();
    const live = await analyticsDashboard(db, "24h", NOW);
    await rollUp(db, NOW.getTime());
    const rolled = await analyticsDashboard(db, "24h", NOW);
    expect(rolled).toEqual(live);

    expect(rolled.systemHealth).toMatchObject({
      averageResponseTime: 400,
      unresolvedErrors: 2,
      errorsBySeverity: { critical: 1, high: 2, medium: 0, low: 0 },
    });
    expect(rolled.systemHealth.recentErrors.map((e) => [e.component, e.occurrences])).toEqual([
      ["wallet", 2],
      ["shares", 1],
      ["old", 1],
    ]);
    // Ann's visit at 14:10 is within 15 minutes of 14:20; the ended visits are not.
    expect(rolled.systemHealth.activeUsers).toBe(1);
    expect(rolled.userEngagement).toEqual({
      totalSessions: 3,
      // Ann (two visits) and one anonymous visit.
      uniqueUsers: 2,
      averageDuration: 900,
      topPages: [
        { page: "/wallet", views: 3 },
        { page: "/shares", views: 1 },
      ],
    });
    // Estimated from the histogram buckets (100 in [100, 150), 300 in [300, 400); 200 in [200, 300), 1000 in [1000, 1500)).
    const point = (hour: number) => rolled.charts.requests.find((p) => p.at === at(hour).toISOString());
    expect(point(9)).toEqual({ at: at(9).toISOString(), requests: 2, p50: 150, p95: 390 });
    expect(point(14)).toEqual({ at: at(14).toISOString(), requests: 2, p50: 300, p95: 1450 });
    expect(point(13)).toEqual({ at: at(13).toISOString(), requests: 0, p50: null, p95: null });
    expect(rolled.charts.errors.find((p) => p.at === at(11).toISOString())).toEqual({
      at: at(11).toISOString(),
      critical: 1,
      high: 0,
      medium: 0,
      low: 0,
    });
    expect(rolled.charts.sessions.filter((p) => p.count > 0).map((p) => [p.at, p.count])).toEqual([
      [at(9).toISOString(), 1],
      [at(12).toISOString(), 1],
      [at(14).toISOString(), 1],
    ]);
    expect(rolled.charts.devices).toEqual([
      { device: "mobile", sessions: 2 },
      { device: "desktop", sessions: 1 },
    ]);
  });

  it("reads the rolled hours from the rollups, not the raw rows (which retention may have deleted)", async () => {
    await seed();
    await rollUp(db, NOW.getTime());
    const before = await analyticsDashboard(db, "7d", NOW);
    await db.delete(performanceMetrics).where(lt(performanceMetrics.timestamp, at(14)));
    await db.delete(analyticsEvents).where(lt(analyticsEvents.timestamp, at(14)));
    await db.delete(errorLogs).where(lt(errorLogs.timestamp, at(14)));
    const after = await analyticsDashboard(db, "7d", NOW);
    expect(after.charts).toEqual(before.charts);
    expect(after.systemHealth.averageResponseTime).toBe(before.systemHealth.averageResponseTime);
    // Seven days: the 3-day-old request and the day-before visit are in.
    expect(after.systemHealth.averageResponseTime).toBe(330);
    expect(after.charts.sessions.map((p) => p.count)).toEqual([0, 0, 0, 0, 0, 1, 3]);
    expect(after.userEngagement.averageDuration).toBe(1800);
    expect(after.userEngagement.topPages).toEqual([
      { page: "/wallet", views: 3 },
      { page: "/old", views: 1 },
      { page: "/shares", views: 1 },
    ]);
  });

  it("answers the true empty figures on an empty database", async () => {
    const empty = await analyticsDashboard(db, "30d", NOW);
    expect(empty.systemHealth).toEqual({
      activeUsers: 0,
      averageResponseTime: null,
      unresolvedErrors: 0,
      errorsBySeverity: { critical: 0, high: 0, medium: 0, low: 0 },
      recentErrors: [],
    });
    expect(empty.userEngagement).toEqual({ totalSessions: 0, uniqueUsers: 0, averageDuration: null, topPages: [] });
    expect(empty.charts.requests.every((p) => p.requests === 0 && p.p50 === null)).toBe(true);
    expect(empty.charts.devices).toEqual([]);
  });
});
