import { beforeEach, describe, expect, it } from "vitest";
import { AGENT_TYPES } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { gabrielAgents, gabrielTasks } from "#db/schema/index.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { AGENT_IDS } from "./review-state.ts";
import { transparencyFigures } from "./transparency.ts";

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("gabriel-transparency-test-");
  db = temp.db;
  await db.insert(gabrielAgents).values(AGENT_TYPES.map((type) => ({ id: AGENT_IDS[type], name: type, type })));
  return temp.close;
});

const NOW = new Date("2026-11-30T12:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** A review item raised `raisedAgo` before NOW, decided `decidedAfter` later when given. */
function review(
  agent: keyof typeof AGENT_IDS,
  raisedAgo: number,
  decision?: { status: "approved" | "escalated"; after: number },
  status: "pending" | "assigned" = "pending",
) {
  const raised = ago(raisedAgo);
  return {
    agentId: AGENT_IDS[agent],
    type: "human_review",
    status: decision?.status ?? status,
    createdAt: raised,
    startedAt: raised,
    completedAt: decision ? new Date(raised.getTime() + decision.after) : null,
    dedupeKey: crypto.randomUUID(),
  };
}

const run = (agent: keyof typeof AGENT_IDS, completedAgo: number, status = "completed") => ({
  agentId: AGENT_IDS[agent],
  type: "analysis",
  status,
  priority: "low",
  createdAt: ago(completedAgo),
  startedAt: ago(completedAgo),
  completedAt: ago(completedAgo),
});

describe("Gabriel's public figures", () => {
  it("are all zero, with no share and no median, before anything was raised or run", async () => {
    const figures = await transparencyFigures(db, NOW);
    expect(figures.asOf).toBe(NOW.toISOString());
    expect(figures.since).toBe(ago(30 * DAY).toISOString());
    const none = {
      raised: 0,
      raisedRecently: 0,
      decided: 0,
      decidedByPeoplePercent: null,
      open: 0,
      decidedRecently: 0,
      medianDecisionMs: null,
      runsRecently: 0,
    };
    expect(figures.total).toEqual(none);
    for (const type of AGENT_TYPES) expect(figures.agents[type]).toEqual(none);
  });

  it("count raised, decided and open cases per agent and in total, all time and in the last 30 days", async () => {
    await db
      .insert(gabrielTasks)
      .values([
        review("risk", 40 * DAY, { status: "approved", after: 60 * MINUTE }),
        review("risk", 2 * DAY, { status: "escalated", after: 30 * MINUTE }),
        review("risk", 1 * DAY),
        review("risk", 3 * DAY, undefined, "assigned"),
        review("compliance", 5 * DAY, { status: "approved", after: 10 * MINUTE }),
      ]);
    const { agents, total } = await transparencyFigures(db, NOW);
    expect(agents.risk).toMatchObject({
      raised: 4,
      raisedRecently: 3,
      decided: 2,
      decidedRecently: 1,
      open: 2,
      decidedByPeoplePercent: 50,
    });
    expect(agents.compliance).toMatchObject({
      raised: 1,
      raisedRecently: 1,
      decided: 1,
      decidedRecently: 1,
      open: 0,
      decidedByPeoplePercent: 100,
    });
    expect(agents.onboarding).toMatchObject({ raised: 0, decidedByPeoplePercent: null });
    expect(total).toMatchObject({
      raised: 5,
      raisedRecently: 4,
      decided: 3,
      decidedRecently: 2,
      open: 2,
      decidedByPeoplePercent: 60,
    });
  });

  it("give the share decided by people with one decimal", async () => {
    await db
      .insert(gabrielTasks)
      .values([
        review("support", DAY, { status: "approved", after: MINUTE }),
        review("support", DAY),
        review("support", DAY),
      ]);
    expect((await transparencyFigures(db, NOW)).agents.support.decidedByPeoplePercent).toBe(33.3);
  });

  it("take the median time to decision over the cases decided in the last 30 days: the middle one, or the mean of the middle two", async () => {
    await db.insert(gabrielTasks).values([
      // Risk: 10, 20 and 90 minutes decided recently (median 20); a 1000-minute decision 40 days ago is outside the window.
      review("risk", 5 * DAY, { status: "approved", after: 10 * MINUTE }),
      review("risk", 4 * DAY, { status: "escalated", after: 90 * MINUTE }),
      review("risk", 3 * DAY, { status: "approved", after: 20 * MINUTE }),
      review("risk", 45 * DAY, { status: "approved", after: 1000 * MINUTE }),
      // Compliance: 30 and 60 minutes (median 45). An open case has no time to decision.
      review("compliance", 2 * DAY, { status: "approved", after: 60 * MINUTE }),
      review("compliance", 2 * DAY, { status: "approved", after: 30 * MINUTE }),
      review("compliance", 2 * DAY),
    ]);
    const { agents, total } = await transparencyFigures(db, NOW);
    expect(agents.risk.medianDecisionMs).toBe(20 * MINUTE);
    expect(agents.compliance.medianDecisionMs).toBe(45 * MINUTE);
    expect(agents.onboarding.medianDecisionMs).toBeNull();
    // All five recent decisions: 10, 20, 30, 60, 90 minutes.
    expect(total.medianDecisionMs).toBe(30 * MINUTE);
    expect(total.decidedRecently).toBe(5);
  });

  it("count a case decided in the window even when it was raised before it", async () => {
    await db.insert(gabrielTasks).values(review("onboarding", 31 * DAY, { status: "approved", after: 2 * DAY }));
    const { agents } = await transparencyFigures(db, NOW);
    expect(agents.onboarding).toMatchObject({
      raised: 1,
      raisedRecently: 0,
      decidedRecently: 1,
      medianDecisionMs: 2 * DAY,
    });
  });

  it("count the agents' completed runs in the last 30 days, not failed or older ones", async () => {
    await db
      .insert(gabrielTasks)
      .values([
        run("risk", MINUTE),
        run("risk", 29 * DAY),
        run("risk", 31 * DAY),
        run("risk", DAY, "failed"),
        run("support", DAY),
      ]);
    const { agents, total } = await transparencyFigures(db, NOW);
    expect(agents.risk.runsRecently).toBe(2);
    expect(agents.support.runsRecently).toBe(1);
    expect(total.runsRecently).toBe(3);
    // A run is not a case.
    expect(total.raised).toBe(0);
  });

  it("leave out tasks of any other agent", async () => {
    const stranger = crypto.randomUUID();
    await db.insert(gabrielAgents).values({ id: stranger, name: "Someone else's", type: "risk" });
    await db.insert(gabrielTasks).values({ ...review("risk", DAY), agentId: stranger });
    expect((await transparencyFigures(db, NOW)).total.raised).toBe(0);
  });

  it("hold numbers only: nothing about the people who raised, were reviewed or decided", async () => {
    await db.insert(gabrielTasks).values({
      ...review("risk", DAY, { status: "approved", after: MINUTE }),
      input: { title: "Secret title", caseId: "case-1" },
      output: { reviewer: "Ada Reviewer" },
    });
    const figures = await transparencyFigures(db, NOW);
    const json = JSON.stringify(figures);
    expect(json).not.toMatch(/Secret|case-1|Ada/);
    for (const value of [figures.total, ...Object.values(figures.agents)].flatMap((f) => Object.values(f)))
      expect(value === null || typeof value === "number").toBe(true);
  });
});
