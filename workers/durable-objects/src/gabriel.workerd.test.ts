import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AGENT_TYPES } from "#core/gabriel/events.ts";
import { gabrielAgents, gabrielAuditLog, gabrielTasks, presentations, systemLogs } from "#db/schema/index.ts";
import {
  AGENT_IDS,
  type Controls,
  type GabrielApi,
  type GabrielResult,
  type ReviewItem,
} from "#server/gabriel/review-state.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { DurableObjectsEnv } from "./env.ts";
import { Outbox } from "./gabriel/outbox.ts";
import { runAgents } from "./gabriel/run.ts";
import { DECIDED_KEPT, type GabrielOrchestrator } from "./gabriel.ts";
import { stubsWithAlarmsCleared, TestClock, testPerson } from "./test-support.ts";

const bindings = env as unknown as DurableObjectsEnv & { GABRIEL: DurableObjectNamespace<GabrielOrchestrator> };
type Stub = DurableObjectStub<GabrielOrchestrator>;
const api = (stub: Stub) => stub as unknown as GabrielApi;

const made = stubsWithAlarmsCleared<Stub>();

/** An orchestrator of the test's own (the class does not depend on its name), on a clock of its own. */
async function orchestrator() {
  const stub = bindings.GABRIEL.get(bindings.GABRIEL.idFromName(crypto.randomUUID()));
  made.push(stub);
  const clock = new TestClock(Date.now());
  await runInDurableObject(stub, (instance: GabrielOrchestrator) => {
    instance.clock = clock;
  });
  /** The object's clock stands still: move it past the events the test has just written. */
  const later = () => clock.advance(5_000);
  return { stub, clock, later, gabriel: api(stub) };
}

const person = (name: string, role = "admin") => testPerson(name, role);

/**
 * A verifier's check of a revoked credential: the risk agent raises it for a person. Dated `at` when
 * the test reasons about the cursor: other files share the database and write rows on clocks of their own.
 */
async function revokedPresented(at?: Date): Promise<string> {
  const [row] = await db()
    .insert(presentations)
    .values({
      purpose: "Test check",
      verificationResult: "STATUS_REVOKED",
      mode: "offline",
      checkType: "rtw",
      ...(at ? { verifiedAt: at } : {}),
    })
    .returning();
  return `presentations:${row!.id}`;
}

const value = <T>(result: GabrielResult<T>): T => {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value;
};

async function itemFor(gabriel: GabrielApi, evidence: string): Promise<ReviewItem | undefined> {
  return (await gabriel.overview()).items.find((item) => item.evidence.includes(evidence));
}

describe("Gabriel's orchestrator and review queue (Durable Object)", () => {
  it("arms its own schedule when it starts, and makes the agents' rows", async () => {
    const { stub } = await orchestrator();
    // Nothing was asked of it but to start (the test's clock was set inside it).
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).not.toBeNull();
    const rows = await db()
      .select({ type: gabrielAgents.type, config: gabrielAgents.config })
      .from(gabrielAgents)
      .where(inArray(gabrielAgents.id, Object.values(AGENT_IDS)));
    expect(rows.map((r) => r.type).sort()).toEqual([...AGENT_TYPES].sort());
  });

  it("re-arms a lost or long-overdue alarm when the web worker asks, and leaves a due one alone", async () => {
    const { stub, gabriel, clock } = await orchestrator();
    const alarmOf = () => runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    const armed = await alarmOf();
    await gabriel.ensureScheduled();
    expect(await alarmOf()).toBe(armed);
    await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
    await gabriel.ensureScheduled();
    expect(await alarmOf()).toBe(clock.now() + 1_000);
    // Far overdue (an alarm a restart may never fire): set again from now.
    clock.advance(10 * 60_000);
    await gabriel.ensureScheduled();
    expect(await alarmOf()).toBe(clock.now() + 1_000);
  });

  it("runs the agents on its alarm, raises an adverse finding once, and records each run as a task", async () => {
    const { stub, gabriel, clock, later } = await orchestrator();
    const evidence = await revokedPresented();
    later();
    // Armed when the object started: no call is needed first.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const item = await itemFor(gabriel, evidence);
    expect(item).toMatchObject({ agent: "risk", status: "pending", priority: "high", decision: null, assignee: null });
    const [row] = await db().select().from(gabrielTasks).where(eq(gabrielTasks.id, item!.id));
    expect(row).toMatchObject({ type: "human_review", status: "pending", dedupeKey: item!.key });
    const raised = await db()
      .select()
      .from(gabrielAuditLog)
      .where(and(eq(gabrielAuditLog.taskId, item!.id), eq(gabrielAuditLog.action, "review_raised")));
    expect(raised).toHaveLength(1);

    // The next run (15 minutes on, so it is not sat out) sees the same pattern, the window overlapping: nothing new.
    clock.advance(15 * 60_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await gabriel.overview()).controls.lastRunAt).toBe(new Date(clock.now()).toISOString());
    expect((await gabriel.overview()).items.filter((i) => i.evidence.includes(evidence))).toHaveLength(1);
    // The risk agent's second run found it again and raised nothing for it.
    const runs = await db()
      .select({ input: gabrielTasks.input, output: gabrielTasks.output })
      .from(gabrielTasks)
      .where(
        and(
          eq(gabrielTasks.agentId, AGENT_IDS.risk),
          eq(gabrielTasks.type, "analysis"),
          sql`json_extract(${gabrielTasks.input}, '$.to') = ${new Date(clock.now()).toISOString()}`,
        ),
      );
    expect(runs).toHaveLength(1);
    expect((runs[0]!.output as { findings: number }).findings).toBeGreaterThanOrEqual(1);
    expect(
      await db()
        .select()
        .from(gabrielAuditLog)
        .where(and(eq(gabrielAuditLog.taskId, item!.id), eq(gabrielAuditLog.action, "review_raised"))),
    ).toHaveLength(1);
    // Not raised again and dropped at the write (libSQL's unique key): the finding's key still names the first item.
    expect(await runInDurableObject(stub, (_i, state) => state.storage.kv.get(`key:${item!.key}`))).toBe(item!.id);
    // The alarm is re-armed for the next run.
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).not.toBeNull();
  });

  it("gives an item to one reviewer at a time and lets it be decided once, with everything audited", async () => {
    const { stub, gabriel, later } = await orchestrator();
    const evidence = await revokedPresented();
    later();
    await runDurableObjectAlarm(stub);
    const item = (await itemFor(gabriel, evidence))!;
    const [ada, ben] = [await person("Ada"), await person("Ben", "operator")];

    const claims = await Promise.all([
      gabriel.assign({ itemId: item.id, reviewer: ada, assignee: ada }),
      gabriel.assign({ itemId: item.id, reviewer: ben, assignee: ben }),
    ]);
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
    expect(claims.find((c) => !c.ok)).toMatchObject({ status: 409, code: "ALREADY_ASSIGNED" });
    const winner = claims.find((c) => c.ok)!.ok
      ? (claims.find((c) => c.ok) as { value: ReviewItem }).value.assignee!
      : ada;
    const other = winner.id === ada.id ? ben : ada;

    expect(
      await gabriel.decide({ itemId: item.id, decision: "approved", notes: "Not mine", reviewer: other }),
    ).toMatchObject({ ok: false, status: 409, code: "ASSIGNED_TO_OTHER" });
    const decided = value(
      await gabriel.decide({
        itemId: item.id,
        decision: "escalated",
        notes: `Human review completed by ${winner.name}`,
        reviewer: winner,
      }),
    );
    expect(decided).toMatchObject({ status: "escalated", decision: { decision: "escalated", by: winner } });
    expect(
      await gabriel.decide({ itemId: item.id, decision: "approved", notes: "Again", reviewer: winner }),
    ).toMatchObject({ ok: false, status: 409, code: "ALREADY_DECIDED" });

    const [row] = await db().select().from(gabrielTasks).where(eq(gabrielTasks.id, item.id));
    expect(row).toMatchObject({
      status: "escalated",
      assignedTo: winner.id,
      decidedBy: winner.id,
      output: { decision: "escalated", notes: `Human review completed by ${winner.name}` },
    });
    const trail = await db().select().from(gabrielAuditLog).where(eq(gabrielAuditLog.taskId, item.id));
    expect(trail.map((r) => r.action).sort()).toEqual(["review_assigned", "review_decided", "review_raised"]);
  });

  it("takes no work while paused or stopped, asks a reason to stop, and works again once resumed", async () => {
    const { stub, gabriel, later } = await orchestrator();
    const admin = await person("Ada");
    const agentStatuses = async () =>
      new Set(
        (
          await db()
            .select({ status: gabrielAgents.status })
            .from(gabrielAgents)
            .where(inArray(gabrielAgents.id, Object.values(AGENT_IDS)))
        ).map((r) => r.status),
      );
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).not.toBeNull();
    // Paused: no schedule, no Run Now, and the agents' rows say so.
    expect(value<Controls>(await gabriel.control({ action: "pause", actor: admin }))).toMatchObject({
      state: "paused",
      changedBy: admin,
      reason: null,
    });
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeNull();
    expect(await gabriel.runNow()).toMatchObject({ ok: false, status: 409, code: "NOT_RUNNING" });
    expect(await agentStatuses()).toEqual(new Set(["paused"]));
    expect(await gabriel.control({ action: "emergency-stop", actor: admin, reason: "" })).toMatchObject({
      ok: false,
      status: 400,
      code: "REASON_REQUIRED",
    });
    const stopped = value<Controls>(
      await gabriel.control({ action: "emergency-stop", actor: admin, reason: "Investigating a false positive storm" }),
    );
    expect(stopped).toMatchObject({
      state: "stopped",
      changedBy: admin,
      reason: "Investigating a false positive storm",
    });
    expect(await runInDurableObject(stub, (_i, state) => state.storage.getAlarm())).toBeNull();

    const evidence = await revokedPresented();
    later();
    // Even an alarm that fires anyway (at least once delivery) does nothing.
    await runInDurableObject(stub, (instance: GabrielOrchestrator) => instance.alarm());
    expect(await itemFor(gabriel, evidence)).toBeUndefined();
    expect(await gabriel.control({ action: "emergency-stop", actor: admin, reason: "again" })).toMatchObject({
      ok: false,
      code: "NO_CHANGE",
    });
    expect(await gabriel.runNow()).toMatchObject({ ok: false, status: 409, code: "NOT_RUNNING" });

    value(await gabriel.control({ action: "resume", actor: admin }));
    expect(await agentStatuses()).toEqual(new Set(["active"]));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await itemFor(gabriel, evidence)).toBeDefined();
    const controls = await db().select().from(gabrielAuditLog).where(eq(gabrielAuditLog.userId, admin.id));
    expect(controls.map((r) => r.action).sort()).toEqual(["control_emergency_stop", "control_pause", "control_resume"]);
  });

  it("moves its cursor past what it has judged, and sits a scheduled run out when nothing is new until the agents have been idle 15 minutes", async () => {
    const { stub, gabriel, clock, later } = await orchestrator();
    // Dated at the object's "now": the newest event up to it, whatever other files write meanwhile.
    later();
    const evidence = await revokedPresented(new Date(clock.now()));
    const first = value(await gabriel.runNow());
    expect(first).toMatchObject({ ran: true });
    expect(first.newEvents).toBeGreaterThanOrEqual(1);
    const { controls } = await gabriel.overview();
    expect(controls.cursor).not.toBeNull();
    expect(controls.lastRunAt).toBe(new Date(clock.now()).toISOString());
    expect(await itemFor(gabriel, evidence)).toBeDefined();

    // The schedule fires again with nothing new since the cursor: the run is sat out.
    await runInDurableObject(stub, (instance: GabrielOrchestrator) => instance.alarm());
    expect((await gabriel.overview()).controls.lastRunAt).toBe(controls.lastRunAt);
    // ...before the window is read: each source's newest event was enough to tell (a run that read it would count its events).
    const scheduled = await runInDurableObject(stub, (_instance: GabrielOrchestrator, state) => {
      // The run's module on the object's own storage and clock (the object keeps its run private).
      const outbox = new Outbox(state.storage, db, () => clock.now());
      return runAgents(
        {
          kv: state.storage.kv,
          db: db(),
          clock,
          stage: () => {
            throw new Error("a run sat out raises nothing");
          },
          flush: () => outbox.flush(),
        },
        false,
      );
    });
    expect(scheduled).toEqual({ ran: false, events: 0, newEvents: 0, findings: 0, raised: 0 });
    // Fifteen minutes idle: the agents look again (time-based rules need it).
    clock.advance(15 * 60_000);
    await runInDurableObject(stub, (instance: GabrielOrchestrator) => instance.alarm());
    expect((await gabriel.overview()).controls.lastRunAt).toBe(new Date(clock.now()).toISOString());
    // Something new a minute later: the schedule runs at once, without waiting to be idle.
    clock.advance(60_000);
    const next = await revokedPresented(new Date(clock.now()));
    await runInDurableObject(stub, (instance: GabrielOrchestrator) => instance.alarm());
    expect((await gabriel.overview()).controls.lastRunAt).toBe(new Date(clock.now()).toISOString());
    expect(await itemFor(gabriel, next)).toBeDefined();
  });

  it("runs one at a time: two runs asked for at once raise each finding once and both answer", async () => {
    const { gabriel, later } = await orchestrator();
    const evidence = await revokedPresented();
    later();
    const [a, b] = await Promise.all([gabriel.runNow(), gabriel.runNow()]);
    expect(a.ok && b.ok).toBe(true);
    expect((await gabriel.overview()).items.filter((i) => i.evidence.includes(evidence))).toHaveLength(1);
  });

  it("never lets a reviewer decide or take a case about themselves; an administrator may take over an item someone else holds", async () => {
    const { stub, gabriel, later } = await orchestrator();
    // Ten failed sign-ins to one account: the risk agent raises a case about that account.
    const subject = await person("Sid", "operator");
    await db()
      .insert(systemLogs)
      .values(
        Array.from({ length: 10 }, () => ({
          level: "warn",
          category: "auth",
          message: "login failed",
          userId: subject.id,
          metadata: { event: "login failed", reason: "bad_password" },
        })),
      );
    later();
    await runDurableObjectAlarm(stub);
    const item = (await gabriel.overview()).items.find((i) => i.caseId === subject.id)!;
    expect(item).toMatchObject({ rule: "risk.sign-in-failures" });
    expect(
      await gabriel.decide({ itemId: item.id, decision: "approved", notes: "Fine", reviewer: subject }),
    ).toMatchObject({ ok: false, code: "OWN_CASE" });
    expect(await gabriel.assign({ itemId: item.id, reviewer: subject, assignee: subject })).toMatchObject({
      ok: false,
      code: "OWN_CASE",
    });

    const [holder, admin] = [await person("Hal", "operator"), await person("Ada")];
    value(await gabriel.assign({ itemId: item.id, reviewer: holder, assignee: holder }));
    expect(await gabriel.assign({ itemId: item.id, reviewer: admin, assignee: admin })).toMatchObject({
      ok: false,
      code: "ALREADY_ASSIGNED",
    });
    const taken = value(await gabriel.assign({ itemId: item.id, reviewer: admin, assignee: admin, override: true }));
    expect(taken.assignee).toEqual(admin);
    const trail = await db()
      .select()
      .from(gabrielAuditLog)
      .where(and(eq(gabrielAuditLog.taskId, item.id), eq(gabrielAuditLog.action, "review_reassigned")));
    expect(trail[0]?.details).toMatchObject({ previous: "Hal", assignee: "Ada" });
  });

  it("never lets the staff who acted in an assisted session take or decide the case raised about it", async () => {
    const { stub, gabriel, later } = await orchestrator();
    const [operator, supervisor, other] = [
      await person("Opal", "operator"),
      await person("Sue", "operator"),
      await person("Otto", "operator"),
    ];
    const sessionId = crypto.randomUUID();
    const acted = (userId: string, event: string) => ({
      level: "info",
      category: "assisted",
      message: event,
      userId,
      metadata: { sessionId, officeId: "office-1", event },
    });
    await db()
      .insert(systemLogs)
      .values([
        acted(operator.id, "Document recorded"),
        acted(operator.id, "Approval requested"),
        acted(supervisor.id, "Approval denied"),
      ]);
    later();
    await runDurableObjectAlarm(stub);
    const item = (await gabriel.overview()).items.find((i) => i.caseId === sessionId)!;
    expect(item).toMatchObject({ rule: "onboarding.record-disagrees", involved: [operator.id, supervisor.id].sort() });
    for (const staff of [operator, supervisor]) {
      expect(await gabriel.assign({ itemId: item.id, reviewer: staff, assignee: staff })).toMatchObject({
        ok: false,
        code: "OWN_CASE",
      });
      expect(
        await gabriel.decide({ itemId: item.id, decision: "approved", notes: "Fine", reviewer: staff }),
      ).toMatchObject({ ok: false, code: "OWN_CASE" });
    }
    expect(
      value(await gabriel.decide({ itemId: item.id, decision: "escalated", notes: "Checked", reviewer: other }))
        .decision,
    ).toMatchObject({ decision: "escalated", by: other });
  });

  it("keeps only the newest decided items in its storage, and still never raises a pruned item's finding again", async () => {
    const { stub, gabriel, later } = await orchestrator();
    const count = DECIDED_KEPT + 3;
    const rows = await db()
      .insert(presentations)
      .values(
        Array.from({ length: count }, () => ({
          purpose: "Prune test",
          verificationResult: "STATUS_REVOKED",
          mode: "offline" as const,
          checkType: "rtw",
        })),
      )
      .returning();
    const evidence = rows.map((row) => `presentations:${row.id}`);
    later();
    value(await gabriel.runNow());
    const items = (await gabriel.overview()).items.filter((i) => evidence.some((e) => i.evidence.includes(e)));
    expect(items).toHaveLength(count);
    const reviewer = await person("Dee", "operator");
    for (const item of items)
      value(
        await gabriel.decide({
          itemId: item.id,
          decision: "approved",
          notes: "Human review completed by Dee",
          reviewer,
        }),
      );

    const stored = await runInDurableObject(stub, (_i, state) => ({
      items: [...state.storage.kv.list<ReviewItem>({ prefix: "item:" })].map(([, item]) => item),
      keys: [...state.storage.kv.list({ prefix: "key:" })].map(([key]) => key.slice("key:".length)),
    }));
    expect(stored.items.filter((i) => i.decision)).toHaveLength(DECIDED_KEPT);
    // The oldest decisions went; their keys stayed, and libSQL keeps every decision.
    const pruned = items.filter((item) => !stored.items.some((i) => i.id === item.id));
    expect(pruned).toHaveLength(count - DECIDED_KEPT);
    for (const item of items) expect(stored.keys).toContain(item.key);
    const decided = await db()
      .select({ id: gabrielTasks.id, status: gabrielTasks.status })
      .from(gabrielTasks)
      .where(
        inArray(
          gabrielTasks.id,
          items.map((i) => i.id),
        ),
      );
    expect(decided.filter((row) => row.status === "approved")).toHaveLength(count);

    // The same findings seen again raise nothing.
    expect(value(await gabriel.runNow()).findings).toBeGreaterThanOrEqual(count);
    expect(
      (await gabriel.overview()).items.filter((i) => evidence.some((e) => i.evidence.includes(e)) && !i.decision),
    ).toHaveLength(0);
  });

  it("refuses bad input as data, not by throwing", async () => {
    const { gabriel } = await orchestrator();
    expect(
      await gabriel.decide({
        itemId: "nope",
        decision: "approved",
        notes: "",
        reviewer: { id: crypto.randomUUID(), name: "X" },
      }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await gabriel.decide({
        itemId: crypto.randomUUID(),
        decision: "approved",
        notes: "",
        reviewer: { id: crypto.randomUUID(), name: "X" },
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});
