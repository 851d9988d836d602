import { eq, inArray } from "drizzle-orm";
import { isAgentType, readConfig } from "#core/gabriel/agents.ts";
import { AGENT_TYPES, type AgentType, type Finding } from "#core/gabriel/events.ts";
import { lookbackMs, runAgent } from "#core/gabriel/rules.ts";
import { createDb, type Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { gabrielAgents, gabrielAuditLog, gabrielTasks } from "#db/schema/index.ts";
import { grantOf } from "#server/accounts/live-access.ts";
import { newestEvents, readPlatformEvents } from "#server/gabriel/events.ts";
import {
  AGENT_IDS,
  AssignInput,
  afterCursor,
  ControlInput,
  type Controls,
  DecideInput,
  ensureAgents,
  type GabrielApi,
  type GabrielResult,
  itemStatements,
  type ReviewItem,
  type RunSummary,
  runIsDue,
} from "#server/gabriel/review-state.ts";
import { ClockedObject } from "./clocked-object.ts";
import type { DurableObjectsEnv } from "./env.ts";

/**
 * Gabriel's single writer (idFromName("gabriel"); issue 11): the agents' controls, their runs, and
 * the human-review queue.
 *  - The alarm runs every agent that is not paused over the platform's events of the lookback
 *    window, records each run as a task, and raises every adverse finding as a review item (once:
 *    its key). Agents never act on a citizen: a finding is a case for a person.
 *  - Pause Operations and Emergency Stop are this object's state, so no run starts once either is
 *    set, and a run in progress raises nothing after an Emergency Stop.
 *  - Review items are decided here, one claimant at a time, never twice; each change is written
 *    through to gabriel_tasks with its audit rows, and sent to every console watching.
 *  - Its storage stays small: open items, the newest DECIDED_KEPT decided ones (libSQL keeps every
 *    one), the controls, owed writes, and the `key:` index of every finding ever raised (dedupe).
 *  - It arms its own schedule when it starts (after a deploy, the first call that reaches it).
 */
const CONTROLS = "controls";
const ITEM_PREFIX = "item:";
const KEY_PREFIX = "key:";
const OUTBOX_PREFIX = "outbox:";
const OUTBOX_RETRY_MS = 5_000;

/**
 * A libSQL write still owed: an item's current state (itemId) or the agents' status after a control
 * action (agentStatus), with the audit rows of the change.
 */
interface OutboxEntry {
  itemId?: string;
  agentStatus?: "active" | "paused";
  audit: (typeof gabrielAuditLog.$inferInsert)[];
}
/** How often the agents look at the platform. */
export const RUN_INTERVAL_MS = 60_000;
/** Decided items kept in the object for the console; all of them are in libSQL, older ones are pruned from here. */
export const DECIDED_KEPT = 50;

const INITIAL: Controls = {
  state: "running",
  changedBy: null,
  changedAt: null,
  reason: null,
  lastRunAt: null,
  cursor: null,
};

const refused = (status: 400 | 404 | 409, code: string, message: string): GabrielResult<never> => ({
  ok: false,
  status,
  code,
  message,
});
/** Maker-checker: whether the case is about this account, or about work this account took part in. */
const concerns = (item: ReviewItem, accountId: string) =>
  item.caseId === accountId || (item.involved ?? []).includes(accountId);

export class GabrielOrchestrator extends ClockedObject implements GabrielApi {
  constructor(ctx: DurableObjectState, env: DurableObjectsEnv) {
    super(ctx, env);
    // First start after a deploy (or ever): arm the schedule before any call is let in. Once armed,
    // every later start costs one read of the alarm, and API calls and console loads none.
    void ctx.blockConcurrencyWhile(() => this.ensureScheduled());
  }

  /**
   * While running with no alarm set (or one far overdue, which may never fire after a restart,
   * workerd#3138): the agents' rows made (so the console can show and configure them) and the
   * alarm armed. The web worker asks once per isolate, so agents run without anyone opening the console.
   */
  async ensureScheduled(): Promise<void> {
    const alarm = await this.ctx.storage.getAlarm();
    if (this.controls().state !== "running" || (alarm !== null && alarm > this.clock.now() - RUN_INTERVAL_MS)) return;
    try {
      await ensureAgents(this.db());
    } catch (error) {
      // libSQL unreachable: the object still starts, and the first run makes the rows.
      console.error("gabriel: could not make the agents' rows", error);
    }
    await this.ctx.storage.setAlarm(this.clock.now() + 1_000);
  }

  private controls(): Controls {
    return this.ctx.storage.kv.get<Controls>(CONTROLS) ?? INITIAL;
  }

  private items(): ReviewItem[] {
    return [...this.ctx.storage.kv.list<ReviewItem>({ prefix: ITEM_PREFIX })].map(([, item]) => item);
  }

  private db(): Database {
    return createDb(this.env);
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  async overview(): Promise<{ controls: Controls; items: ReviewItem[] }> {
    const items = this.items();
    const open = items
      .filter((i) => !i.decision)
      .sort((a, b) => rank(a) - rank(b) || a.raisedAt.localeCompare(b.raisedAt));
    const decided = items.filter((i) => i.decision).sort((a, b) => b.decision!.at.localeCompare(a.decision!.at));
    return { controls: this.controls(), items: [...open, ...decided.slice(0, DECIDED_KEPT)] };
  }

  /**
   * One change to an item: stored with its libSQL write in an outbox, in one step, and told to
   * every console. The caller flushes (once for many changes). A write that fails stays in the
   * outbox and the alarm retries it (whatever the controls say): the object and libSQL never part for good.
   */
  private stageItem(item: ReviewItem, audit: (typeof gabrielAuditLog.$inferInsert)[]): void {
    this.ctx.storage.kv.put(ITEM_PREFIX + item.id, item);
    this.owe({ itemId: item.id, audit });
    this.broadcast({ type: "item", item });
  }

  /** A libSQL write owed, queued in the outbox in the order it was made (flush writes it). */
  private owe(entry: OutboxEntry): void {
    this.ctx.storage.kv.put(OUTBOX_PREFIX + `${Date.now().toString().padStart(15, "0")}:${crypto.randomUUID()}`, entry);
  }

  private async changeItem(item: ReviewItem, audit: (typeof gabrielAuditLog.$inferInsert)[]): Promise<void> {
    this.stageItem(item, audit);
    await this.flush();
  }

  /**
   * Writes what the outbox holds: all of it in one batch (one round trip however many items a run
   * raised), or, if that fails, entry by entry, so one bad entry cannot hold up the rest. What
   * still fails is left for the alarm.
   */
  private async flush(): Promise<void> {
    const db = this.db();
    const entries = [...this.ctx.storage.kv.list<OutboxEntry>({ prefix: OUTBOX_PREFIX })];
    if (!entries.length) return;
    const statementsOf = (entry: OutboxEntry): unknown[] => {
      const audit = entry.audit.map((row) => ({
        ...row,
        timestamp: row.timestamp ? new Date(row.timestamp) : undefined,
      }));
      if (entry.itemId) {
        const item = this.ctx.storage.kv.get<ReviewItem>(ITEM_PREFIX + entry.itemId);
        return item ? itemStatements(db, item, audit) : [];
      }
      return [
        ...(entry.agentStatus
          ? [
              db
                .update(gabrielAgents)
                .set({ status: entry.agentStatus })
                .where(inArray(gabrielAgents.id, Object.values(AGENT_IDS))),
            ]
          : []),
        db.insert(gabrielAuditLog).values(audit),
      ];
    };
    type Statements = Parameters<typeof db.batch>[0];
    try {
      const all = entries.flatMap(([, entry]) => statementsOf(entry));
      if (all.length) await db.batch(all as unknown as Statements);
      for (const [key] of entries) this.ctx.storage.kv.delete(key);
      return;
    } catch {
      // Entry by entry below, to find what fails.
    }
    for (const [key, entry] of entries) {
      try {
        const statements = statementsOf(entry);
        if (statements.length) await db.batch(statements as unknown as Statements);
        this.ctx.storage.kv.delete(key);
      } catch (error) {
        if (entry.itemId && isUniqueViolation(error)) {
          // The same finding is already in the record (raised before this object's storage began): this copy goes.
          this.ctx.storage.kv.delete(ITEM_PREFIX + entry.itemId);
          this.ctx.storage.kv.delete(key);
          continue;
        }
        console.error("gabriel: write-through failed, retrying", error);
        if ((await this.ctx.storage.getAlarm()) === null)
          await this.ctx.storage.setAlarm(this.clock.now() + OUTBOX_RETRY_MS);
        return;
      }
    }
  }

  async assign(input: unknown): Promise<GabrielResult<ReviewItem>> {
    const parsed = AssignInput.safeParse(input);
    if (!parsed.success) return refused(400, "VALIDATION_ERROR", parsed.error.issues[0]?.message ?? "Invalid input");
    const { itemId, reviewer, assignee, override } = parsed.data;
    const item = this.ctx.storage.kv.get<ReviewItem>(ITEM_PREFIX + itemId);
    if (!item) return refused(404, "NOT_FOUND", "Review item not found");
    if (item.decision) return refused(409, "ALREADY_DECIDED", "This item has already been decided");
    // One claimant at a time: an item already assigned to someone else must be released by them first.
    if (item.assignee && item.assignee.id !== assignee.id && item.assignee.id !== reviewer.id && !override) {
      return refused(409, "ALREADY_ASSIGNED", `${item.assignee.name} is already reviewing this item`);
    }
    if (concerns(item, assignee.id))
      return refused(409, "OWN_CASE", "Nobody reviews a case about themselves or their own work");
    const at = this.now();
    const next: ReviewItem = { ...item, status: "assigned", assignee, assignedAt: at.toISOString() };
    await this.changeItem(next, [
      {
        agentId: AGENT_IDS[item.agent],
        taskId: item.id,
        action: item.assignee && item.assignee.id !== assignee.id ? "review_reassigned" : "review_assigned",
        userId: reviewer.id,
        result: "assigned",
        timestamp: at,
        details: {
          assignee: assignee.name,
          previous: item.assignee?.name ?? null,
          by: reviewer.name,
          caseId: item.caseId,
        },
      },
    ]);
    return { ok: true, value: next };
  }

  async decide(input: unknown): Promise<GabrielResult<ReviewItem>> {
    const parsed = DecideInput.safeParse(input);
    if (!parsed.success) return refused(400, "VALIDATION_ERROR", parsed.error.issues[0]?.message ?? "Invalid input");
    const { itemId, decision, notes, comment, reviewer } = parsed.data;
    const item = this.ctx.storage.kv.get<ReviewItem>(ITEM_PREFIX + itemId);
    if (!item) return refused(404, "NOT_FOUND", "Review item not found");
    if (item.decision) return refused(409, "ALREADY_DECIDED", "This item has already been decided");
    if (item.assignee && item.assignee.id !== reviewer.id)
      return refused(409, "ASSIGNED_TO_OTHER", `${item.assignee.name} is reviewing this item`);
    // Maker-checker: a case about the reviewer (their account) is decided by someone else.
    if (concerns(item, reviewer.id))
      return refused(409, "OWN_CASE", "This case is about you or your own work: another reviewer must decide it");
    const at = this.now();
    const next: ReviewItem = {
      ...item,
      status: decision,
      decision: { decision, notes, comment, by: reviewer, at: at.toISOString() },
    };
    await this.changeItem(next, [
      {
        agentId: AGENT_IDS[item.agent],
        taskId: item.id,
        action: "review_decided",
        userId: reviewer.id,
        result: decision,
        timestamp: at,
        details: { notes, comment, reviewer: reviewer.name, caseId: item.caseId, rule: item.rule },
      },
    ]);
    this.pruneDecided();
    return { ok: true, value: next };
  }

  /**
   * Decided items beyond the newest DECIDED_KEPT leave the object's storage (libSQL keeps them; the
   * console shows no more). An item with a libSQL write still owed stays until it is written. Its
   * `key:` entry stays: the same finding is never raised again.
   */
  private pruneDecided(): void {
    const owed = new Set(
      [...this.ctx.storage.kv.list<OutboxEntry>({ prefix: OUTBOX_PREFIX })].map(([, entry]) => entry.itemId),
    );
    const decided = this.items()
      .filter((item) => item.decision)
      .sort((a, b) => b.decision!.at.localeCompare(a.decision!.at));
    for (const item of decided.slice(DECIDED_KEPT))
      if (!owed.has(item.id)) this.ctx.storage.kv.delete(ITEM_PREFIX + item.id);
  }

  async control(input: unknown): Promise<GabrielResult<Controls>> {
    const parsed = ControlInput.safeParse(input);
    if (!parsed.success) return refused(400, "VALIDATION_ERROR", parsed.error.issues[0]?.message ?? "Invalid input");
    const { action, actor, reason } = parsed.data;
    const current = this.controls();
    const state = action === "resume" ? "running" : action === "pause" ? "paused" : "stopped";
    if (action === "emergency-stop" && !reason)
      return refused(400, "REASON_REQUIRED", "Say why you are stopping every agent");
    if (current.state === state) return refused(409, "NO_CHANGE", `The agents are already ${state}`);
    const at = this.now();
    const next: Controls = { ...current, state, changedBy: actor, changedAt: at.toISOString(), reason: reason || null };
    // Stored before anything is awaited: a run that starts after this line sees it.
    this.ctx.storage.kv.put(CONTROLS, next);
    if (state === "running") await this.ctx.storage.setAlarm(this.clock.now() + 1_000);
    else await this.ctx.storage.deleteAlarm();
    this.broadcast({ type: "controls", controls: next });
    this.owe({
      agentStatus: state === "running" ? "active" : "paused",
      audit: [
        {
          action: `control_${action.replace("-", "_")}`,
          userId: actor.id,
          result: state,
          timestamp: at,
          details: { by: actor.name, reason: reason || null, from: current.state },
        },
      ],
    });
    await this.flush();
    return { ok: true, value: next };
  }

  /** The run in progress: runs go one at a time (libSQL's awaits let other calls in between). */
  private running: Promise<unknown> = Promise.resolve();

  private runOnce(forced: boolean): Promise<RunSummary> {
    const next = this.running.then(() => this.run(forced));
    this.running = next.catch(() => undefined);
    return next;
  }

  async runNow(): Promise<GabrielResult<RunSummary>> {
    const state = this.controls().state;
    if (state !== "running")
      return refused(
        409,
        "NOT_RUNNING",
        state === "stopped"
          ? "The agents are stopped (Emergency Stop): resume them first"
          : "The agents are paused: resume them first",
      );
    return { ok: true, value: await this.runOnce(true) };
  }

  override async alarm(): Promise<void> {
    // Owed writes first, whatever the controls: the record must catch up even while stopped.
    await this.flush();
    if (this.controls().state === "running") {
      try {
        await this.runOnce(false);
      } finally {
        if (this.controls().state === "running") await this.ctx.storage.setAlarm(this.clock.now() + RUN_INTERVAL_MS);
      }
    }
    if (
      [...this.ctx.storage.kv.list({ prefix: OUTBOX_PREFIX })].length &&
      (await this.ctx.storage.getAlarm()) === null
    ) {
      await this.ctx.storage.setAlarm(this.clock.now() + OUTBOX_RETRY_MS);
    }
  }

  /**
   * One run of every agent over the lookback window. A scheduled run (not `forced`) is sat out when
   * nothing has happened since the cursor, unless the agents have been idle for IDLE_RUN_MS; what is
   * new is first asked cheaply (each source's newest event), and the window read only if something is.
   */
  private async run(forced: boolean): Promise<RunSummary> {
    const db = this.db();
    const now = this.now();
    // Each agent's task is timed from here to its completion: the clock moves only across I/O (the reads below).
    const runStarted = new Date(this.clock.now());
    const readAgents = () =>
      db
        .select()
        .from(gabrielAgents)
        .where(inArray(gabrielAgents.id, Object.values(AGENT_IDS)));
    let agents = await readAgents();
    if (agents.length < AGENT_TYPES.length) {
      await ensureAgents(db);
      agents = await readAgents();
    }
    // A stored policy is read leniently (a bad or stale value falls back to its default), so one agent's config never stops a run.
    const configs = new Map(
      agents.filter((a) => isAgentType(a.type)).map((a) => [a.id, readConfig(a.type as AgentType, a.config)]),
    );
    // One read serves every agent: the window the most demanding policy needs.
    const lookback = Math.max(
      ...agents
        .filter((a) => isAgentType(a.type))
        .map((a) => lookbackMs(a.type as AgentType, configs.get(a.id)! as never)),
    );
    const from = new Date(now.getTime() - lookback);
    const { cursor, lastRunAt } = this.controls();
    if (!forced && !runIsDue(0, lastRunAt, now)) {
      // Not idle long enough to look regardless: sit out before reading the window if no source has anything after the cursor.
      const newest = await newestEvents(db, from, now);
      if (!newest.some((event) => afterCursor(event, cursor)))
        return { ran: false, events: 0, newEvents: 0, findings: 0, raised: 0 };
    }
    const events = await readPlatformEvents(db, from, now);
    const newEvents = events.filter((event) => afterCursor(event, cursor)).length;
    if (!forced && !runIsDue(newEvents, lastRunAt, now))
      return { ran: false, events: events.length, newEvents, findings: 0, raised: 0 };
    /** Keys raised (or found in libSQL) during this run. */
    const known = new Set<string>();
    let findings = 0;
    let raised = 0;
    for (const agent of agents) {
      if (!isAgentType(agent.type)) continue;
      // Emergency Stop between two agents: nothing more is done.
      if (this.controls().state !== "running") break;
      const taskId = crypto.randomUUID();
      let results: Finding[];
      try {
        results = runAgent(agent.type, { events, config: configs.get(agent.id)! as never, now });
      } catch (error) {
        // The agent shows Error until a run of it succeeds again; the failure is a task and an audit row.
        const message = error instanceof Error ? error.message : String(error);
        await db.batch([
          db.insert(gabrielTasks).values({
            id: taskId,
            agentId: agent.id,
            type: "analysis",
            status: "failed",
            priority: "low",
            startedAt: runStarted,
            completedAt: new Date(this.clock.now()),
            input: { events: events.length, newEvents },
            output: { error: message },
          }),
          db.update(gabrielAgents).set({ status: "error" }).where(eq(gabrielAgents.id, agent.id)),
          db.insert(gabrielAuditLog).values({
            agentId: agent.id,
            taskId,
            action: "agent_run",
            result: "failed",
            timestamp: new Date(this.clock.now()),
            details: { error: message },
          }),
        ]);
        continue;
      }
      // This object's `key:` index first, one look-up per finding; then libSQL, the record of what was
      // ever raised (this object's storage may be newer than a restore).
      const candidates = results.filter(
        (f) => f.adverse && !known.has(f.key) && this.ctx.storage.kv.get(KEY_PREFIX + f.key) === undefined,
      );
      for (let i = 0; i < candidates.length; i += 100) {
        const keys = candidates.slice(i, i + 100).map((f) => f.key);
        for (const row of await db
          .select({ key: gabrielTasks.dedupeKey })
          .from(gabrielTasks)
          .where(inArray(gabrielTasks.dedupeKey, keys)))
          if (row.key) known.add(row.key);
      }
      const fresh = candidates.filter((f) => !known.has(f.key));
      findings += results.length;
      const noted = results.filter((f) => !f.adverse).map((f) => ({ rule: f.rule, title: f.title, caseId: f.caseId }));
      const completed = new Date(this.clock.now());
      // Stopped while this agent judged: its work is not recorded, and nothing it found is raised.
      if (this.controls().state !== "running") break;
      await db.batch([
        db.insert(gabrielTasks).values({
          id: taskId,
          agentId: agent.id,
          type: "analysis",
          status: "completed",
          priority: "low",
          startedAt: runStarted,
          completedAt: completed,
          input: { from: from.toISOString(), to: now.toISOString(), events: events.length, newEvents, cursor },
          output: { findings: results.length, raised: fresh.length, noted: noted.slice(0, 20) },
        }),
        db
          .update(gabrielAgents)
          .set({ lastActivity: completed, ...(agent.status === "error" ? { status: "active" } : {}) })
          .where(eq(gabrielAgents.id, agent.id)),
        db.insert(gabrielAuditLog).values({
          agentId: agent.id,
          taskId,
          action: "agent_run",
          result: "completed",
          timestamp: completed,
          details: { events: events.length, newEvents, findings: results.length, raised: fresh.length },
        }),
      ]);
      for (const finding of fresh) {
        if (this.controls().state !== "running") break;
        const item: ReviewItem = {
          id: crypto.randomUUID(),
          agent: agent.type,
          rule: finding.rule,
          key: finding.key,
          title: finding.title,
          description: finding.description,
          priority: finding.priority,
          caseId: finding.caseId,
          evidence: finding.evidence.slice(0, 50),
          involved: finding.involved?.slice(0, 20),
          status: "pending",
          raisedAt: new Date(this.clock.now()).toISOString(),
          assignee: null,
          assignedAt: null,
          decision: null,
        };
        known.add(item.key);
        this.ctx.storage.kv.put(KEY_PREFIX + item.key, item.id);
        this.stageItem(item, [
          {
            agentId: agent.id,
            taskId: item.id,
            action: "review_raised",
            result: "pending",
            timestamp: new Date(item.raisedAt),
            details: { rule: item.rule, caseId: item.caseId, priority: item.priority, analysisTaskId: taskId },
          },
        ]);
        raised++;
      }
      await this.flush();
    }
    const newest = events.at(-1);
    const controls = this.controls();
    // A run cut short by a stop judged only part of what is new: the cursor stays where it was.
    if (controls.state !== "running") return { ran: true, events: events.length, newEvents, findings, raised };
    this.ctx.storage.kv.put(CONTROLS, {
      ...controls,
      lastRunAt: now.toISOString(),
      cursor: newest && afterCursor(newest, cursor) ? { at: newest.at, id: newest.id } : cursor,
    });
    return { ran: true, events: events.length, newEvents, findings, raised };
  }

  override async fetch(request: Request): Promise<Response> {
    return this.watch(request, [], { type: "overview", ...(await this.overview()) }, grantOf(request));
  }
}

/** Open items by priority: high first. */
function rank(item: ReviewItem): number {
  return item.priority === "high" ? 0 : item.priority === "medium" ? 1 : 2;
}
