import { createDb, type Database } from "#db/client.ts";
import { grantOf } from "#server/accounts/live-access.ts";
import {
  AGENT_IDS,
  AssignInput,
  ControlInput,
  type Controls,
  DecideInput,
  ensureAgents,
  type GabrielApi,
  type GabrielRefusal,
  type GabrielResult,
  type ReviewItem,
  type RunSummary,
} from "#server/gabriel/review-state.ts";
import { ClockedObject } from "./clocked-object.ts";
import type { DurableObjectsEnv } from "./env.ts";
import { Outbox } from "./gabriel/outbox.ts";
import { runAgents } from "./gabriel/run.ts";
import { type AuditRow, CONTROLS, ITEM_PREFIX, readControls, readItem, readItems } from "./gabriel/state.ts";

/** How often the agents look at the platform. */
const RUN_INTERVAL_MS = 60_000;
/** Decided items kept in the object for the console; all of them are in libSQL, older ones are pruned from here. */
export const DECIDED_KEPT = 50;

/** A refusal: its code, its English (logs), and the key (and values) the API words it by. */
const refused = (
  status: 400 | 404 | 409,
  code: string,
  message: string,
  refusal?: GabrielRefusal,
  values?: Record<string, string>,
): GabrielResult<never> => ({
  ok: false,
  status,
  code,
  message,
  ...(refusal ? { refusal } : {}),
  ...(values ? { values } : {}),
});
/** Maker-checker: whether the case is about this account, or about work this account took part in. */
const concerns = (item: ReviewItem, accountId: string) =>
  item.caseId === accountId || (item.involved ?? []).includes(accountId);

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
 * This class holds the RPC methods and the alarm; one run of the agents is ./gabriel/run.ts, the
 * owed libSQL writes and their retry ./gabriel/outbox.ts, what it stores ./gabriel/state.ts.
 */
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
    if (this.#controls().state !== "running" || (alarm !== null && alarm > this.clock.now() - RUN_INTERVAL_MS)) return;
    try {
      await ensureAgents(this.#db());
    } catch (error) {
      // libSQL unreachable: the object still starts, and the first run makes the rows.
      console.error("gabriel: could not make the agents' rows", error);
    }
    await this.ctx.storage.setAlarm(this.clock.now() + 1_000);
  }

  /** The libSQL writes this object owes (./gabriel/outbox.ts). */
  readonly #outbox = new Outbox(
    this.ctx.storage,
    () => this.#db(),
    () => this.clock.now(),
  );

  #controls(): Controls {
    return readControls(this.ctx.storage.kv);
  }

  #db(): Database {
    return createDb(this.env);
  }

  #now(): Date {
    return new Date(this.clock.now());
  }

  async overview(): Promise<{ controls: Controls; items: ReviewItem[] }> {
    const items = readItems(this.ctx.storage.kv);
    const open = items
      .filter((i) => !i.decision)
      .sort((a, b) => rank(a) - rank(b) || a.raisedAt.localeCompare(b.raisedAt));
    const decided = items.filter((i) => i.decision).sort((a, b) => b.decision!.at.localeCompare(a.decision!.at));
    return { controls: this.#controls(), items: [...open, ...decided.slice(0, DECIDED_KEPT)] };
  }

  /**
   * One change to an item: stored with its libSQL write in an outbox, in one step, and told to
   * every console. The caller flushes (once for many changes). A write that fails stays in the
   * outbox and the alarm retries it (whatever the controls say): the object and libSQL never part for good.
   */
  #stageItem(item: ReviewItem, audit: AuditRow[]): void {
    this.ctx.storage.kv.put(ITEM_PREFIX + item.id, item);
    this.#outbox.owe({ itemId: item.id, audit });
    this.watchers.broadcast({ type: "item", item });
  }

  async #changeItem(item: ReviewItem, audit: AuditRow[]): Promise<void> {
    this.#stageItem(item, audit);
    await this.#outbox.flush();
  }

  async assign(input: unknown): Promise<GabrielResult<ReviewItem>> {
    const parsed = AssignInput.safeParse(input);
    if (!parsed.success) return refused(400, "VALIDATION_ERROR", parsed.error.issues[0]?.message ?? "Invalid input");
    const { itemId, reviewer, assignee, override } = parsed.data;
    const item = readItem(this.ctx.storage.kv, itemId);
    if (!item) return refused(404, "NOT_FOUND", "Review item not found", "itemNotFound");
    if (item.decision) return refused(409, "ALREADY_DECIDED", "This item has already been decided", "alreadyDecided");
    // One claimant at a time: an item already assigned to someone else must be released by them first.
    if (item.assignee && item.assignee.id !== assignee.id && item.assignee.id !== reviewer.id && !override) {
      return refused(
        409,
        "ALREADY_ASSIGNED",
        `${item.assignee.name} is already reviewing this item`,
        "alreadyAssigned",
        {
          name: item.assignee.name,
        },
      );
    }
    if (concerns(item, assignee.id))
      return refused(409, "OWN_CASE", "Nobody reviews a case about themselves or their own work", "ownCaseAssign");
    const at = this.#now();
    const next: ReviewItem = { ...item, status: "assigned", assignee, assignedAt: at.toISOString() };
    await this.#changeItem(next, [
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
    const item = readItem(this.ctx.storage.kv, itemId);
    if (!item) return refused(404, "NOT_FOUND", "Review item not found", "itemNotFound");
    if (item.decision) return refused(409, "ALREADY_DECIDED", "This item has already been decided", "alreadyDecided");
    if (item.assignee && item.assignee.id !== reviewer.id)
      return refused(409, "ASSIGNED_TO_OTHER", `${item.assignee.name} is reviewing this item`, "assignedToOther", {
        name: item.assignee.name,
      });
    // Maker-checker: a case about the reviewer (their account) is decided by someone else.
    if (concerns(item, reviewer.id))
      return refused(
        409,
        "OWN_CASE",
        "This case is about you or your own work: another reviewer must decide it",
        "ownCaseDecide",
      );
    const at = this.#now();
    const next: ReviewItem = {
      ...item,
      status: decision,
      decision: { decision, notes, comment, by: reviewer, at: at.toISOString() },
    };
    await this.#changeItem(next, [
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
    this.#pruneDecided();
    return { ok: true, value: next };
  }

  /**
   * Decided items beyond the newest DECIDED_KEPT leave the object's storage (libSQL keeps them; the
   * console shows no more). An item with a libSQL write still owed stays until it is written. Its
   * `key:` entry stays: the same finding is never raised again.
   */
  #pruneDecided(): void {
    const owed = this.#outbox.owedItems();
    const decided = readItems(this.ctx.storage.kv)
      .filter((item) => item.decision)
      .sort((a, b) => b.decision!.at.localeCompare(a.decision!.at));
    for (const item of decided.slice(DECIDED_KEPT))
      if (!owed.has(item.id)) this.ctx.storage.kv.delete(ITEM_PREFIX + item.id);
  }

  async control(input: unknown): Promise<GabrielResult<Controls>> {
    const parsed = ControlInput.safeParse(input);
    if (!parsed.success) return refused(400, "VALIDATION_ERROR", parsed.error.issues[0]?.message ?? "Invalid input");
    const { action, actor, reason } = parsed.data;
    const current = this.#controls();
    const state = action === "resume" ? "running" : action === "pause" ? "paused" : "stopped";
    if (action === "emergency-stop" && !reason)
      return refused(400, "REASON_REQUIRED", "Say why you are stopping every agent", "reasonRequired");
    if (current.state === state)
      return refused(409, "NO_CHANGE", `The agents are already ${state}`, "noChange", { state });
    const at = this.#now();
    const next: Controls = { ...current, state, changedBy: actor, changedAt: at.toISOString(), reason: reason || null };
    // Stored before anything is awaited: a run that starts after this line sees it.
    this.ctx.storage.kv.put(CONTROLS, next);
    if (state === "running") await this.ctx.storage.setAlarm(this.clock.now() + 1_000);
    else await this.ctx.storage.deleteAlarm();
    this.watchers.broadcast({ type: "controls", controls: next });
    this.#outbox.owe({
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
    await this.#outbox.flush();
    return { ok: true, value: next };
  }

  /** The run in progress: runs go one at a time (libSQL's awaits let other calls in between). */
  #running: Promise<unknown> = Promise.resolve();

  #runOnce(forced: boolean): Promise<RunSummary> {
    const next = this.#running.then(() =>
      runAgents(
        {
          kv: this.ctx.storage.kv,
          db: this.#db(),
          clock: this.clock,
          stage: (item, audit) => this.#stageItem(item, audit),
          flush: () => this.#outbox.flush(),
        },
        forced,
      ),
    );
    this.#running = next.catch(() => undefined);
    return next;
  }

  async runNow(): Promise<GabrielResult<RunSummary>> {
    const state = this.#controls().state;
    if (state !== "running")
      return state === "stopped"
        ? refused(409, "NOT_RUNNING", "The agents are stopped (Emergency Stop): resume them first", "stopped")
        : refused(409, "NOT_RUNNING", "The agents are paused: resume them first", "paused");
    return { ok: true, value: await this.#runOnce(true) };
  }

  override async alarm(): Promise<void> {
    // Owed writes first, whatever the controls: the record must catch up even while stopped.
    await this.#outbox.flush();
    if (this.#controls().state === "running") {
      try {
        await this.#runOnce(false);
      } finally {
        if (this.#controls().state === "running") await this.ctx.storage.setAlarm(this.clock.now() + RUN_INTERVAL_MS);
      }
    }
    if (!this.#outbox.isEmpty()) await this.#outbox.retryLater();
  }

  override async fetch(request: Request): Promise<Response> {
    return this.watchers.watch(request, [], { type: "overview", ...(await this.overview()) }, grantOf(request));
  }
}

/** Open items by priority: high first. */
function rank(item: ReviewItem): number {
  return item.priority === "high" ? 0 : item.priority === "medium" ? 1 : 2;
}
