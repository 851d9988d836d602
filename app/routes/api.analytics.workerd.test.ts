import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type {
  AnalyticsDashboard,
  ErrorDetail,
  ErrorRecord,
  EventRecord,
  LogEntry,
  PerformanceMetric,
} from "#core/analytics/dashboard.ts";
import { analyticsEvents, performanceMetrics, systemLogs, userSessions, users } from "#db/schema/index.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { type ErrorOccurrenceInput, errorStatements } from "#server/observability/errors.ts";
import { call, json, registerUser, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * /api/analytics/* through the real web worker (issue 12). The database is shared with other test
 * files running at the same time: every figure asserted is scoped to rows this file wrote (its own
 * pages, devices, components, metric types, log components).
 */
const ENDPOINTS = [
  "/api/analytics/dashboard",
  "/api/analytics/events",
  "/api/analytics/logs",
  "/api/analytics/errors",
  "/api/analytics/performance",
];

/** Seconds before the file started: within the current, not yet rolled, hour or the grace before it, so the dashboard reads these rows raw. */
const started = Date.now();
const ago = (seconds: number) => new Date(started - seconds * 1000);

async function occur(input: Partial<ErrorOccurrenceInput> & { component: string }, at: Date) {
  const d = db();
  await d.batch(
    errorStatements(
      d,
      { errorType: "TypeError", message: "Credential 12 missing", severity: "high", ...input },
      null,
      at,
    ),
  );
}

describe("/api/analytics: who may read", () => {
  it("answers 401 signed out, 403 to anyone but an administrator (audited), 405 to other methods", async () => {
    for (const path of ENDPOINTS) expect((await call(path)).status).toBe(401);
    expect((await call(`/api/analytics/errors/${crypto.randomUUID()}/resolve`, { method: "POST" })).status).toBe(401);
    const citizen = await registerUser();
    const operator = await registerUserWithRole("operator");
    for (const account of [citizen, operator]) {
      for (const path of ENDPOINTS) {
        const response = await call(path, { cookie: account.cookie });
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ message: "Forbidden" });
      }
      expect(
        (await call(`/api/analytics/errors/${crypto.randomUUID()}/resolve`, { method: "POST", cookie: account.cookie }))
          .status,
      ).toBe(403);
    }
    const refusals = async () =>
      (
        await db()
          .select({ reason: sql<string>`json_extract(${systemLogs.metadata}, '$.reason')` })
          .from(systemLogs)
          .where(and(eq(systemLogs.category, "authz"), eq(systemLogs.userId, citizen.user.id)))
      )
        .map((r) => r.reason)
        .sort();
    await vi.waitFor(
      async () => expect(await refusals()).toEqual(["resolve:errors", ...Array(5).fill("view:analytics")]),
      { timeout: 5_000 },
    );

    const admin = await registerUserWithRole("admin");
    const post = await call("/api/analytics/events", { method: "POST", cookie: admin.cookie, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    expect((await call(`/api/analytics/errors/${crypto.randomUUID()}/resolve`, { cookie: admin.cookie })).status).toBe(
      405,
    );
  }, 30_000);

  it("refuses a bad query with a clear 400", async () => {
    const { cookie } = await registerUserWithRole("admin");
    const cases: [string, string][] = [
      ["/api/analytics/events?limit=0", "limit must be at least 1"],
      ["/api/analytics/events?limit=501", "limit must be at most 500"],
      ["/api/analytics/events?limit=2.5", "limit must be a whole number"],
      [
        "/api/analytics/logs?level=verbose",
        "Invalid enum value. Expected 'debug' | 'info' | 'warn' | 'error', received 'verbose'",
      ],
      ["/api/analytics/errors?resolved=maybe", "Invalid enum value. Expected 'true' | 'false', received 'maybe'"],
      ["/api/analytics/dashboard?range=1y", "Invalid enum value. Expected '24h' | '7d' | '30d', received '1y'"],
      ["/api/analytics/performance?metricType=DROP%20TABLE", "metricType must be a short snake_case word"],
      ["/api/analytics/events?limit=10&offset=5", "Unrecognized key(s) in object: 'offset'"],
      ["/api/analytics/errors/not-an-id", "Error id must be a UUID"],
    ];
    for (const [path, message] of cases) {
      const response = await call(path, { cookie });
      expect([path, response.status]).toEqual([path, 400]);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const abc = await call("/api/analytics/events?limit=abc", { cookie });
    expect(abc.status).toBe(400);
    const unknown = await call(`/api/analytics/errors/${crypto.randomUUID()}`, { cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Error not found", code: "NOT_FOUND" });
    // Someone who chose Welsh reads the refusal in Welsh; the code stays the same.
    const welsh = await call(`/api/analytics/errors/${crypto.randomUUID()}`, {
      headers: { Cookie: `${SESSION_COOKIE}=${cookie}; lang=cy` },
    });
    expect(welsh.status).toBe(404);
    expect(await welsh.json()).toEqual({ message: "Heb ddod o hyd i'r gwall", code: "NOT_FOUND" });
  });
});

describe("/api/analytics: the lists", () => {
  it("lists events, logs of a level, and metrics of a type, newest first, bounded by limit", async () => {
    const { cookie } = await registerUserWithRole("admin");
    const label = uniqueName("label");
    const component = uniqueName("comp");
    const metricType = uniqueName("m_");
    await db()
      .insert(analyticsEvents)
      .values(
        [1, 2, 3].map((n) => ({
          eventType: "click",
          eventCategory: "user_interaction",
          eventAction: "click",
          eventLabel: label,
          page: `/p${n}`,
          timestamp: ago(10 - n),
        })),
      );
    await db()
      .insert(systemLogs)
      .values([
        { level: "debug", category: "test", message: "first", component, requestId: "r1", timestamp: ago(5) },
        { level: "warn", category: "test", message: "second", component, requestId: "r2", timestamp: ago(4) },
        { level: "debug", category: "test", message: "third", component, requestId: "r3", timestamp: ago(3) },
      ]);
    await db()
      .insert(performanceMetrics)
      .values(
        [40, 900, 1500].map((value, i) => ({
          metricType,
          metricName: "probe",
          value,
          unit: "ms",
          endpoint: `GET /probe/${i}`,
          timestamp: ago(9 - i),
        })),
      );

    const events = await json<EventRecord[]>(await call("/api/analytics/events?limit=500", { cookie }));
    expect(events.filter((e) => e.eventLabel === label).map((e) => e.page)).toEqual(["/p3", "/p2", "/p1"]);
    expect(Object.keys(events[0]!).sort()).toEqual([
      "eventAction",
      "eventCategory",
      "eventLabel",
      "eventType",
      "id",
      "page",
      "timestamp",
    ]);
    expect(await json<EventRecord[]>(await call("/api/analytics/events?limit=2", { cookie }))).toHaveLength(2);

    const debug = await json<LogEntry[]>(await call("/api/analytics/logs?level=debug&limit=500", { cookie }));
    expect(debug.filter((l) => l.component === component).map((l) => [l.message, l.level, l.requestId])).toEqual([
      ["third", "debug", "r3"],
      ["first", "debug", "r1"],
    ]);
    const all = await json<LogEntry[]>(await call("/api/analytics/logs?limit=500", { cookie }));
    expect(all.filter((l) => l.component === component).map((l) => l.message)).toEqual(["third", "second", "first"]);

    const metrics = await json<PerformanceMetric[]>(
      await call(`/api/analytics/performance?metricType=${metricType}`, { cookie }),
    );
    expect(metrics.map((m) => [m.value, m.endpoint, m.unit])).toEqual([
      [1500, "GET /probe/2", "ms"],
      [900, "GET /probe/1", "ms"],
      [40, "GET /probe/0", "ms"],
    ]);
  });

  it("groups errors, resolves one with who and when (409 the second time, audited), and shows it regressed when it happens again", async () => {
    const admin = await registerUserWithRole("admin");
    await db().update(users).set({ firstName: "Ada", lastName: "Admin" }).where(eq(users.id, admin.user.id));
    const component = uniqueName("errs");
    await occur({ component, message: "Credential 12 missing", severity: "medium" }, ago(30));
    await occur({ component, message: "Credential 99 missing", severity: "high" }, ago(20));
    await occur(
      { component, message: "Something else", severity: "low", errorType: "RangeError", context: { page: "/wallet" } },
      ago(10),
    );

    const open = (
      await json<ErrorRecord[]>(await call("/api/analytics/errors?resolved=false&limit=500", { cookie: admin.cookie }))
    ).filter((e) => e.component === component);
    expect(open.map((e) => [e.errorType, e.message, e.occurrences, e.severity, e.resolved, e.regressed])).toEqual([
      ["RangeError", "Something else", 1, "low", false, false],
      ["TypeError", "Credential 99 missing", 2, "high", false, false],
    ]);
    const group = open[1]!;
    expect(Date.parse(group.timestamp) - Date.parse(group.firstSeen)).toBe(10_000);

    const detail = await json<ErrorDetail>(await call(`/api/analytics/errors/${group.id}`, { cookie: admin.cookie }));
    expect(detail.recent.map((o) => o.message)).toEqual(["Credential 99 missing", "Credential 12 missing"]);
    const frontend = await json<ErrorDetail>(
      await call(`/api/analytics/errors/${open[0]!.id}`, { cookie: admin.cookie }),
    );
    expect(frontend.recent.map((o) => o.where)).toEqual(["/wallet"]);

    const resolve = await call(`/api/analytics/errors/${group.id}/resolve`, { method: "POST", cookie: admin.cookie });
    expect(resolve.status).toBe(200);
    const resolved = await json<ErrorRecord>(resolve);
    expect(resolved).toMatchObject({
      id: group.id,
      resolved: true,
      resolvedBy: "Ada Admin",
      regressed: false,
      occurrences: 2,
    });
    expect(Math.abs(Date.parse(resolved.resolvedAt!) - Date.now())).toBeLessThan(60_000);
    const again = await call(`/api/analytics/errors/${group.id}/resolve`, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "This error is already resolved", code: "ALREADY_RESOLVED" });

    const resolvedList = (
      await json<ErrorRecord[]>(await call("/api/analytics/errors?resolved=true&limit=500", { cookie: admin.cookie }))
    ).filter((e) => e.component === component);
    expect(resolvedList.map((e) => e.id)).toEqual([group.id]);
    const audited = async () =>
      (
        await db()
          .select({ message: systemLogs.message, metadata: systemLogs.metadata })
          .from(systemLogs)
          .where(and(eq(systemLogs.category, "admin"), eq(systemLogs.userId, admin.user.id)))
      ).map((r) => [r.message, r.metadata?.errorGroupId]);
    await vi.waitFor(
      async () => expect(await audited()).toEqual([[`error resolved user="${admin.username}"`, group.id]]),
      { timeout: 5_000 },
    );

    // It happens again: reopened as regressed, with the new occurrence counted.
    await occur({ component, message: "Credential 7 missing", severity: "medium" }, new Date());
    const reopened = (
      await json<ErrorRecord[]>(await call("/api/analytics/errors?resolved=false&limit=500", { cookie: admin.cookie }))
    ).find((e) => e.id === group.id);
    expect(reopened).toMatchObject({
      resolved: false,
      regressed: true,
      occurrences: 3,
      severity: "high",
      message: "Credential 7 missing",
    });
    const dashboard = await json<AnalyticsDashboard>(await call("/api/analytics/dashboard", { cookie: admin.cookie }));
    expect(dashboard.systemHealth.unresolvedErrors).toBeGreaterThanOrEqual(2);
    expect(
      (await call(`/api/analytics/errors/${group.id}/resolve`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(200);
  });
});

describe("/api/analytics/dashboard", () => {
  it("answers the range's points and figures from the rows written", async () => {
    const admin = await registerUserWithRole("admin");
    const device = uniqueName("dev");
    const page = `/${uniqueName("page")}`;
    await db()
      .insert(userSessions)
      .values([
        {
          sessionId: crypto.randomUUID(),
          userId: admin.user.id,
          device,
          startTime: ago(120),
          endTime: ago(60),
          duration: 60,
          isActive: false,
        },
        { sessionId: crypto.randomUUID(), device, startTime: ago(30) },
      ]);
    await db()
      .insert(analyticsEvents)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          eventType: "page_view",
          eventCategory: "navigation",
          eventAction: "view_page",
          page,
          timestamp: ago(i % 50),
        })),
      );

    const day = await json<AnalyticsDashboard>(await call("/api/analytics/dashboard", { cookie: admin.cookie }));
    expect([
      day.range,
      day.granularity,
      day.charts.requests.length,
      day.charts.errors.length,
      day.charts.sessions.length,
    ]).toEqual(["24h", "hour", 24, 24, 24]);
    expect(day.charts.devices.find((d) => d.device === device)).toEqual({ device, sessions: 2 });
    expect(day.userEngagement.topPages.find((p) => p.page === page)).toEqual({ page, views: 40 });
    expect(day.userEngagement.totalSessions).toBeGreaterThanOrEqual(2);
    expect(day.systemHealth.activeUsers).toBeGreaterThanOrEqual(2);
    // The points are consecutive hours ending with the current one.
    const hours = day.charts.requests.map((p) => Date.parse(p.at));
    expect(hours.slice(1).map((h, i) => h - hours[i]!)).toEqual(Array(23).fill(3_600_000));
    expect(Date.now() - hours[23]!).toBeLessThan(3_600_000);

    const week = await json<AnalyticsDashboard>(
      await call("/api/analytics/dashboard?range=7d", { cookie: admin.cookie }),
    );
    expect([week.granularity, week.charts.sessions.length]).toEqual(["day", 7]);
    expect(week.charts.devices.find((d) => d.device === device)).toEqual({ device, sessions: 2 });
    expect(week.charts.sessions.at(-1)!.at).toBe(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
  });
});
