import { beforeEach, describe, expect, it } from "vitest";
import { AGENTS, defaultConfig } from "#core/gabriel/agents.ts";
import { AGENT_TYPES, type AgentType } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { gabrielAgents, gabrielTasks } from "#db/schema/index.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { listAgents } from "./api.ts";
import { AGENT_IDS } from "./review-state.ts";

/** The agents' metrics (listAgents) over fixed rows: every figure exactly. */

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("gabriel-agents-test-");
  db = temp.db;
  return temp.close;
});

// 30 November is GMT: the UK day began at midnight UTC.
const NOW = new Date("2026-11-30T12:00:00Z");
const TODAY = new Date("2026-11-30T00:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** An agent's run made at `at`, timed `ms` (startedAt to completedAt). */
const run = (agent: AgentType, at: Date, ms: number, status: "completed" | "failed" = "completed") => ({
  agentId: AGENT_IDS[agent],
  type: "analysis",
  status,
  priority: "low",
  createdAt: at,
  startedAt: at,
  completedAt: new Date(at.getTime() + ms),
});

/** A review item the agent raised `raisedAgo` before NOW, titled `title`. */
const item = (
  agent: AgentType,
  raisedAgo: number,
  status: "pending" | "assigned" | "approved" | "escalated",
  title: unknown = `Case ${raisedAgo}`,
  titleWords?: unknown,
) => ({
  agentId: AGENT_IDS[agent],
  type: "human_review",
  status,
  priority: "high",
  createdAt: ago(raisedAgo),
  startedAt: ago(raisedAgo),
  completedAt: status === "approved" || status === "escalated" ? ago(raisedAgo - MINUTE) : null,
  dedupeKey: crypto.randomUUID(),
  input: { title, caseId: "case", ...(titleWords === undefined ? {} : { titleWords }) },
});

async function arrange() {
  const lastActivity = ago(HOUR);
  await db.insert(gabrielAgents).values(
    AGENT_TYPES.map((type) => ({
      id: AGENT_IDS[type],
      name: AGENTS[type].name,
      type,
      status: type === "compliance" ? "error" : "active",
      config: { mark: type },
      lastActivity: type === "risk" ? lastActivity : null,
    })),
  );
  const stranger = crypto.randomUUID();
  await db.insert(gabrielAgents).values({ id: stranger, name: "Someone else's", type: "risk" });
  await db.insert(gabrielTasks).values([
    // Risk: three runs today (one at the very start of the UK day), one just before it, one 3 days
    // ago, one failed 2 days ago, and one 8 days ago (outside the 7 days).
    run("risk", ago(HOUR), 300),
    run("risk", ago(2 * HOUR), 100),
    run("risk", TODAY, 500),
    run("risk", new Date(TODAY.getTime() - MINUTE), 600),
    run("risk", ago(3 * DAY), 200),
    run("risk", ago(2 * DAY), 400, "failed"),
    run("risk", ago(8 * DAY), 10_000),
    // Its cases: three open (the newest assigned), two decided.
    item("risk", 3 * HOUR, "pending", "Older open case"),
    item("risk", HOUR, "assigned", "Newest open case", { kind: "revokedPresented", values: {} }),
    item("risk", 2 * HOUR, "pending", "Middle open case"),
    item("risk", 30 * MINUTE, "approved", "Decided since"),
    item("risk", 5 * DAY, "escalated"),
    // Compliance: one completed and two failed runs, none today; no cases.
    run("compliance", ago(2 * DAY), 10),
    run("compliance", ago(DAY), 20, "failed"),
    run("compliance", ago(DAY + HOUR), 31, "failed"),
    // Onboarding: no run in the last 7 days; one open case whose title is not text, one decided.
    run("onboarding", ago(10 * DAY), 50),
    item("onboarding", DAY, "pending", 42),
    item("onboarding", 2 * DAY, "approved"),
    // Support: one run today, timed 0 (a run whose clock did not move).
    run("support", ago(MINUTE), 0),
    // Another agent's tasks count for none of the four.
    { ...run("risk", ago(HOUR), 9_999), agentId: stranger },
    { ...item("risk", 10 * MINUTE, "pending", "Not ours"), agentId: stranger },
  ]);
  return { lastActivity };
}

describe("the agents' metrics", () => {
  it("are computed from each agent's own tasks, every figure exactly", async () => {
    const { lastActivity } = await arrange();
    const agents = await listAgents(db, NOW);
    expect(agents.map((a) => a.type)).toEqual(["onboarding", "compliance", "risk", "support"]);
    const byType = Object.fromEntries(agents.map((a) => [a.type, a]));

    expect(byType.risk).toEqual({
      id: AGENT_IDS.risk,
      name: AGENTS.risk.name,
      type: "risk",
      status: "active",
      config: { mark: "risk" },
      lastActivity: lastActivity.toISOString(),
      metrics: {
        // Completed at or after the UK day's start: 3 (the one a minute before midnight is yesterday's).
        tasksCompleted: 3,
        // Six runs in 7 days, five completed: 83.3%.
        successRate: 83.3,
        queueLength: 3,
        // (300 + 100 + 500 + 600 + 200 + 400) / 6 = 350; the run 8 days ago is left out.
        avgTime: 350,
        currentTask: "Newest open case",
        // Its title as a kind and values, for the console to word in the reader's language.
        currentTaskWords: { kind: "revokedPresented", values: {} },
        // Two of its five cases decided: 40%.
        progress: 40,
      },
    });
    expect(byType.compliance).toMatchObject({ status: "error", config: { mark: "compliance" }, lastActivity: null });
    expect(byType.compliance!.metrics).toEqual({
      tasksCompleted: 0,
      successRate: 33.3,
      queueLength: 0,
      avgTime: 20,
      currentTask: null,
      currentTaskWords: null,
      progress: 100,
    });
    // No finished run in 7 days: no rate at all, rather than 0% or 100%.
    expect(byType.onboarding!.metrics).toEqual({
      tasksCompleted: 0,
      successRate: null,
      queueLength: 1,
      avgTime: 0,
      currentTask: null,
      currentTaskWords: null,
      progress: 50,
    });
    expect(byType.support!.metrics).toEqual({
      tasksCompleted: 1,
      successRate: 100,
      queueLength: 0,
      avgTime: 0,
      currentTask: null,
      currentTaskWords: null,
      progress: 100,
    });
  });

  it("read as empty for agents with no tasks", async () => {
    await db
      .insert(gabrielAgents)
      .values(AGENT_TYPES.map((type) => ({ id: AGENT_IDS[type], name: AGENTS[type].name, type })));
    for (const agent of await listAgents(db, NOW)) {
      expect(agent.metrics).toEqual({
        tasksCompleted: 0,
        successRate: null,
        queueLength: 0,
        avgTime: 0,
        currentTask: null,
        currentTaskWords: null,
        progress: 100,
      });
      expect(agent.config).toEqual({});
    }
  });

  it("are of the four agents only, whose rows are made on a database that has none", async () => {
    await db.insert(gabrielAgents).values({ id: crypto.randomUUID(), name: "Someone else's", type: "risk" });
    const agents = await listAgents(db, NOW);
    expect(agents.map((a) => a.id)).toEqual(AGENT_TYPES.map((type) => AGENT_IDS[type]));
    expect(agents.map((a) => a.name)).toEqual(AGENT_TYPES.map((type) => AGENTS[type].name));
    expect(agents[0]!.config).toEqual(defaultConfig("onboarding"));
  });
});
