import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "#app/entry.worker.ts";
import { sessions } from "#db/schema/accounts.ts";
import { performanceMetrics } from "#db/schema/observability.ts";
import { IDLE_TIMEOUT_MS, SESSION_COOKIE } from "#server/accounts/session.ts";
import { call, ORIGIN, registerUser, registerUserWithRole, sessionRowId } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** GET /api/dashboard/stats through the real web worker (spec 000 §2, §3 "Dashboard stats", §9). */
const POLL = { "X-Background-Poll": "1" };

describe("GET /api/dashboard/stats", () => {
  it("answers 401 JSON when signed out, never the page's redirect", async () => {
    const response = await call("/api/dashboard/stats", { headers: POLL });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });

  it.each([
    ["admin", ["activeAlerts", "systemHealth", "totalUsers", "uptime"]],
    ["verifier", ["completedToday", "pendingVerifications", "successRate"]],
    ["operator", ["activeSessions", "avgResponseTime", "requestsProcessed"]],
    ["citizen", ["myCredentials", "profileStatus", "recentShares"]],
    ["something-else", ["myCredentials", "profileStatus", "recentShares"]],
  ])("gives a %s their role's figures, never cached", async (role, keys) => {
    const { cookie } = await registerUserWithRole(role);
    const response = await call("/api/dashboard/stats", { cookie, headers: POLL });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as {
      role: string;
      stats: Record<string, unknown>;
      lastUpdated: string;
      activity: unknown[];
      status: unknown[];
    };
    expect(body.role).toBe(role === "something-else" ? "citizen" : role);
    expect(Object.keys(body.stats).sort()).toEqual(keys);
    expect(Number.isNaN(Date.parse(body.lastUpdated))).toBe(false);
    expect(Array.isArray(body.activity)).toBe(true);
    expect(Array.isArray(body.status)).toBe(true);
  });

  it("gives a new citizen the true empty figures and the spec's three profile items", async () => {
    const { cookie } = await registerUserWithRole("citizen");
    const body = (await (await call("/api/dashboard/stats", { cookie, headers: POLL })).json()) as {
      stats: Record<string, number>;
      profile: { label: string; complete: boolean }[];
    };
    // Registered with names and an email, no phone, no credential: no /profile section is
    // complete yet (spec 000 §4), and none of the three items.
    expect(body.stats).toEqual({ myCredentials: 0, recentShares: 0, profileStatus: 0 });
    expect(body.profile).toEqual([
      { label: "Identity Verified", complete: false },
      { label: "Contact Information", complete: false },
      { label: "Emergency Contacts", complete: false },
    ]);
  });
});

describe("the dashboard's background poll and the idle timeout", () => {
  /** A session last used ten minutes ago: still valid, and due for a slide on real use. */
  async function idleSession() {
    const account = await registerUser();
    const sid = await sessionRowId(account.cookie);
    const lastSeenAt = Date.now() - 10 * 60_000;
    const expire = new Date(lastSeenAt + IDLE_TIMEOUT_MS);
    await db()
      .update(sessions)
      .set({ sess: { userId: account.user.id, createdAt: lastSeenAt - 60_000, lastSeenAt }, expire })
      .where(eq(sessions.sid, sid));
    const row = async () => (await db().select().from(sessions).where(eq(sessions.sid, sid)))[0]!;
    return { cookie: account.cookie, lastSeenAt, expire, row };
  }

  it("a background poll reads the session without moving its expiry", async () => {
    const { cookie, lastSeenAt, expire, row } = await idleSession();
    for (let i = 0; i < 3; i++)
      expect((await call("/api/dashboard/stats", { cookie, headers: POLL })).status).toBe(200);
    const after = await row();
    expect(after.sess.lastSeenAt).toBe(lastSeenAt);
    expect(after.expire.getTime()).toBe(expire.getTime());
  });

  it("a request the person made slides it", async () => {
    const { cookie, expire, row } = await idleSession();
    expect((await call("/api/dashboard/stats", { cookie })).status).toBe(200);
    const after = await row();
    expect(after.expire.getTime()).toBeGreaterThan(expire.getTime() + 5 * 60_000);
    expect(after.expire.getTime()).toBe(after.sess.lastSeenAt + IDLE_TIMEOUT_MS);
  });

  it("a background poll cannot revive a session that has been idle too long", async () => {
    const account = await registerUser();
    const idleSince = Date.now() - IDLE_TIMEOUT_MS - 1000;
    await db()
      .update(sessions)
      .set({
        sess: { userId: account.user.id, createdAt: idleSince, lastSeenAt: idleSince },
        expire: new Date(Date.now() + 60_000),
      })
      .where(eq(sessions.sid, await sessionRowId(account.cookie)));
    expect((await call("/api/dashboard/stats", { cookie: account.cookie, headers: POLL })).status).toBe(401);
  });
});

describe("observability of the poll", () => {
  /** One request through the worker's own fetch, waiting for everything it scheduled with waitUntil. */
  async function fetchAndSettle(path: string, init: { cookie?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.Cookie = `${SESSION_COOKIE}=${init.cookie}`;
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`, { headers }) as Parameters<typeof worker.fetch>[0];
    const response = await worker.fetch(request, env as Record<string, unknown>, ctx);
    await waitOnExecutionContext(ctx);
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await db()
      .select()
      .from(performanceMetrics)
      .where(eq(sql`json_extract(${performanceMetrics.metadata}, '$.requestId')`, requestId!));
    return { response, rows };
  }

  it("records no response time for the stats poll, signed in or not, while other API calls are recorded", async () => {
    const { cookie } = await registerUser();
    const poll = await fetchAndSettle("/api/dashboard/stats", { cookie, headers: POLL });
    expect(poll.response.status).toBe(200);
    expect(poll.rows).toEqual([]);
    const anonymousPoll = await fetchAndSettle("/api/dashboard/stats", { headers: POLL });
    expect(anonymousPoll.response.status).toBe(401);
    expect(anonymousPoll.rows).toEqual([]);
    // The control: the same settling does see a measured request's row.
    const measured = await fetchAndSettle("/api/auth/user", { cookie });
    expect(measured.response.status).toBe(200);
    expect(measured.rows).toHaveLength(1);
  });
});
