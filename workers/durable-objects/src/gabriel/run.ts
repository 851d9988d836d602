import { eq, inArray } from "drizzle-orm";
import { isAgentType, readConfig } from "#core/gabriel/agents.ts";
import { AGENT_TYPES, type AgentType, type Finding } from "#core/gabriel/events.ts";
import { lookbackMs, runAgent } from "#core/gabriel/rules.ts";
import type { Database } from "#db/client.ts";
import { gabrielAgents, gabrielAuditLog, gabrielTasks } from "#db/schema/index.ts";
import { newestEvents, readPlatformEvents } from "#server/gabriel/events.ts";
import {
  AGENT_IDS,
  afterCursor,
  ensureAgents,
  type ReviewItem,
  type RunSummary,
  runIsDue,
} from "#server/gabriel/review-state.ts";
import type { Clock } from "#server/worker/clock.ts";
import { type AuditRow, CONTROLS, KEY_PREFIX, readControls } from "./state.ts";

/**
 * What one run of the agents works with: the object's storage, libSQL, the object's clock, and
 * how a finding is raised (the item stored, its write owed, every console told) and the owed
 * writes written. Runs go one at a time: the object sees to that.
 */
export interface RunContext {
  kv: SyncKvStorage;
  db: Database;
  clock: Clock;
  stage(item: ReviewItem, audit: AuditRow[]): void;
  flush(): Promise<void>;
}

/**
 * One run of every agent over the lookback window. A scheduled run (not `forced`) is sat out when
 * nothing has happened since the cursor, unless the agents have been idle for IDLE_RUN_MS; what is
 * new is first asked cheaply (each source's newest event), and the window read only if something is.
 */
export async function runAgents(context: RunContext, forced: boolean): Promise<RunSummary> {
  const { kv, db, clock } = context;
  // The run's moment, and the start each agent's task is timed from (the clock moves only across I/O: the reads below).
  const now = new Date(clock.now());
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
  const { cursor, lastRunAt } = readControls(kv);
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
    if (readControls(kv).state !== "running") break;
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
          startedAt: now,
          completedAt: new Date(clock.now()),
          input: { events: events.length, newEvents },
          output: { error: message },
        }),
        db.update(gabrielAgents).set({ status: "error" }).where(eq(gabrielAgents.id, agent.id)),
        db.insert(gabrielAuditLog).values({
          agentId: agent.id,
          taskId,
          action: "agent_run",
          result: "failed",
          timestamp: new Date(clock.now()),
          details: { error: message },
        }),
      ]);
      continue;
    }
    // This object's `key:` index first, one look-up per finding; then libSQL, the record of what was
    // ever raised (this object's storage may be newer than a restore).
    const candidates = results.filter(
      (f) => f.adverse && !known.has(f.key) && kv.get(KEY_PREFIX + f.key) === undefined,
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
    const completed = new Date(clock.now());
    // Stopped while this agent judged: its work is not recorded, and nothing it found is raised.
    if (readControls(kv).state !== "running") break;
    await db.batch([
      db.insert(gabrielTasks).values({
        id: taskId,
        agentId: agent.id,
        type: "analysis",
        status: "completed",
        priority: "low",
        startedAt: now,
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
      if (readControls(kv).state !== "running") break;
      const item: ReviewItem = {
        id: crypto.randomUUID(),
        agent: agent.type,
        rule: finding.rule,
        key: finding.key,
        title: finding.title,
        titleWords: finding.titleWords,
        description: finding.description,
        descriptionValues: finding.descriptionValues,
        priority: finding.priority,
        caseId: finding.caseId,
        evidence: finding.evidence.slice(0, 50),
        involved: finding.involved?.slice(0, 20),
        status: "pending",
        raisedAt: new Date(clock.now()).toISOString(),
        assignee: null,
        assignedAt: null,
        decision: null,
      };
      known.add(item.key);
      kv.put(KEY_PREFIX + item.key, item.id);
      context.stage(item, [
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
    await context.flush();
  }
  const newest = events.at(-1);
  const controls = readControls(kv);
  // A run cut short by a stop judged only part of what is new: the cursor stays where it was.
  if (controls.state !== "running") return { ran: true, events: events.length, newEvents, findings, raised };
  kv.put(CONTROLS, {
    ...controls,
    lastRunAt: now.toISOString(),
    cursor: newest && afterCursor(newest, cursor) ? { at: newest.at, id: newest.id } : cursor,
  });
  return { ran: true, events: events.length, newEvents, findings, raised };
}
