import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userProfiles, userSessions } from "#db/schema/index.ts";
import { type HousekeeperBinding, housekeeper } from "#server/analytics/housekeeping.ts";
import { hashAddress, trackingSessionId } from "#server/analytics/privacy.ts";
import { call, registerUser, SESSION_SECRET, sessionRowId, uniqueAddress } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** The client session lifecycle through the real web worker (spec 000 §4, §7; issue 12). */

const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const startBody = (overrides: Record<string, unknown> = {}) => ({
  startTime: new Date().toISOString(),
  userAgent: "claimed by the client, overridden by the header",
  referrer: "https://search.example/results?q=my+name",
  device: "desktop",
  browser: "Netscape",
  os: "BeOS",
  ...overrides,
});
const syncBody = (duration: number, pageViews: number, actions: number) => ({
  sessionData: { duration, lastActivity: new Date().toISOString(), pendingData: true },
  userPreferences: { theme: "dark" },
  formData: {},
  sessionMetrics: { pageViews, timeSpent: duration, lastSyncTime: null, actions },
});
const endBody = (duration: number, pageViews: number) => ({
  endTime: new Date().toISOString(),
  duration,
  pageViews,
  finalSync: true,
});

/** A signed-in citizen, their address, and the tracking row id their login maps to. */
async function citizen() {
  const account = await registerUser();
  const ip = uniqueAddress();
  const sessionId = await trackingSessionId(SESSION_SECRET, await sessionRowId(account.cookie));
  const post = (path: string, body: unknown, headers: Record<string, string> = { "User-Agent": ANDROID_PHONE }) =>
    call(path, { body, cookie: account.cookie, ip, headers });
  return { ...account, ip, sessionId, post };
}

const rowsFor = (userId: string) => db().select().from(userSessions).where(eq(userSessions.userId, userId));

describe("POST /api/session/start", () => {
  it("stores one row per login, tied by a keyed hash of the login, with what the server derives itself", async () => {
    const me = await citizen();
    const before = Date.now();
    const response = await me.post("/api/session/start", startBody());
    const after = Date.now();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ tracked: true });
    expect(response.headers.get("cache-control")).toBe("no-store");

    const [row, ...others] = await rowsFor(me.user.id);
    expect(others).toEqual([]);
    expect(row!.sessionId).toBe(me.sessionId);
    // Neither the cookie token nor the login's sid is stored.
    expect(row!.sessionId).not.toBe(me.cookie);
    expect(row!.sessionId).not.toBe(await sessionRowId(me.cookie));
    expect(row!.startTime.getTime()).toBeGreaterThanOrEqual(before);
    expect(row!.startTime.getTime()).toBeLessThanOrEqual(after);
    expect(row).toMatchObject({
      userId: me.user.id,
      endTime: null,
      duration: null,
      pageViews: 0,
      actions: 0,
      // From the User-Agent header, not the body's claims.
      device: "mobile",
      browser: "Chrome",
      os: "Android",
      country: null,
      region: null,
      // The raw user agent is not kept; the referrer only as its origin.
      userAgent: null,
      referrer: "https://search.example",
      isActive: true,
    });
    // No raw address: the day's keyed hash of it.
    expect(row!.ipAddress).toBe(
      await hashAddress((await housekeeper(env as unknown as HousekeeperBinding).dailySalt()).salt, me.ip),
    );
    expect(row!.ipAddress).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.ipAddress).not.toContain(me.ip);
  });

  it("is idempotent: a second start keeps the one row as it was", async () => {
    const me = await citizen();
    expect((await me.post("/api/session/start", startBody())).status).toBe(200);
    const [first] = await rowsFor(me.user.id);
    expect((await me.post("/api/session/start", startBody(), { "User-Agent": IPAD })).status).toBe(200);
    expect(await rowsFor(me.user.id)).toEqual([first]);
  });

  it("reads the device from the header: an iPad is a tablet on iOS in Safari", async () => {
    const me = await citizen();
    await me.post("/api/session/start", startBody(), { "User-Agent": IPAD });
    expect((await rowsFor(me.user.id))[0]).toMatchObject({
      device: "tablet",
      os: "iOS",
      browser: "Safari",
      userAgent: null,
    });
  });
});

describe("POST /api/session/sync and /end", () => {
  it("sync raises duration, page views and actions; a stale retry lowers nothing; end closes the row once", async () => {
    const me = await citizen();
    await me.post("/api/session/start", startBody());
    expect((await me.post("/api/session/sync", syncBody(45, 3, 2))).status).toBe(200);
    expect((await rowsFor(me.user.id))[0]).toMatchObject({
      duration: 45,
      pageViews: 3,
      actions: 2,
      isActive: true,
      endTime: null,
    });
    // A retry of an older sync arriving late.
    expect((await me.post("/api/session/sync", syncBody(30, 2, 1))).status).toBe(200);
    expect((await rowsFor(me.user.id))[0]).toMatchObject({ duration: 45, pageViews: 3, actions: 2 });

    const before = Date.now();
    const end = await me.post("/api/session/end", endBody(90, 5));
    expect(end.status).toBe(200);
    expect(await end.json()).toEqual({ tracked: true });
    const [ended] = await rowsFor(me.user.id);
    expect(ended).toMatchObject({ duration: 90, pageViews: 5, actions: 2, isActive: false });
    expect(ended!.endTime!.getTime()).toBeGreaterThanOrEqual(before);

    // End after end (a retried sign out): success, no change; nor does a late sync change it.
    expect((await me.post("/api/session/end", endBody(120, 9))).status).toBe(200);
    expect((await me.post("/api/session/sync", syncBody(150, 12, 7))).status).toBe(200);
    expect(await rowsFor(me.user.id)).toEqual([ended]);
  });

  it("does not store formData or userPreferences: the row has no place for them and none is made", async () => {
    const me = await citizen();
    const body = {
      ...syncBody(10, 1, 0),
      formData: { purpose: "Checking Jane Doe's right to rent" },
      userPreferences: { theme: "dark" },
    };
    expect((await me.post("/api/session/sync", body)).status).toBe(200);
    const [row] = await rowsFor(me.user.id);
    expect(JSON.stringify(row)).not.toContain("Jane Doe");
    expect(row).toMatchObject({ duration: 10, pageViews: 1, device: "mobile", isActive: true });
  });

  it("creates the row from a sync when the start never arrived", async () => {
    const me = await citizen();
    const before = Date.now();
    await me.post("/api/session/sync", syncBody(60, 4, 1));
    const [row] = await rowsFor(me.user.id);
    expect(row).toMatchObject({
      sessionId: me.sessionId,
      duration: 60,
      pageViews: 4,
      actions: 1,
      isActive: true,
      userAgent: null,
    });
    // Started when the duration says.
    expect(row!.startTime.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    expect(row!.startTime.getTime()).toBeLessThanOrEqual(Date.now() - 59_000);
  });
});

describe("POST /api/session/emergency-end", () => {
  it("accepts a beacon's text/plain JSON, ends the row, and a reload's start reopens it", async () => {
    const me = await citizen();
    await me.post("/api/session/start", startBody());
    await me.post("/api/session/sync", syncBody(20, 2, 0));
    const beacon = await call("/api/session/emergency-end", {
      rawBody: JSON.stringify({ endTime: new Date().toISOString(), duration: 25, unexpectedEnd: true }),
      cookie: me.cookie,
      ip: me.ip,
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": ANDROID_PHONE },
    });
    expect(beacon.status).toBe(200);
    const [ended] = await rowsFor(me.user.id);
    expect(ended).toMatchObject({ duration: 25, pageViews: 2, isActive: false });
    expect(ended!.endTime).toBeInstanceOf(Date);

    await me.post("/api/session/start", startBody());
    const [reopened, ...others] = await rowsFor(me.user.id);
    expect(others).toEqual([]);
    expect(reopened).toMatchObject({
      duration: 25,
      pageViews: 2,
      isActive: true,
      endTime: null,
      startTime: ended!.startTime,
    });
  });

  it("refuses a beacon from another site (cross-site mutation refusal) and stores nothing", async () => {
    const me = await citizen();
    await me.post("/api/session/start", startBody());
    const response = await call("/api/session/emergency-end", {
      rawBody: JSON.stringify({ endTime: new Date().toISOString(), duration: 5, unexpectedEnd: true }),
      cookie: me.cookie,
      headers: { "Content-Type": "text/plain", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect((await rowsFor(me.user.id))[0]).toMatchObject({ isActive: true, duration: null });
  });
});

describe("the session endpoints refuse", () => {
  const endpoints = {
    "/api/session/start": startBody(),
    "/api/session/sync": syncBody(1, 1, 0),
    "/api/session/end": endBody(1, 1),
    "/api/session/emergency-end": { endTime: new Date().toISOString(), duration: 1, unexpectedEnd: true },
  };

  it("a signed-out caller with 401, and a GET with 405", async () => {
    for (const [path, body] of Object.entries(endpoints)) {
      const response = await call(path, { body });
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 401,
        body: { message: "Unauthorized" },
      });
      const get = await call(path);
      expect({ path, status: get.status, allow: get.headers.get("allow") }).toEqual({
        path,
        status: 405,
        allow: "POST",
      });
    }
  });

  it("a malformed body with 400 and a message that says what is wrong, storing nothing", async () => {
    const me = await citizen();
    const cases: [string, unknown, string][] = [
      ["/api/session/start", startBody({ device: "phone" }), "device must be tablet, mobile or desktop"],
      ["/api/session/start", startBody({ startTime: "yesterday" }), "must be an ISO 8601 date and time"],
      ["/api/session/sync", { sessionMetrics: { pageViews: 1, timeSpent: 1, lastSyncTime: null } }, "Required"],
      ["/api/session/sync", syncBody(-5, 1, 0), "cannot be negative"],
      ["/api/session/end", endBody(60 * 60 * 13, 1), "cannot exceed 43200 seconds"],
      ["/api/session/end", { ...endBody(1, 1), pageViews: 1.5 }, "must be a whole number"],
      [
        "/api/session/emergency-end",
        { endTime: new Date().toISOString(), duration: 1, unexpectedEnd: false },
        "unexpectedEnd must be true",
      ],
    ];
    for (const [path, body, message] of cases) {
      const response = await me.post(path, body);
      expect({
        path,
        status: response.status,
        message: ((await response.json()) as { message: string }).message,
      }).toEqual({ path, status: 400, message });
    }
    const raw = await call("/api/session/start", {
      rawBody: "{",
      cookie: me.cookie,
      headers: { "Content-Type": "application/json" },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ message: "Request body must be valid JSON" });
    expect(await rowsFor(me.user.id)).toEqual([]);
  });
});

describe("a citizen who chose 'Usage analytics: Not shared'", () => {
  it("gets the same successful answers and no user_sessions row at all; unset (null) is not an opt-out", async () => {
    const me = await citizen();
    await db().insert(userProfiles).values({ userId: me.user.id, shareAnalytics: false });
    for (const [path, body] of [
      ["/api/session/start", startBody()],
      ["/api/session/sync", syncBody(30, 2, 1)],
      ["/api/session/end", endBody(40, 3)],
      ["/api/session/emergency-end", { endTime: new Date().toISOString(), duration: 41, unexpectedEnd: true }],
    ] as const) {
      const response = await me.post(path, body);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 200,
        body: { tracked: false },
      });
    }
    expect(await rowsFor(me.user.id)).toEqual([]);

    const undecided = await citizen();
    await db().insert(userProfiles).values({ userId: undecided.user.id, shareAnalytics: null });
    expect(await (await undecided.post("/api/session/start", startBody())).json()).toEqual({ tracked: true });
    expect(await rowsFor(undecided.user.id)).toHaveLength(1);
  });
});
