import { beforeEach, describe, expect, it } from "vitest";
import { AUDIT_RETENTION, VERIFICATION_RECORD_RETENTION, WALLET_ACTIVITY_RETENTION } from "#core/privacy/retention.ts";
import type { Database } from "#db/client.ts";
import {
  analyticsEvents,
  analyticsRollups,
  credentialOffers,
  credentialTransactions,
  errorGroups,
  errorLogs,
  gabrielAuditLog,
  housekeepingState,
  oauthAccessTokens,
  oauthAuthorizations,
  performanceMetrics,
  presentations,
  spentValues,
  systemLogs,
  userSessions,
  users,
  verificationRequests,
  walletEvents,
} from "#db/schema/index.ts";
import { recordError } from "#server/observability/errors.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { DEFAULT_RETENTION_DAYS, pruneExpired, RetentionDaysBinding, retentionDays } from "./retention.ts";
import { rollUp } from "./rollups.ts";

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("retention-test-");
  db = temp.db;
  return temp.close;
});

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 1, 12);
const day = (n: number) => new Date(T0 + n * DAY_MS);

/** One row of every kind on day `n`. */
async function rowsOn(n: number) {
  const when = day(n);
  await db.insert(analyticsEvents).values({
    eventType: "page_view",
    eventCategory: "navigation",
    eventAction: "view_page",
    page: `/day${n}`,
    timestamp: when,
  });
  await db
    .insert(performanceMetrics)
    .values({ metricType: "response_time", metricName: "api_request", value: 10, unit: "ms", timestamp: when });
  await db
    .insert(userSessions)
    .values({ sessionId: `s${n}`, device: "mobile", startTime: when, endTime: when, duration: 5 });
  await db.insert(systemLogs).values([
    { level: "error", category: "request", message: `request ${n}`, timestamp: when },
    { level: "warn", category: "authz", message: `permission denied ${n}`, timestamp: when },
    { level: "info", category: "auth", message: `login ${n}`, timestamp: when },
    { level: "info", category: "admin", message: `error resolved ${n}`, timestamp: when },
  ]);
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => pending.push(p),
    passThroughOnException() {},
  } as unknown as ExecutionContext;
  recordError(
    { db, ctx, requestId: "r" },
    { errorType: "Error", component: "web", message: `boom ${n}`, severity: "low" },
    when,
  );
  await Promise.all(pending);
}

const counts = async () => ({
  events: (await db.select().from(analyticsEvents)).length,
  metrics: (await db.select().from(performanceMetrics)).length,
  sessions: (await db.select().from(userSessions)).length,
  errors: (await db.select().from(errorLogs)).length,
  logs: (await db.select({ c: systemLogs.category }).from(systemLogs)).map((r) => r.c).sort(),
});

describe("analytics retention", () => {
  it("deletes raw rows older than the period and keeps the audit trail, the rollups and the error groups", async () => {
    await rowsOn(0);
    await rowsOn(50);
    await rollUp(db, day(95).getTime(), 1000);
    const rollupsBefore = (await db.select().from(analyticsRollups)).length;
    expect(rollupsBefore).toBeGreaterThan(0);

    // Day 89: nothing is yet 90 days old.
    const rolledUpTo = day(95).getTime();
    expect((await pruneExpired(db, day(89).getTime(), 90, rolledUpTo)).deleted).toEqual({
      analytics_events: 0,
      performance_metrics: 0,
      error_logs: 0,
      user_sessions: 0,
      system_logs: 0,
      system_logs_audit: 0,
      presentations: 0,
      verification_requests: 0,
      gabriel_audit_log: 0,
      oauth_access_tokens: 0,
      oauth_authorizations: 0,
      credential_offers: 0,
      credential_transactions: 0,
      spent_values: 0,
      wallet_events: 0,
    });
    // Day 91: day 0's rows are past 90 days; day 50's are not.
    const run = await pruneExpired(db, day(91).getTime(), 90, rolledUpTo);
    expect(run).toMatchObject({
      complete: true,
      deleted: { analytics_events: 1, performance_metrics: 1, error_logs: 1, user_sessions: 1, system_logs: 1 },
    });
    expect(await counts()).toEqual({
      events: 1,
      metrics: 1,
      sessions: 1,
      errors: 1,
      logs: ["admin", "admin", "auth", "auth", "authz", "authz", "request"],
    });
    expect((await db.select().from(analyticsRollups)).length).toBe(rollupsBefore);
    // The group is kept (with its count) though one of its occurrences is gone.
    expect((await db.select().from(errorGroups)).map((g) => g.occurrences)).toEqual([2]);
    const state = (await db.select().from(housekeepingState)).find((s) => s.job === "analytics_retention");
    expect(state!.cursor.getTime()).toBe(day(1).getTime());
  });

  it("deletes in bounded chunks, and says when a run left more for the next", async () => {
    await db.insert(analyticsEvents).values(
      Array.from({ length: 45 }, (_, i) => ({
        eventType: "click",
        eventCategory: "user_interaction",
        eventAction: "click",
        timestamp: new Date(day(0).getTime() + i),
      })),
    );
    const first = await pruneExpired(db, day(200).getTime(), 90, day(200).getTime(), 2);
    // 20 chunks of 2 rows at most per table per run.
    expect([first.deleted.analytics_events, first.complete]).toEqual([40, false]);
    const second = await pruneExpired(db, day(200).getTime(), 90, day(200).getTime(), 2);
    expect([second.deleted.analytics_events, second.complete]).toEqual([5, true]);
    expect(await db.select().from(analyticsEvents)).toEqual([]);
  });

  it("never deletes rows the rollups have not summed yet", async () => {
    await rowsOn(0);
    // The rollups lag (an outage): summed up to day 0 only, so day 0's rows stay though they are past the period.
    expect((await pruneExpired(db, day(200).getTime(), 90, day(0).getTime())).deleted).toMatchObject({
      analytics_events: 0,
      performance_metrics: 0,
      error_logs: 0,
      user_sessions: 0,
    });
    // No rollup yet at all: nothing goes.
    expect((await pruneExpired(db, day(200).getTime(), 90, null)).deleted.analytics_events).toBe(0);
    // Once summed past them, they go.
    expect((await pruneExpired(db, day(200).getTime(), 90, day(2).getTime())).deleted.analytics_events).toBe(1);
  });

  it("deletes verification records 2 years after the check and the audit trail 12 months after the act, as the privacy policy says", async () => {
    expect([VERIFICATION_RECORD_RETENTION.days, AUDIT_RETENTION.days]).toEqual([730, 365]);
    const check = (n: number) => ({ purpose: `check ${n}`, verificationResult: "valid", verifiedAt: day(n) });
    await db.insert(presentations).values([check(0), check(10)]);
    const request = (n: number) => ({
      credentialType: "rtw",
      purpose: `request ${n}`,
      nonce: `n${n}`,
      expiresAt: day(n),
      createdAt: day(n),
    });
    await db.insert(verificationRequests).values([request(0), request(10)]);
    await db.insert(systemLogs).values([
      { level: "info", category: "auth", message: "login 0", timestamp: day(0) },
      { level: "info", category: "assisted", message: "Session started 10", timestamp: day(10) },
    ]);
    await db.insert(gabrielAuditLog).values([
      { action: "agents paused", timestamp: day(0) },
      { action: "agents resumed", timestamp: day(10) },
    ]);
    const left = async () => ({
      checks: (await db.select().from(presentations)).map((r) => r.purpose).sort(),
      requests: (await db.select().from(verificationRequests)).map((r) => r.purpose).sort(),
      audit: (await db.select().from(systemLogs)).map((r) => r.message).sort(),
      gabriel: (await db.select().from(gabrielAuditLog)).map((r) => r.action).sort(),
    });

    // A day short of 12 months after day 0: everything is kept.
    await pruneExpired(db, day(364).getTime(), 90, day(364).getTime());
    expect(await left()).toEqual({
      checks: ["check 0", "check 10"],
      requests: ["request 0", "request 10"],
      audit: ["Session started 10", "login 0"],
      gabriel: ["agents paused", "agents resumed"],
    });
    // Past 12 months: day 0's audit rows go; the verification records stay.
    const audit = await pruneExpired(db, day(366).getTime(), 90, day(366).getTime());
    expect(audit.deleted).toMatchObject({ system_logs_audit: 1, gabriel_audit_log: 1, presentations: 0 });
    expect(await left()).toEqual({
      checks: ["check 0", "check 10"],
      requests: ["request 0", "request 10"],
      audit: ["Session started 10"],
      gabriel: ["agents resumed"],
    });
    // Past 2 years: day 0's verification records go, day 10's are kept to their own day.
    const records = await pruneExpired(db, day(731).getTime(), 90, day(731).getTime());
    expect(records).toMatchObject({
      recordsCutoff: day(1).getTime(),
      auditCutoff: day(366).getTime(),
      deleted: { presentations: 1, verification_requests: 1 },
    });
    expect(await left()).toEqual({ checks: ["check 10"], requests: ["request 10"], audit: [], gabriel: [] });
  });

  it("deletes the wallet's activity log 12 months after each event, as the privacy policy says, whatever its kind", async () => {
    expect(WALLET_ACTIVITY_RETENTION.days).toBe(365);
    const [person] = await db.insert(users).values({ username: "activity", passwordHash: "x" }).returning();
    const event = (kind: string, n: number) => ({ userId: person!.id, kind, detail: { n }, createdAt: day(n) });
    await db
      .insert(walletEvents)
      .values([
        event("credential_verified", 0),
        event("security_changed", 0),
        event("share_created", 1),
        event("credential_verified", 10),
      ]);
    const left = async () =>
      (await db.select().from(walletEvents)).map((e) => `${e.kind} ${(e.detail as { n: number }).n}`).sort();

    // On the 365th day after day 0 nothing is yet 12 months old.
    expect((await pruneExpired(db, day(365).getTime(), 90, day(365).getTime())).deleted.wallet_events).toBe(0);
    // A day later day 0's events go, of every kind; day 1's and day 10's stay to their own day.
    const run = await pruneExpired(db, day(366).getTime(), 90, day(366).getTime());
    expect(run).toMatchObject({ activityCutoff: day(1).getTime(), deleted: { wallet_events: 2 }, complete: true });
    expect(await left()).toEqual(["credential_verified 10", "share_created 1"]);
    await pruneExpired(db, day(376).getTime(), 90, day(376).getTime());
    expect(await left()).toEqual([]);
  });

  it("deletes issuance's tokens, pushed requests, offers, transactions and spent values a day after they expire, and nothing still working", async () => {
    const [person] = await db.insert(users).values({ username: "holder", passwordHash: "x" }).returning();
    const userId = person!.id;
    const expiring = (n: number) => ({ createdAt: day(n - 1), expiresAt: day(n) });
    await db.insert(oauthAccessTokens).values(
      [0, 5].map((n) => ({
        tokenHash: `token ${n}`,
        userId,
        issuerId: "home-office",
        configurationIds: ["rtw"],
        jkt: "jkt",
        ...expiring(n),
      })),
    );
    await db.insert(oauthAuthorizations).values(
      [0, 5].map((n) => ({
        id: `request ${n}`,
        requestUriHash: `uri ${n}`,
        clientId: "wallet",
        redirectUri: "https://wallet.example/cb",
        issuerId: "home-office",
        configurationIds: ["rtw"],
        codeChallenge: "challenge",
        ...expiring(n),
      })),
    );
    await db.insert(credentialOffers).values(
      [0, 5].map((n) => ({
        id: `offer ${n}`,
        userId,
        issuerId: "home-office",
        configurationIds: ["rtw"],
        codeHash: `code ${n}`,
        channel: "wallet" as const,
        ...expiring(n),
      })),
    );
    await db.insert(credentialTransactions).values(
      [0, 5].map((n) => ({
        idHash: `transaction ${n}`,
        tokenHash: "t",
        userId,
        type: "dbs",
        holderJwks: [],
        ...expiring(n),
      })),
    );
    await db.insert(spentValues).values([0, 5].map((n) => ({ digest: `value ${n}`, expiresAt: day(n) })));

    // A day and a bit after day 0: what expired on day 0 goes, what expires on day 5 stays.
    const run = await pruneExpired(db, day(1).getTime() + 1, 90, day(1).getTime());
    expect(run.deleted).toMatchObject({
      oauth_access_tokens: 1,
      oauth_authorizations: 1,
      credential_offers: 1,
      credential_transactions: 1,
      spent_values: 1,
    });
    expect((await db.select().from(oauthAccessTokens)).map((row) => row.tokenHash)).toEqual(["token 5"]);
    expect((await db.select().from(credentialOffers)).map((row) => row.id)).toEqual(["offer 5"]);
    expect((await db.select().from(spentValues)).map((row) => row.digest)).toEqual(["value 5"]);
  });

  it("reads the period from ANALYTICS_RETENTION_DAYS, 90 days by default", () => {
    expect(retentionDays({})).toBe(DEFAULT_RETENTION_DAYS);
    expect(DEFAULT_RETENTION_DAYS).toBe(90);
    expect(retentionDays({ ANALYTICS_RETENTION_DAYS: "30" })).toBe(30);
    expect(RetentionDaysBinding.safeParse("30").success).toBe(true);
    for (const bad of ["0", "-1", "ten", "4000", "1.5"])
      expect(RetentionDaysBinding.safeParse(bad).success).toBe(false);
  });
});
