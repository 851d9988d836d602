import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { gabrielAuditLog, presentations, systemLogs, users } from "#db/schema/index.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { type HousekeeperBinding, housekeeper } from "#server/analytics/housekeeping.ts";
import { hashAddress } from "#server/analytics/privacy.ts";
import type { AgentView, QueueItemView } from "#server/gabriel/api.ts";
import { call, json, ORIGIN, registerUser, registerUserWithRole } from "#tests/support/web-client.ts";
import { watchSocket } from "#tests/support/websocket.ts";
import { db } from "#tests/support/workerd-database.ts";

/** Gabriel's API through the real web worker and its Durable Object (issue 11). */

/** A revoked credential presented, and the agents run: the risk agent's item for it. */
async function raisedItem(cookie: string): Promise<QueueItemView> {
  const [row] = await db()
    .insert(presentations)
    .values({ purpose: "API test", verificationResult: "STATUS_REVOKED", mode: "offline", checkType: "rtw" })
    .returning();
  // The object's clock is real here: the event is written before the run reads.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const admin = await registerUserWithRole("admin");
  const run = await call("/api/gabriel/run", { method: "POST", cookie: admin.cookie });
  expect(run.status).toBe(200);
  const items = await json<QueueItemView[]>(await call("/api/gabriel/hitl", { cookie }));
  const item = items.find((i) => i.evidence.includes(`presentations:${row!.id}`));
  if (!item) throw new Error("no item was raised");
  return item;
}

/** The permissions `userId` was refused, as the audit log names them (written in the background: waited for). */
async function expectRefusals(userId: string, actions: string[]): Promise<void> {
  const refused = async () => {
    const rows = await db()
      .select({ metadata: systemLogs.metadata })
      .from(systemLogs)
      .where(and(eq(systemLogs.category, "authz"), eq(systemLogs.userId, userId)));
    return rows.map((row) => String(row.metadata?.reason)).sort();
  };
  await vi.waitFor(async () => expect(await refused()).toEqual([...actions].sort()), { timeout: 5_000 });
}

describe("/api/gabriel/live", () => {
  it("closes a console's socket (4403) at the next change once its person is no longer staff, and keeps the others", async () => {
    const [leaving, staying] = [await registerUserWithRole("operator"), await registerUserWithRole("operator")];
    const open = (cookie: string) =>
      watchSocket(SELF, `${ORIGIN}/api/gabriel/live`, {
        Cookie: `${SESSION_COOKIE}=${cookie}`,
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
      });
    const [gone, kept] = [await open(leaving.cookie), await open(staying.cookie)];
    expect(await gone.next()).toMatchObject({ type: "overview" });
    expect(await kept.next()).toMatchObject({ type: "overview" });
    await db().update(users).set({ role: "citizen" }).where(eq(users.id, leaving.user.id));
    await raisedItem(staying.cookie);
    expect(await gone.closed).toEqual({ code: 4403, reason: "Your access has changed: sign in again" });
    expect(gone.all).toHaveLength(1);
    expect(await kept.next(5_000)).toMatchObject({ type: expect.stringMatching(/^(item|controls)$/) });
    kept.close();
  });
});

describe("/api/gabriel", () => {
  it("is for administrators and operators: 401 signed out, 403 for citizens and verifiers, each refusal audited", async () => {
    expect((await call("/api/gabriel/agents")).status).toBe(401);
    for (const account of [await registerUser(), await registerUserWithRole("verifier")]) {
      expect((await call("/api/gabriel/agents", { cookie: account.cookie })).status).toBe(403);
      expect((await call("/api/gabriel/hitl", { cookie: account.cookie })).status).toBe(403);
      expect(
        (
          await call(`/api/gabriel/hitl/${crypto.randomUUID()}/decision`, {
            cookie: account.cookie,
            body: { decision: "approved" },
          })
        ).status,
      ).toBe(403);
      expect((await call("/api/gabriel/controls", { cookie: account.cookie, body: { action: "pause" } })).status).toBe(
        403,
      );
      await expectRefusals(account.user.id, ["control:agents", "review:hitl", "review:hitl", "review:hitl"]);
    }
  });

  it("lists the four agents with metrics from their tasks", async () => {
    const admin = await registerUserWithRole("admin");
    await raisedItem(admin.cookie);
    const agents = await json<AgentView[]>(await call("/api/gabriel/agents", { cookie: admin.cookie }));
    expect(agents.map((a) => a.type).sort()).toEqual(["compliance", "onboarding", "risk", "support"]);
    const risk = agents.find((a) => a.type === "risk")!;
    expect(risk.metrics.tasksCompleted).toBeGreaterThanOrEqual(1);
    expect(risk.metrics.queueLength).toBeGreaterThanOrEqual(1);
    expect(risk.metrics.successRate).toBeGreaterThan(0);
  });

  it("records a decision once, with the spec's note naming the reviewer, and refuses a second (409)", async () => {
    const operator = await registerUserWithRole("operator");
    const item = await raisedItem(operator.cookie);
    expect(item).toMatchObject({ agent: "risk", agentName: expect.any(String), status: "pending" });
    expect(item.waitingTime).toBeGreaterThanOrEqual(0);
    expect(
      (await call(`/api/gabriel/hitl/${item.id}/decision`, { cookie: operator.cookie, body: { decision: "maybe" } }))
        .status,
    ).toBe(400);
    const decided = await call(`/api/gabriel/hitl/${item.id}/decision`, {
      cookie: operator.cookie,
      body: { decision: "approved" },
    });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({
      status: "approved",
      decision: { notes: "Human review completed by Test User" },
    });
    expect(
      (
        await call(`/api/gabriel/hitl/${item.id}/decision`, {
          cookie: operator.cookie,
          body: { decision: "escalated" },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call(`/api/gabriel/hitl/not-an-id/decision`, { cookie: operator.cookie, body: { decision: "approved" } }))
        .status,
    ).toBe(404);
  });

  it("words a case's title and the orchestrator's refusals in the reviewer's language (Welsh), codes unchanged", async () => {
    const operator = await registerUserWithRole("operator");
    const item = await raisedItem(operator.cookie);
    expect(item.title).toBe("A revoked credential was presented");
    expect(item.titleWords).toEqual({ kind: "revokedPresented", values: {} });
    const welsh = await (await call("/gabriel", { cookie: `${operator.cookie}; lang=cy` })).text();
    expect(welsh).toContain('<html lang="cy"');
    expect(welsh).toContain("Cyflwynwyd tystlythyr sydd wedi&#x27;i ddirymu");
    // Its description too: the words around the data in Welsh, the time and the mode as they are.
    expect(item.description).toMatch(/^A credential, which has been revoked, was presented to a verifier at /);
    const at = /at (\d{4}-\d\d-\d\d \d\d:\d\d UTC)/.exec(item.description)![1];
    expect(welsh).toContain(
      `<p class="mt-1 text-sm">Cyflwynwyd tystlythyr, sydd wedi&#x27;i ddirymu, i wiriwr am ${at} ar gyfer gwiriad Hawl i Weithio (offline). Gwrthodwyd y gwiriad.`,
    );
    expect(welsh).not.toContain('<p class="mt-1 text-sm" lang="en">');
    expect(welsh).toContain("Rhediad asiant".toLowerCase());
    const decide = (cookie: string) =>
      call(`/api/gabriel/hitl/${item.id}/decision`, { cookie, body: { decision: "approved" } });
    expect((await decide(operator.cookie)).status).toBe(200);
    const again = await decide(`${operator.cookie}; lang=cy`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: "ALREADY_DECIDED",
      message: "Mae penderfyniad eisoes wedi'i wneud ar yr eitem hon",
    });
  });

  it("lets only administrators control the agents and configure policies, validated and audited", async () => {
    const admin = await registerUserWithRole("admin");
    const operator = await registerUserWithRole("operator");
    expect((await call("/api/gabriel/controls", { cookie: operator.cookie, body: { action: "pause" } })).status).toBe(
      403,
    );
    expect((await call("/api/gabriel/controls", { cookie: admin.cookie, body: { action: "sleep" } })).status).toBe(400);
    expect((await call("/api/gabriel/run", { method: "POST", cookie: operator.cookie })).status).toBe(403);
    const agents = await json<AgentView[]>(await call("/api/gabriel/agents", { cookie: admin.cookie }));
    const risk = agents.find((a) => a.type === "risk")!;
    const patch = (cookie: string, config: unknown) =>
      call(`/api/gabriel/agents/${risk.id}`, { method: "PATCH", cookie, body: { config } });
    expect((await patch(operator.cookie, { failuresThreshold: 4 })).status).toBe(403);
    // Each refusal of an administrator's action to an operator is in the audit log, naming the permission.
    await expectRefusals(operator.user.id, ["control:agents", "control:agents", "control:agents"]);
    const bad = await patch(admin.cookie, { failuresThreshold: -1 });
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toContain("failuresThreshold");
    const good = await patch(admin.cookie, { failuresThreshold: 4 });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ config: expect.objectContaining({ failuresThreshold: 4 }) });
    const audited = await db().select().from(gabrielAuditLog).where(eq(gabrielAuditLog.action, "policy_configured"));
    expect(
      audited.some((row) => (row.details as { to?: { failuresThreshold?: number } }).to?.failuresThreshold === 4),
    ).toBe(true);
    // Put the policy back for other tests' runs.
    await patch(admin.cookie, { failuresThreshold: 3 });
  });

  it("assigns an item to one expert at a time: the caller or a named administrator or operator, never anyone else", async () => {
    const operator = await registerUserWithRole("operator");
    const colleague = await registerUserWithRole("operator");
    const citizen = await registerUser();
    const item = await raisedItem(operator.cookie);
    const assign = (cookie: string, body: unknown) => call(`/api/gabriel/hitl/${item.id}/assign`, { cookie, body });
    expect((await assign(operator.cookie, { assigneeId: citizen.user.id })).status).toBe(400);
    const assigned = await assign(operator.cookie, { assigneeId: colleague.user.id });
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toMatchObject({ status: "assigned", assignee: { id: colleague.user.id } });
    // Another operator cannot take it over, nor decide it while it is someone else's.
    const other = await registerUserWithRole("operator");
    expect((await assign(other.cookie, {})).status).toBe(409);
    expect(
      (await call(`/api/gabriel/hitl/${item.id}/decision`, { cookie: other.cookie, body: { decision: "approved" } }))
        .status,
    ).toBe(409);
    const decided = await call(`/api/gabriel/hitl/${item.id}/decision`, {
      cookie: colleague.cookie,
      body: { decision: "escalated", notes: "Passed to the fraud team" },
    });
    expect(decided.status).toBe(200);
    // The reviewer's words are kept beside the spec's note, which always names who decided.
    expect(await decided.json()).toMatchObject({
      decision: { notes: "Human review completed by Test User", comment: "Passed to the fraud team" },
    });
  });

  it("lets an administrator take over an item another reviewer holds, audited as a reassignment", async () => {
    const operator = await registerUserWithRole("operator");
    const item = await raisedItem(operator.cookie);
    await call(`/api/gabriel/hitl/${item.id}/assign`, { cookie: operator.cookie, body: {} });
    const admin = await registerUserWithRole("admin");
    const taken = await call(`/api/gabriel/hitl/${item.id}/assign`, { cookie: admin.cookie, body: {} });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ assignee: { id: admin.user.id } });
  });

  it("audits Run Agents Now and Assign Expert in the security audit log: who, the day's code of their address, and what", async () => {
    const operator = await registerUserWithRole("operator");
    const item = await raisedItem(operator.cookie);
    const admin = await registerUserWithRole("admin");
    const ip = "203.0.113.77";
    const run = await call("/api/gabriel/run", { method: "POST", cookie: admin.cookie, ip });
    expect(run.status).toBe(200);
    const assigned = await call(`/api/gabriel/hitl/${item.id}/assign`, { cookie: operator.cookie, body: {}, ip });
    expect(assigned.status).toBe(200);
    const auditOf = (response: Response) =>
      vi.waitFor(
        async () => {
          const [row, ...more] = await db()
            .select()
            .from(systemLogs)
            .where(
              and(eq(systemLogs.requestId, response.headers.get("X-Request-Id")!), eq(systemLogs.category, "agents")),
            );
          expect(more).toEqual([]);
          expect(row).toBeTruthy();
          return row!;
        },
        { timeout: 5_000 },
      );
    // Never the address itself: the day's keyed code of it (ADR 031).
    const salt = (await housekeeper(env as unknown as HousekeeperBinding).dailySalt()).salt;
    const code = await hashAddress(salt, ip);
    expect(await auditOf(run)).toMatchObject({
      category: "agents",
      userId: admin.user.id,
      metadata: expect.objectContaining({ event: "agents run now", username: admin.username, ip: code, ran: true }),
    });
    expect(await auditOf(assigned)).toMatchObject({
      category: "agents",
      userId: operator.user.id,
      metadata: expect.objectContaining({
        event: "human review assigned",
        username: operator.username,
        ip: code,
        itemId: item.id,
        assigneeId: operator.user.id,
      }),
    });
  }, 30_000);
});
