import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { AuditEntry, AuditPage } from "#core/analytics/audit.ts";
import { gabrielAuditLog, performanceMetrics, presentations, systemLogs } from "#db/schema/index.ts";
import { type HousekeeperBinding, housekeeper } from "#server/analytics/housekeeping.ts";
import { hashAddress } from "#server/analytics/privacy.ts";
import type { AgentView, QueueItemView } from "#server/gabriel/api.ts";
import { citizenWithCredential, shareOf } from "#tests/support/wallet-fixtures.ts";
import {
  call,
  json,
  login,
  postForm,
  registerUser,
  registerUserWithRole,
  uniqueAddress,
  uniqueName,
} from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The security audit log (issue 13 "Audit") through the real web worker: GET /api/analytics/audit
 * (administrators only, filters, paging, clear 400s), a typed name that tries to forge a log line,
 * and each act audited since issue 13 (revocations, agent policy, review decisions) written with
 * the request id its response carried. The database is shared with other files running at the
 * same time: every assertion is scoped to this file's own names, accounts and request ids.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Every line terminator a terminal, browser or log viewer honours. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: vertical tab and form feed are line terminators this test looks for
const LINE_BREAKS = /[\r\n\u000b\u000c\u0085\u2028\u2029]/;

const audit = (cookie: string, query: Record<string, string>) =>
  call(`/api/analytics/audit?${new URLSearchParams(query)}`, { cookie });
const auditPage = async (cookie: string, query: Record<string, string>) => {
  const response = await audit(cookie, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return json<AuditPage>(response);
};

/** The request id a response carried (our own, X-Request-Id). */
function requestIdOf(response: Response): string {
  const id = response.headers.get("X-Request-Id");
  expect(id).toMatch(UUID);
  return id!;
}

/** The one audit row `event` the request that answered `response` wrote (written after the response: waited for). */
async function auditedBy(response: Response, event: string) {
  const requestId = requestIdOf(response);
  return vi.waitFor(
    async () => {
      const rows = (await db().select().from(systemLogs).where(eq(systemLogs.requestId, requestId))).filter(
        (row) => row.metadata?.event === event,
      );
      expect(rows).toHaveLength(1);
      return rows[0]!;
    },
    { timeout: 5_000 },
  );
}

/** The administrator's view of the same row, found by its request id. */
async function listed(cookie: string, query: Record<string, string>, requestId: string): Promise<AuditEntry> {
  const page = await auditPage(cookie, { ...query, limit: "500" });
  const entries = page.entries.filter((entry) => entry.requestId === requestId);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

describe("GET /api/analytics/audit: who may read it", () => {
  it("answers 401 signed out, 403 to citizens, verifiers and operators (each refusal audited), 405 to other methods", async () => {
    expect((await call("/api/analytics/audit")).status).toBe(401);
    for (const account of [
      await registerUser(),
      await registerUserWithRole("verifier"),
      await registerUserWithRole("operator"),
    ]) {
      const refused = await audit(account.cookie, { category: "auth" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: "Forbidden" });
      const row = await auditedBy(refused, "permission denied");
      expect(row).toMatchObject({
        category: "authz",
        userId: account.user.id,
        metadata: expect.objectContaining({ reason: "view:analytics" }),
      });
    }
    const admin = await registerUserWithRole("admin");
    const post = await call("/api/analytics/audit", { method: "POST", cookie: admin.cookie, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("refuses a query it cannot read with a clear 400", async () => {
    const { cookie } = await registerUserWithRole("admin");
    const cases: [Record<string, string>, string][] = [
      [
        { category: "network" },
        "Invalid enum value. Expected 'auth' | 'authz' | 'assisted' | 'admin' | 'security' | 'agents' | 'audit', received 'network'",
      ],
      [{ from: "2026-11-24T09:00:00+01:00" }, "from must be a UTC time in ISO 8601, e.g. 2026-11-24T09:30:00Z"],
      [{ to: "last week" }, "to must be a UTC time in ISO 8601, e.g. 2026-11-24T09:30:00Z"],
      [{ from: "2026-11-24T10:00:00Z", to: "2026-11-24T09:00:00Z" }, "from must not be after to"],
      [{ userId: "admin" }, "userId must be a UUID"],
      [{ event: "e".repeat(65) }, "event must be at most 64 characters"],
      [{ limit: "501" }, "limit must be at most 500"],
      [{ cursor: "not-a-cursor" }, "cursor is not one this list gave: use nextCursor from the previous page"],
      [{ offset: "10" }, "Unrecognized key(s) in object: 'offset'"],
    ];
    for (const [query, message] of cases) {
      const response = await audit(cookie, query);
      expect([query, response.status]).toEqual([query, 400]);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
  });
});

describe("GET /api/analytics/audit: filters and pages", () => {
  it("finds real sign-in failures by event, category, name, account, UTC range, and pages through them without repeats", async () => {
    const admin = await registerUserWithRole("admin");
    const typed = uniqueName("nobody");
    const addresses = [uniqueAddress(), uniqueAddress(), uniqueAddress()];
    const failures: Response[] = [];
    for (const ip of addresses) {
      const failed = await login(typed, "not the password", ip);
      expect(failed.response.status).toBe(401);
      failures.push(failed.response);
    }
    const ids = failures.map(requestIdOf);
    for (const failure of failures) await auditedBy(failure, "login failed");

    // Newest first, each with who (as typed), when (UTC), the request id, the address and the reason.
    const found = await auditPage(admin.cookie, { username: typed });
    expect(found.entries.map((e) => e.requestId)).toEqual([...ids].reverse());
    // Each address as the day's code of it, never the address (issue 20, ADR 031).
    const salt = (await housekeeper(env as unknown as HousekeeperBinding).dailySalt()).salt;
    const codes = await Promise.all(addresses.map((address) => hashAddress(salt, address)));
    expect(found.entries.map((e) => e.ip)).toEqual([...codes].reverse());
    for (const entry of found.entries) {
      expect(entry).toMatchObject({
        category: "auth",
        event: "login failed",
        level: "warn",
        username: typed,
        userId: null,
        reason: "unknown_user",
      });
      expect(entry.at).toMatch(ISO_UTC);
      expect(entry.message).toBe(`login failed user="${typed}" reason=unknown_user`);
    }
    expect(found.nextCursor).toBeNull();

    // Event and name match whole and without regard to case; category narrows.
    expect(
      (await auditPage(admin.cookie, { username: typed.toUpperCase(), event: "LOGIN FAILED" })).entries,
    ).toHaveLength(3);
    expect((await auditPage(admin.cookie, { username: typed, event: "login succeeded" })).entries).toEqual([]);
    expect((await auditPage(admin.cookie, { username: typed, event: "login" })).entries).toEqual([]);
    expect((await auditPage(admin.cookie, { username: typed, category: "auth" })).entries).toHaveLength(3);
    expect((await auditPage(admin.cookie, { username: typed, category: "authz" })).entries).toEqual([]);

    // The UTC range includes its ends.
    const [newest, middle, oldest] = found.entries as [AuditEntry, AuditEntry, AuditEntry];
    expect((await auditPage(admin.cookie, { username: typed, to: oldest.at })).entries.map((e) => e.id)).toEqual([
      oldest.id,
    ]);
    expect(
      (await auditPage(admin.cookie, { username: typed, from: middle.at, to: newest.at })).entries.map((e) => e.id),
    ).toEqual([newest.id, middle.id]);

    // One at a time: each page's cursor leads to the next, older one, and the last says there is no more.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = await auditPage(admin.cookie, {
        username: typed,
        limit: "1",
        ...(cursor ? { cursor } : {}),
      });
      expect(page.entries).toHaveLength(1);
      seen.push(page.entries[0]!.id);
      cursor = page.nextCursor;
    } while (cursor && seen.length < 5);
    expect(seen).toEqual(found.entries.map((e) => e.id));

    // An account's own events by its id, with its username from the account.
    const person = await registerUser();
    const signedIn = await login(person.username, person.password);
    expect(signedIn.response.status).toBe(200);
    await auditedBy(signedIn.response, "login succeeded");
    const own = await auditPage(admin.cookie, { userId: person.user.id });
    expect(own.entries.map((e) => e.event)).toEqual(["login succeeded", "account registered"]);
    expect(own.entries.every((e) => e.username === person.username && e.userId === person.user.id)).toBe(true);
    expect(
      (await auditPage(admin.cookie, { username: person.username, event: "account registered" })).entries,
    ).toHaveLength(1);
  });
});

describe("a typed name cannot forge a log line", () => {
  it("stores a sign-in failure for a name with CR/LF, an ANSI escape, U+2028 and quotes as one line, and lists it escaped as one entry", async () => {
    const admin = await registerUserWithRole("admin");
    // Short enough for the log line to keep all of it (it cuts names at 64 characters, escapes included).
    const tag = uniqueName("f").slice(0, 8);
    const typed = `${tag}\r\nlogin succeeded\u001b[31m\u2028"q"`;
    // The username rules refuse it as a new account…
    const registered = await call("/api/auth/register", {
      body: { username: typed, password: `Correct horse ${crypto.randomUUID()}` },
    });
    expect(registered.status).toBe(400);
    // …but a sign-in with it is a real failure, and the name typed is what the log must record.
    const failed = await login(typed, "whatever it is");
    expect(failed.response.status).toBe(401);
    const row = await auditedBy(failed.response, "login failed");

    const escaped = `${tag}\\u000d\\u000alogin succeeded\\u001b[31m\\u2028\\"q\\"`;
    expect(row.message).not.toMatch(LINE_BREAKS);
    expect(row.message).not.toContain("\u001b");
    expect(row.message).toBe(`login failed user="${escaped}" reason=unknown_user`);
    // That request wrote this one row and no "login succeeded".
    expect(
      await db()
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.requestId, requestIdOf(failed.response))),
    ).toHaveLength(1);

    // The administrator's view: found by the name as typed, one entry, every field on one line, the name escaped.
    const page = await auditPage(admin.cookie, { username: typed });
    expect(page.entries).toHaveLength(1);
    const [entry] = page.entries;
    expect(entry).toMatchObject({
      event: "login failed",
      username: escaped,
      message: row.message,
      requestId: requestIdOf(failed.response),
    });
    for (const value of [entry!.username, entry!.message, entry!.event, ...entry!.details.map((d) => d.value)])
      expect(value).not.toMatch(LINE_BREAKS);
    const around = await auditPage(admin.cookie, {
      event: "login succeeded",
      username: "admin",
      from: entry!.at,
      to: entry!.at,
    });
    expect(around.entries.filter((e) => e.requestId === entry!.requestId)).toEqual([]);
  });
});

describe("acts audited since issue 13, each with its request id", () => {
  it("a credential revoked by an administrator: who, the credential and the reason as written (escaped when shown), once", async () => {
    const holder = await citizenWithCredential();
    const admin = await registerUserWithRole("admin");
    const path = `/api/credentials/${holder.credential.id}/revoke`;
    const revoked = await call(path, { cookie: admin.cookie, body: { reason: "Device reported stolen\nreason=none" } });
    expect(revoked.status).toBe(200);
    const row = await auditedBy(revoked, "credential revoked");
    expect(row).toMatchObject({
      category: "admin",
      level: "info",
      userId: admin.user.id,
      message: `credential revoked user="${admin.username}"`,
    });
    expect(row.metadata).toMatchObject({
      credentialId: holder.credential.id,
      type: "rtw",
      revocationReason: "Device reported stolen\nreason=none",
      at: expect.stringMatching(ISO_UTC),
    });
    expect(row.metadata?.ip).toMatch(/^[0-9a-f]{64}$/);

    const entry = await listed(admin.cookie, { category: "admin", event: "credential revoked" }, requestIdOf(revoked));
    expect(entry.details).toContainEqual({
      name: "revocationReason",
      value: "Device reported stolen\\u000areason=none",
    });
    expect(entry).toMatchObject({ username: admin.username, userId: admin.user.id, ip: row.metadata?.ip });

    // Revoking again answers the same record and audits nothing: nothing was revoked.
    const again = await call(path, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(200);
    // Its audit rows would be in the request's one observability batch with its response time
    // (server/observability/recorder.ts): once that row is written, so would they be.
    await vi.waitFor(
      async () =>
        expect(
          await db()
            .select()
            .from(performanceMetrics)
            .where(eq(sql`json_extract(${performanceMetrics.metadata}, '$.requestId')`, requestIdOf(again))),
        ).toHaveLength(1),
      { timeout: 5_000 },
    );
    expect(
      await db()
        .select()
        .from(systemLogs)
        .where(eq(systemLogs.requestId, requestIdOf(again))),
    ).toEqual([]);
  });

  it("a share revoked by its owner, from the API and from the /shares page", async () => {
    const holder = await citizenWithCredential();
    const [first, second] = [
      await shareOf(holder.cookie, holder.credential.id),
      await shareOf(holder.cookie, holder.credential.id),
    ];

    const byApi = await call(`/api/shares/${first.id}/revoke`, { method: "POST", cookie: holder.cookie });
    expect(byApi.status).toBe(200);
    const apiRow = await auditedBy(byApi, "share revoked");
    expect(apiRow).toMatchObject({
      category: "security",
      userId: holder.user.id,
      metadata: expect.objectContaining({
        shareId: first.id,
        credentialId: holder.credential.id,
        username: holder.username,
      }),
    });

    const byPage = await postForm("/shares", { intent: "revoke", shareId: second.id }, { cookie: holder.cookie });
    expect(byPage.status).toBe(200);
    const pageRow = await auditedBy(byPage, "share revoked");
    expect(pageRow).toMatchObject({
      category: "security",
      userId: holder.user.id,
      metadata: expect.objectContaining({ shareId: second.id }),
    });
  });

  it("an agent policy change, beside the agents' own audit entry", async () => {
    const admin = await registerUserWithRole("admin");
    const agents = await json<AgentView[]>(await call("/api/gabriel/agents", { cookie: admin.cookie }));
    const risk = agents.find((a) => a.type === "risk")!;
    // The value it already has: other files' runs read this policy.
    const changed = await call(`/api/gabriel/agents/${risk.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: { config: { failuresThreshold: risk.config.failuresThreshold } },
    });
    expect(changed.status).toBe(200);
    const row = await auditedBy(changed, "agent policy changed");
    expect(row).toMatchObject({
      category: "agents",
      component: "gabriel",
      userId: admin.user.id,
      metadata: expect.objectContaining({
        agentId: risk.id,
        changed: { failuresThreshold: risk.config.failuresThreshold },
      }),
    });
    const own = await db()
      .select()
      .from(gabrielAuditLog)
      .where(and(eq(gabrielAuditLog.action, "policy_configured"), eq(gabrielAuditLog.userId, admin.user.id)));
    expect(own).toHaveLength(1);
  });

  it("a human-review decision, beside the agents' own audit entry", async () => {
    const operator = await registerUserWithRole("operator");
    const admin = await registerUserWithRole("admin");
    // A revoked credential presented: the risk agent raises it for review when the agents run.
    const [presented] = await db()
      .insert(presentations)
      .values({ purpose: "Audit test", verificationResult: "STATUS_REVOKED", mode: "offline", checkType: "rtw" })
      .returning();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await call("/api/gabriel/run", { method: "POST", cookie: admin.cookie })).status).toBe(200);
    const items = await json<QueueItemView[]>(await call("/api/gabriel/hitl", { cookie: operator.cookie }));
    const item = items.find((i) => i.evidence.includes(`presentations:${presented!.id}`))!;
    expect(item).toBeDefined();

    const decided = await call(`/api/gabriel/hitl/${item.id}/decision`, {
      cookie: operator.cookie,
      body: { decision: "escalated", notes: "Looks wrong\r\nescalating" },
    });
    expect(decided.status).toBe(200);
    const row = await auditedBy(decided, "human review escalated");
    expect(row).toMatchObject({
      category: "agents",
      userId: operator.user.id,
      message: `human review escalated user="${operator.username}"`,
    });
    expect(row.metadata).toMatchObject({
      itemId: item.id,
      caseId: item.caseId,
      agent: "risk",
      comment: "Looks wrong\r\nescalating",
    });
    await vi.waitFor(async () => {
      const own = await db()
        .select()
        .from(gabrielAuditLog)
        .where(and(eq(gabrielAuditLog.action, "review_decided"), eq(gabrielAuditLog.taskId, item.id)));
      expect(own).toHaveLength(1);
    });
    const entry = await listed(admin.cookie, { category: "agents", userId: operator.user.id }, requestIdOf(decided));
    expect(entry.details).toContainEqual({ name: "comment", value: "Looks wrong\\u000d\\u000aescalating" });
  });
});
