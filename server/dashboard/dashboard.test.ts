import { eq, inArray, lt } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { PublicUser } from "#core/accounts/users.ts";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { rollUp } from "#server/analytics/rollups.ts";
import { listWalletCredentials } from "#server/credentials/credentials.ts";
import { auditRow } from "#server/observability/audit.ts";
import { errorStatements } from "#server/observability/errors.ts";
import { getProfile } from "#server/profile/profile.ts";
import { credentialRow as cred, openTempDatabase } from "#tests/support/temp-database.ts";
import { getDashboard, percent } from "./dashboard.ts";

const NOW = new Date("2026-07-15T12:00:00Z"); // 13:00 in London (BST)
const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("stats-test-");
  db = temp.db;
  return temp.close;
});

async function addUser(
  username: string,
  role: string,
  extra: Partial<typeof schema.users.$inferInsert> = {},
): Promise<PublicUser> {
  const [row] = await db
    .insert(schema.users)
    .values({ username, role, passwordHash: "x", ...extra })
    .returning();
  return { id: row!.id, username, firstName: row!.firstName, lastName: row!.lastName, role, profileImageUrl: null };
}

describe("percent", () => {
  it("has no value without a denominator, and one decimal otherwise", () => {
    expect(percent(0, 0)).toBeNull();
    expect(percent(2, 3)).toBe(66.7);
  });

  it("is not clamped: a part larger than the whole shows, rather than hiding a counting mismatch", () => {
    expect(percent(5, 4)).toBe(125);
    expect(percent(-1, 4)).toBe(-25);
  });
});

/** A measured API request as the request recorder writes it (server/observability/request-outcomes.ts). */
const metric = (at: Date, status = 200) => ({
  metricType: "response_time",
  metricName: "api_request",
  value: 40,
  unit: "ms",
  timestamp: at,
  metadata: { status },
});

/** An error occurrence with its group, as the recorder writes it (server/observability/errors.ts). */
async function errorGroup(component: string, severity: "critical" | "high" | "medium" | "low", at: Date) {
  await db.batch(errorStatements(db, { errorType: "Error", message: "boom", component, severity }, null, at));
}

describe("admin dashboard", () => {
  it("is honest when nothing has been measured: no health figure, no alerts", async () => {
    const admin = await addUser("admin", "admin");
    const d = await getDashboard(db, admin, NOW);
    expect(d.role).toBe("admin");
    if (d.role !== "admin") return;
    expect(d.stats).toEqual({ totalUsers: 0, systemHealth: null, uptime: null, activeAlerts: 0 });
    expect(d.activity).toEqual([]);
  });

  it("divides measured API requests answered with a server error by measured API requests, over 24 h (health) and 30 days (uptime)", async () => {
    const admin = await addUser("admin", "admin");
    await db
      .insert(schema.performanceMetrics)
      .values([
        metric(ago(HOUR), 500),
        metric(ago(2 * HOUR)),
        metric(ago(3 * HOUR), 404),
        metric(ago(4 * HOUR)),
        metric(ago(5 * 24 * HOUR), 503),
        metric(ago(40 * 24 * HOUR), 500),
      ]);
    // Alerts: unresolved error groups of high or critical severity, whatever produced them.
    await errorGroup("web", "critical", ago(HOUR));
    await errorGroup("wallet", "high", ago(2 * HOUR));
    await errorGroup("shares", "high", ago(10 * 24 * HOUR));
    await errorGroup("frontend", "high", ago(2 * HOUR));
    await errorGroup("profile", "low", ago(2 * HOUR));
    await errorGroup("resolved", "critical", ago(2 * HOUR));
    await db.update(schema.errorGroups).set({ resolved: true }).where(eq(schema.errorGroups.component, "resolved"));
    // A second occurrence of a group is still one alert.
    await errorGroup("web", "critical", ago(HOUR / 2));
    await db
      .insert(schema.systemLogs)
      .values(auditRow({ level: "warn", category: "auth", event: "login failed" }, null, ago(HOUR)));

    const d = await getDashboard(db, admin, NOW);
    if (d.role !== "admin") throw new Error(d.role);
    // 24 h: 4 measured requests, 1 answered with a server error (a 404 is not one). 30 days: 5 requests, 2 server errors.
    expect(d.stats.systemHealth).toBe(75);
    expect(d.stats.uptime).toBe(60);
    expect(d.stats.activeAlerts).toBe(4);
    expect(d.activity.map((a) => [a.title, a.detail])).toEqual([["Failed sign-in: unknown", "Sign-in refused"]]);
    expect(d.status.find((s) => s.label === "Request success (24 h)")?.value).toBe("75.0%");
    expect(d.status.find((s) => s.label === "Uptime (30 days)")?.value).toBe("60.0%");
    expect(d.status.find((s) => s.label === "Unresolved errors")?.value).toBe("5");
    expect(d.status.find((s) => s.label === "Average response (24 h)")?.value).toBe("40 ms");

    // The same figures once the complete hours are rolled up and their raw rows are gone (retention).
    await rollUp(db, NOW.getTime(), 100);
    await db.delete(schema.performanceMetrics).where(lt(schema.performanceMetrics.timestamp, ago(HOUR)));
    const rolled = await getDashboard(db, admin, NOW);
    if (rolled.role !== "admin") throw new Error(rolled.role);
    expect([rolled.stats, rolled.status]).toEqual([d.stats, d.status]);
  });

  it("writes System Events for people, from the audit rows' structured fields rather than the raw log line", async () => {
    const admin = await addUser("admin", "admin");
    const citizen = await addUser("sarah", "citizen");
    // Rows as audit() writes them; a username typed at sign-in need not be an account's.
    const minutesAgo = (m: number) => ago(m * 60 * 1000);
    await db.insert(schema.systemLogs).values([
      auditRow(
        { level: "info", category: "auth", event: "login succeeded", username: "admin", userId: admin.id },
        null,
        minutesAgo(1),
      ),
      auditRow(
        { level: "warn", category: "auth", event: "login failed", username: 'mallory"x', reason: "unknown_user" },
        null,
        minutesAgo(2),
      ),
      auditRow(
        {
          level: "warn",
          category: "authz",
          event: "permission denied",
          username: "sarah",
          userId: citizen.id,
          reason: "revoke:credentials",
        },
        null,
        minutesAgo(3),
      ),
      auditRow({ level: "info", category: "auth", event: "logout", userId: citizen.id }, null, minutesAgo(4)),
      auditRow(
        { level: "warn", category: "auth", event: "login refused", username: "sarah", reason: "throttled" },
        null,
        minutesAgo(5),
      ),
    ]);
    const d = await getDashboard(db, admin, NOW);
    expect(d.activity.map(({ title, detail, tone }) => ({ title, detail, tone }))).toEqual([
      { title: "Sign-in: admin", detail: "With username and password", tone: "ok" },
      { title: 'Failed sign-in: mallory"x', detail: "No account has this username", tone: "warn" },
      { title: "Access refused: sarah", detail: "Not allowed to revoke credentials", tone: "warn" },
      { title: "Sign-out: sarah", detail: "Session ended", tone: "info" },
      { title: "Sign-in blocked: sarah", detail: "Too many attempts: paused for a while", tone: "bad" },
    ]);
    for (const item of d.activity) expect(item.title).not.toMatch(/user=|reason=/);
  });

  it("counts as active citizens only citizens signed in now or with a visit in the last 30 days", async () => {
    const admin = await addUser("admin", "admin");
    const signedIn = await addUser("c-signed-in", "citizen");
    const expired = await addUser("c-expired", "citizen");
    const recentVisit = await addUser("c-recent", "something-else");
    const oldVisit = await addUser("c-old", "citizen");
    await addUser("c-never", "citizen");
    const verifier = await addUser("v", "verifier");
    const session = (userId: string, expire: Date) => ({
      sid: crypto.randomUUID(),
      sess: { userId, createdAt: ago(HOUR).getTime(), lastSeenAt: ago(HOUR).getTime() },
      expire,
    });
    await db
      .insert(schema.sessions)
      .values([
        session(signedIn.id, new Date(NOW.getTime() + HOUR)),
        session(expired.id, ago(1000)),
        session(verifier.id, new Date(NOW.getTime() + HOUR)),
        session(admin.id, new Date(NOW.getTime() + HOUR)),
      ]);
    await db.insert(schema.userSessions).values([
      { sessionId: "recent", userId: recentVisit.id, startTime: ago(10 * 24 * HOUR) },
      { sessionId: "old", userId: oldVisit.id, startTime: ago(40 * 24 * HOUR) },
      { sessionId: "staff", userId: verifier.id, startTime: ago(HOUR) },
    ]);

    const d = await getDashboard(db, admin, NOW);
    if (d.role !== "admin") throw new Error(d.role);
    expect(d.stats.totalUsers).toBe(2);
  });
});

describe("verifier dashboard", () => {
  async function arrange() {
    const verifier = await addUser("v", "verifier");
    const rival = await addUser("v2", "verifier");
    const citizen = await addUser("c", "citizen");
    const [cred] = await db
      .insert(schema.credentials)
      .values({ userId: citizen.id, type: "rtw", vcJwt: "jwt", issuer: "https://home-office.example" })
      .returning();
    const request = (
      verifierId: string,
      expiresAt: Date,
      status: "pending" | "completed" | "declined" | "expired" = "pending",
    ) => ({
      verifierId,
      credentialType: "rtw",
      purpose: "Hiring",
      nonce: crypto.randomUUID(),
      expiresAt,
      status,
    });
    const [, answered] = await db
      .insert(schema.verificationRequests)
      .values([
        request(verifier.id, new Date(NOW.getTime() + HOUR)),
        // Answered (its single writer wrote "completed" through), and one the citizen declined.
        request(verifier.id, new Date(NOW.getTime() + HOUR), "completed"),
        request(verifier.id, ago(HOUR), "declined"),
        request(verifier.id, ago(HOUR)),
        // The other verifier's: one open, two expired.
        request(rival.id, new Date(NOW.getTime() + HOUR)),
        request(rival.id, ago(HOUR)),
        request(rival.id, ago(2 * HOUR)),
      ])
      .returning();
    const presentation = (
      verifierId: string,
      purpose: string,
      verificationResult: string,
      verifiedAt: Date,
      requestId?: string,
    ) => ({
      credentialId: cred!.id,
      verifierId,
      requestId,
      purpose,
      verificationResult,
      verifiedAt,
    });
    await db
      .insert(schema.presentations)
      .values([
        presentation(verifier.id, "Hiring", "valid", ago(HOUR), answered!.id),
        presentation(verifier.id, "Letting", "invalid", ago(2 * HOUR)),
        presentation(verifier.id, "Old", "valid", ago(48 * HOUR)),
        presentation(rival.id, "Rival today", "invalid", ago(HOUR)),
        presentation(rival.id, "Rival today 2", "invalid", ago(HOUR)),
      ]);
    return { verifier, rival };
  }

  it("counts only the signed-in verifier's own open requests, verifications and valid share", async () => {
    const { verifier } = await arrange();
    const d = await getDashboard(db, verifier, NOW);
    if (d.role !== "verifier") throw new Error(d.role);
    expect(d.stats).toEqual({ pendingVerifications: 1, completedToday: 2, successRate: 66.7 });
    expect(d.activity.map((a) => a.title)).toEqual(["Hiring", "Letting", "Old"]);
    expect(d.activity[0]!.detail).toBe("Right to Work · valid");
    expect(d.status.find((s) => s.label === "Expired without response")?.value).toBe("1");
  });

  it("shows another verifier their own figures, not the first one's", async () => {
    const { rival } = await arrange();
    const d = await getDashboard(db, rival, NOW);
    if (d.role !== "verifier") throw new Error(d.role);
    expect(d.stats).toEqual({ pendingVerifications: 1, completedToday: 2, successRate: 0 });
    expect(d.activity.map((a) => a.title).sort()).toEqual(["Rival today", "Rival today 2"]);
    expect(d.status.find((s) => s.label === "Expired without response")?.value).toBe("2");
  });
});

describe("verifier dashboard of an organisation (issue 9)", () => {
  it("counts the organisation's checks, whoever made them: a colleague, or an API key with no person behind it", async () => {
    const [organisation] = await db
      .insert(schema.verifierOrganisations)
      .values({ name: `Org ${crypto.randomUUID()}`, allowedChecks: ["rtw"] })
      .returning();
    const me = await addUser("me", "verifier");
    const colleague = await addUser("colleague", "verifier");
    await db
      .update(schema.users)
      .set({ organisationId: organisation!.id })
      .where(inArray(schema.users.id, [me.id, colleague.id]));
    const check = (verifierId: string | null, verificationResult: string) => ({
      verifierId,
      organisationId: organisation!.id,
      purpose: "Hiring",
      verificationResult,
      verifiedAt: ago(HOUR),
    });
    await db
      .insert(schema.presentations)
      .values([check(colleague.id, "valid"), check(null, "STATUS_REVOKED"), check(me.id, "valid")]);
    await db.insert(schema.verificationRequests).values([
      {
        verifierId: colleague.id,
        organisationId: organisation!.id,
        credentialType: "rtw",
        purpose: "Open",
        nonce: "n1",
        expiresAt: new Date(NOW.getTime() + HOUR),
      },
      {
        verifierId: colleague.id,
        organisationId: organisation!.id,
        credentialType: "rtw",
        purpose: "Declined",
        nonce: "n2",
        expiresAt: new Date(NOW.getTime() + HOUR),
        status: "declined",
      },
    ]);
    const d = await getDashboard(db, me, NOW);
    if (d.role !== "verifier") throw new Error(d.role);
    expect(d.stats).toEqual({ pendingVerifications: 1, completedToday: 3, successRate: 66.7 });
    expect(d.activity.map((a) => a.detail)).toContain("Credential · invalid");
  });
});

describe("operator dashboard", () => {
  const session = (operatorId: string, status: string, startedAt: Date, completedAt?: Date) => ({
    clientName: `Client ${status}`,
    operatorId,
    assistanceType: "Digital Identity Setup",
    status,
    startedAt,
    completedAt,
  });

  it("counts only the operator's own sessions; Avg Response Time is their mean session minutes over 24 h", async () => {
    const operator = await addUser("o", "operator");
    const colleague = await addUser("o2", "operator");
    await db.insert(schema.assistedSessions).values([
      session(operator.id, "active", ago(3 * HOUR)),
      session(operator.id, "active", ago(3 * HOUR)),
      session(operator.id, "paused", ago(3 * HOUR)),
      // Completed today after 3 and 4.5 minutes: mean 3.75 → 3.8 min.
      session(operator.id, "completed", ago(HOUR + 3 * 60_000), ago(HOUR)),
      session(operator.id, "completed", ago(2 * HOUR + 4.5 * 60_000), ago(2 * HOUR)),
      // Completed 30 h ago: outside both "today" and the 24 h window.
      session(operator.id, "completed", ago(31 * HOUR), ago(30 * HOUR)),
      // The colleague's: never in this operator's figures.
      session(colleague.id, "active", ago(HOUR)),
      session(colleague.id, "completed", ago(HOUR + 60 * 60_000), ago(HOUR)),
    ]);

    const d = await getDashboard(db, operator, NOW);
    if (d.role !== "operator") throw new Error(d.role);
    expect(d.stats).toEqual({ activeSessions: 2, requestsProcessed: 2, avgResponseTime: 3.8 });
    expect(d.status.find((s) => s.label === "Completed (24 h)")?.value).toBe("2");
    expect(d.activity).toHaveLength(5);
    expect(d.activity.some((a) => a.detail === "Digital Identity Setup · In Progress")).toBe(true);

    const other = await getDashboard(db, colleague, NOW);
    if (other.role !== "operator") throw new Error(other.role);
    expect(other.stats).toEqual({ activeSessions: 1, requestsProcessed: 1, avgResponseTime: 60 });
    expect(other.activity).toHaveLength(2);
  });

  it("has no Avg Response Time when nothing was completed in the last 24 h", async () => {
    const operator = await addUser("o", "operator");
    await db
      .insert(schema.assistedSessions)
      .values([
        session(operator.id, "active", ago(HOUR)),
        session(operator.id, "completed", ago(31 * HOUR), ago(30 * HOUR)),
      ]);
    const d = await getDashboard(db, operator, NOW);
    if (d.role !== "operator") throw new Error(d.role);
    expect(d.stats.avgResponseTime).toBeNull();
  });
});

describe("citizen dashboard", () => {
  it("counts this user's credentials as the wallet lists them, shares of their credentials, and what they did", async () => {
    const me = await addUser("me", "citizen", { firstName: "Sarah", lastName: "Thompson", email: "s@example.gov.uk" });
    const other = await addUser("other", "citizen");
    const verifier = await addUser("v", "verifier");
    const [mine, , , , theirs] = await db
      .insert(schema.credentials)
      .values([
        cred(me.id),
        // Revoked and expired credentials stay in the wallet, so they count …
        cred(me.id, { type: "dbs", status: "revoked", revokedAt: ago(HOUR) }),
        cred(me.id, { type: "rtr", expiresAt: ago(HOUR) }),
        // … a copy a re-issue replaced is not listed, so it does not.
        cred(me.id, { status: "revoked", revokedAt: ago(2 * HOUR), metadata: { replacedBy: "newer" } }),
        cred(other.id),
      ])
      .returning();
    const share = (credentialId: string, userId: string) => ({
      id: crypto.randomUUID().replace(/-/g, "").slice(0, 22),
      credentialId,
      userId,
      purpose: "Hiring",
      createdAt: ago(HOUR),
      expiresAt: new Date(NOW.getTime() + HOUR),
    });
    await db
      .insert(schema.shares)
      .values([share(mine!.id, me.id), share(mine!.id, me.id), share(theirs!.id, other.id)]);
    await db.insert(schema.presentations).values({
      credentialId: mine!.id,
      verifierId: verifier.id,
      purpose: "Hiring",
      verificationResult: "valid",
      verifiedAt: ago(HOUR),
    });
    await db.insert(schema.walletEvents).values([
      {
        userId: me.id,
        kind: "share_created",
        credentialId: mine!.id,
        detail: { type: "rtw" },
        createdAt: ago(HOUR / 2),
      },
      { userId: me.id, kind: "profile_updated", detail: { section: "basic", item: "phone" }, createdAt: ago(HOUR / 4) },
      {
        userId: other.id,
        kind: "share_created",
        credentialId: theirs!.id,
        detail: { type: "rtw" },
        createdAt: ago(HOUR / 2),
      },
    ]);
    await db
      .insert(schema.systemLogs)
      .values(
        auditRow(
          { level: "info", category: "auth", event: "login succeeded", username: me.username, userId: me.id },
          null,
          ago(HOUR),
        ),
      );
    // Page views are not what the person did: they stay off Recent Activity.
    await db.insert(schema.analyticsEvents).values({
      userId: me.id,
      eventType: "page_view",
      eventCategory: "navigation",
      eventAction: "view_page",
      page: "/",
      timestamp: ago(HOUR / 8),
    });

    const d = await getDashboard(db, me, NOW);
    if (d.role !== "citizen") throw new Error(d.role);
    expect(d.stats.myCredentials).toBe(3);
    // One definition: the number the wallet and /credentials list.
    expect(d.stats.myCredentials).toBe((await listWalletCredentials(db, me.id, NOW)).length);
    expect(d.stats.recentShares).toBe(2);
    expect(d.activity.map((a) => [a.title, a.detail])).toEqual([
      ["Profile updated", "Phone number saved in Basic Information"],
      ["Credential shared", "A 24-hour verification link to your Right to Work was created"],
      ["Signed in", "With username and password"],
    ]);
  });

  it("scores the spec's three profile items from the profile's own data", async () => {
    const me = await addUser("me", "citizen", { email: "s@example.gov.uk" });
    await db.insert(schema.credentials).values(cred(me.id, { expiresAt: new Date(NOW.getTime() + 24 * HOUR) }));
    const before = await getDashboard(db, me, NOW);
    if (before.role !== "citizen") throw new Error(before.role);
    // An email without a phone number is not yet contact information; no emergency contact saved.
    expect(before.profile).toEqual([
      { label: "Identity Verified", complete: true },
      { label: "Contact Information", complete: false },
      { label: "Emergency Contacts", complete: false },
    ]);
    // One of /profile's six sections complete (Identity Verification).
    expect(before.stats.profileStatus).toBe(17);
    expect(before.stats.recentShares).toBe(0);

    await db.insert(schema.userProfiles).values({
      userId: me.id,
      phone: "07700 900982",
      emergencyContactName: "Tom Thompson",
      emergencyContactPhone: "07700 900123",
      emergencyContactRelationship: "Partner",
    });
    const after = await getDashboard(db, me, NOW);
    if (after.role !== "citizen") throw new Error(after.role);
    expect(after.profile.map((p) => p.complete)).toEqual([true, true, true]);
    expect(after.stats.profileStatus).toBe(33);
  });

  it("does not count an expired, revoked or suspended credential as a verified identity", async () => {
    const me = await addUser("me", "citizen");
    await db
      .insert(schema.credentials)
      .values([
        cred(me.id, { expiresAt: ago(1000) }),
        cred(me.id, { expiresAt: NOW }),
        cred(me.id, { status: "revoked", revokedAt: ago(HOUR) }),
        cred(me.id, { status: "suspended" }),
      ]);
    const d = await getDashboard(db, me, NOW);
    if (d.role !== "citizen") throw new Error(d.role);
    expect(d.profile.map((p) => p.complete)).toEqual([false, false, false]);
    expect(d.stats.profileStatus).toBe(0);
  });

  it("shows /profile's completion as Profile Status", async () => {
    const me = await addUser("me", "citizen", { firstName: "Sarah", lastName: "Thompson", email: "me@example.org" });
    await db.insert(schema.userProfiles).values({
      userId: me.id,
      phone: "07700 900982",
      dateOfBirth: "1985-03-27",
      shareAnalytics: false,
      notifyOnVerification: true,
    });
    const d = await getDashboard(db, me, NOW);
    if (d.role !== "citizen") throw new Error(d.role);
    // Basic Information and Privacy Preferences: two of six sections.
    expect(d.stats.profileStatus).toBe(33);
    expect(d.stats.profileStatus).toBe((await getProfile(db, me.id, NOW)).completion);
  });

  it("treats an unknown role as a citizen", async () => {
    const odd = await addUser("odd", "superhero");
    expect((await getDashboard(db, odd, NOW)).role).toBe("citizen");
  });
});
