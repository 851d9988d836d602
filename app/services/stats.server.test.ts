import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import * as schema from "../../db/schema/index.ts";
import type { PublicUser } from "../utils/account-schemas.ts";
import { getDashboard, percent, startOfUkDay } from "./stats.server.ts";

const NOW = new Date("2026-07-15T12:00:00Z"); // 13:00 in London (BST)
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let dir: string;
let client: Client;
let db: Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "stats-test-"));
  const url = `file:${join(dir, "test.db")}`;
  await migrateDatabase(url);
  client = createClient({ url });
  db = drizzle(client, { schema }) as unknown as Database;
});

afterEach(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function addUser(username: string, role: string, extra: Partial<typeof schema.users.$inferInsert> = {}): Promise<PublicUser> {
  const [row] = await db
    .insert(schema.users)
    .values({ username, role, passwordHash: "x", ...extra })
    .returning();
  return { id: row!.id, username, firstName: row!.firstName, lastName: row!.lastName, role, profileImageUrl: null };
}

describe("startOfUkDay", () => {
  it("is midnight London time, in summer (BST) and in winter (GMT)", () => {
    expect(startOfUkDay(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(startOfUkDay(new Date("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-15T00:00:00.000Z");
    // Just after midnight BST is still "today" in London although UTC is the day before.
    expect(startOfUkDay(new Date("2026-07-14T23:30:00Z")).toISOString()).toBe("2026-07-14T23:00:00.000Z");
  });

  it("uses the offset in force at midnight on the days the clocks change", () => {
    // 29 March 2026: clocks go forward at 01:00 GMT; midnight was still GMT.
    expect(startOfUkDay(new Date("2026-03-29T15:00:00Z")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    // 25 October 2026: clocks go back at 01:00 GMT; midnight was still BST.
    expect(startOfUkDay(new Date("2026-10-25T15:00:00Z")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });
});

describe("percent", () => {
  it("has no value without a denominator, and one decimal otherwise", () => {
    expect(percent(0, 0)).toBeNull();
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(5, 4)).toBe(100);
  });
});

describe("admin dashboard", () => {
  it("is honest when nothing has been measured: no health figure, no alerts", async () => {
    const admin = await addUser("admin", "admin");
    const d = await getDashboard(db, admin, NOW);
    expect(d.role).toBe("admin");
    if (d.role !== "admin") return;
    expect(d.stats).toEqual({ totalUsers: 0, systemHealth: null, uptime: null, activeAlerts: 0 });
    expect(d.activity).toEqual([]);
  });

  it("counts citizens (unknown roles included), request success and open high/critical errors", async () => {
    const admin = await addUser("admin", "admin");
    await addUser("v", "verifier");
    await addUser("o", "operator");
    await addUser("c1", "citizen");
    await addUser("c2", "something-else");
    const metric = (at: Date) => ({ metricType: "response_time", metricName: "GET /", value: 40, unit: "ms", timestamp: at });
    await db
      .insert(schema.performanceMetrics)
      .values([metric(ago(HOUR)), metric(ago(2 * HOUR)), metric(ago(3 * HOUR)), metric(ago(4 * HOUR)), metric(ago(5 * 24 * HOUR))]);
    await db.insert(schema.errorLogs).values([
      { component: "web", severity: "critical", timestamp: ago(HOUR) },
      { component: "web", severity: "high", resolved: true, timestamp: ago(10 * 24 * HOUR) },
      { component: "web", severity: "low", timestamp: ago(10 * 24 * HOUR) },
    ]);
    await db.insert(schema.systemLogs).values({ level: "warn", category: "auth", message: "login failed", timestamp: ago(HOUR) });

    const d = await getDashboard(db, admin, NOW);
    if (d.role !== "admin") throw new Error(d.role);
    expect(d.stats.totalUsers).toBe(2);
    // 24 h: 4 requests, 1 server error. 30 days: 5 requests, 3 errors.
    expect(d.stats.systemHealth).toBe(75);
    expect(d.stats.uptime).toBe(40);
    expect(d.stats.activeAlerts).toBe(1);
    expect(d.activity.map((a) => a.title)).toEqual(["login failed"]);
    expect(d.status.find((s) => s.label === "Unresolved errors")?.value).toBe("2");
    expect(d.status.find((s) => s.label === "Average response (24 h)")?.value).toBe("40 ms");
  });
});

describe("verifier dashboard", () => {
  it("counts open unanswered requests, today's verifications and the valid share", async () => {
    const verifier = await addUser("v", "verifier");
    const citizen = await addUser("c", "citizen");
    const [cred] = await db
      .insert(schema.credentials)
      .values({ userId: citizen.id, type: "rtw", vcJwt: "jwt", issuer: "https://home-office.example" })
      .returning();
    const request = (expiresAt: Date) => ({
      verifierId: verifier.id,
      credentialType: "rtw",
      purpose: "Hiring",
      nonce: crypto.randomUUID(),
      expiresAt,
    });
    const [, answered] = await db
      .insert(schema.verificationRequests)
      .values([request(new Date(NOW.getTime() + HOUR)), request(new Date(NOW.getTime() + HOUR)), request(ago(HOUR))])
      .returning();
    await db.insert(schema.presentations).values([
      {
        credentialId: cred!.id,
        verifierId: verifier.id,
        requestId: answered!.id,
        purpose: "Hiring",
        verificationResult: "valid",
        verifiedAt: ago(HOUR),
      },
      { credentialId: cred!.id, verifierId: verifier.id, purpose: "Letting", verificationResult: "invalid", verifiedAt: ago(2 * HOUR) },
      { credentialId: cred!.id, verifierId: verifier.id, purpose: "Old", verificationResult: "valid", verifiedAt: ago(48 * HOUR) },
    ]);

    const d = await getDashboard(db, verifier, NOW);
    if (d.role !== "verifier") throw new Error(d.role);
    expect(d.stats).toEqual({ pendingVerifications: 1, completedToday: 2, successRate: 66.7 });
    expect(d.activity.map((a) => a.title)).toEqual(["Hiring", "Letting", "Old"]);
    expect(d.activity[0]!.detail).toBe("Right to Work · valid");
    expect(d.status.find((s) => s.label === "Expired without response")?.value).toBe("1");
  });
});

describe("operator dashboard", () => {
  it("counts active sessions and sessions completed today", async () => {
    const operator = await addUser("o", "operator");
    const session = (status: string, completedAt?: Date) => ({
      clientName: `Client ${status}`,
      operatorId: operator.id,
      assistanceType: "Digital Identity Setup",
      status,
      startedAt: ago(3 * HOUR),
      completedAt,
    });
    await db
      .insert(schema.assistedSessions)
      .values([session("active"), session("active"), session("paused"), session("completed", ago(HOUR)), session("completed", ago(30 * HOUR))]);

    const d = await getDashboard(db, operator, NOW);
    if (d.role !== "operator") throw new Error(d.role);
    expect(d.stats).toEqual({ activeSessions: 2, requestsProcessed: 1, avgResponseTime: null });
    expect(d.status.find((s) => s.label === "Average session (today)")?.value).toBe("120 min");
    expect(d.activity.some((a) => a.detail === "Digital Identity Setup · In Progress")).toBe(true);
  });
});

describe("citizen dashboard", () => {
  it("counts only this user's unrevoked credentials and scores the real profile fields", async () => {
    const me = await addUser("me", "citizen", { firstName: "Sarah", lastName: "Thompson", email: "s@example.gov.uk" });
    const other = await addUser("other", "citizen");
    const cred = (userId: string, extra: Partial<typeof schema.credentials.$inferInsert> = {}) => ({
      userId,
      type: "rtw",
      vcJwt: "jwt",
      issuer: "https://home-office.example",
      ...extra,
    });
    await db.insert(schema.credentials).values([cred(me.id), cred(me.id, { status: "revoked", revokedAt: ago(HOUR) }), cred(other.id)]);
    await db.insert(schema.systemLogs).values({
      level: "info",
      category: "auth",
      message: 'login succeeded user="me"',
      userId: me.id,
      metadata: { event: "login succeeded" },
      timestamp: ago(HOUR),
    });
    await db
      .insert(schema.analyticsEvents)
      .values({ userId: me.id, eventType: "click", eventCategory: "credential", eventAction: "share", page: "/wallet", timestamp: ago(2 * HOUR) });

    const d = await getDashboard(db, me, NOW);
    if (d.role !== "citizen") throw new Error(d.role);
    // Basic, contact and identity complete; no passkey; emergency contacts not stored yet.
    expect(d.stats).toEqual({ myCredentials: 1, recentShares: 0, profileStatus: 60 });
    expect(d.profile.filter((p) => p.complete).map((p) => p.label)).toEqual(["Basic Information", "Contact Information", "Identity Verified"]);
    expect(d.activity.map((a) => a.title)).toEqual(["Login succeeded", "Share"]);
  });

  it("treats an unknown role as a citizen", async () => {
    const odd = await addUser("odd", "superhero");
    expect((await getDashboard(db, odd, NOW)).role).toBe("citizen");
  });
});
