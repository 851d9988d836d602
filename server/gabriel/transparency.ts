/**
 * The figures of Gabriel's public transparency page (/gabriel-ai; issue 11): how many cases the
 * agents raised for people to review, how many people have decided, how many are still open, how
 * long a decision takes, and how often the agents ran. Aggregates only: counts and durations per
 * agent and in total, never a case, a person, a reviewer or an identifier.
 *
 * Read from `gabriel_tasks`: review items are its `human_review` rows (raised at `created_at`,
 * decided at `completed_at` when their status becomes approved or escalated: a decision is only
 * ever recorded by a person through the review queue, agents cannot decide), agent runs its
 * `analysis` rows. One round trip: a db.batch of three aggregate statements.
 */
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import { AGENT_TYPES, type AgentType } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { gabrielTasks } from "#db/schema/index.ts";
import { AGENT_BY_ID, AGENT_IDS, type ReviewStatus } from "./review-state.ts";

/** The window of the "last 30 days" figures. */
const RECENT_DAYS = 30;
const RECENT_MS = RECENT_DAYS * 24 * 60 * 60 * 1000;

const DECIDED: readonly ReviewStatus[] = ["approved", "escalated"];
const OPEN: readonly ReviewStatus[] = ["pending", "assigned"];

export interface ReviewFigures {
  /** Cases raised for a person to review, ever. */
  raised: number;
  /** Cases raised in the last 30 days. */
  raisedRecently: number;
  /** Cases a person has decided (approved or escalated), ever. */
  decided: number;
  /** decided / raised as a percentage with one decimal; null when nothing was raised. */
  decidedByPeoplePercent: number | null;
  /** Cases waiting for a person (pending or assigned). */
  open: number;
  /** Cases decided in the last 30 days: the ones the median is taken over. */
  decidedRecently: number;
  /** Median time from raised to decision, in whole milliseconds, over the cases decided in the last 30 days; null when there were none. */
  medianDecisionMs: number | null;
  /** The agents' completed runs in the last 30 days. */
  runsRecently: number;
}

export interface TransparencyFigures {
  /** When the figures were read (ISO). */
  asOf: string;
  /** Start of the "last 30 days" window (ISO). */
  since: string;
  agents: Record<AgentType, ReviewFigures>;
  /** The four agents together (every sum, and the median over all their recent decisions). */
  total: ReviewFigures;
}

const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

const empty = (): ReviewFigures => ({
  raised: 0,
  raisedRecently: 0,
  decided: 0,
  decidedByPeoplePercent: null,
  open: 0,
  decidedRecently: 0,
  medianDecisionMs: null,
  runsRecently: 0,
});

/** A count as the driver hands it back (a number, a bigint or a numeric string) as a number. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * Gabriel's public figures as of `now` (the "last 30 days" are the 30 days before it). The median
 * is computed in SQL (window functions: the middle row, or the mean of the two middle rows, of the
 * cases decided in the window, per agent and over all four), so no durations leave the database
 * and the cost does not grow with the number of cases shown.
 */
export async function transparencyFigures(db: Database, now: Date = new Date()): Promise<TransparencyFigures> {
  const since = new Date(now.getTime() - RECENT_MS);
  const sinceMs = since.getTime();
  const t = gabrielTasks;
  const agentIds = AGENT_TYPES.map((type) => AGENT_IDS[type]);
  const isDecided = inArray(t.status, [...DECIDED]);
  const isOpen = inArray(t.status, [...OPEN]);

  const [reviews, medians, runs] = await db.batch([
    db
      .select({
        agentId: t.agentId,
        raised: count(),
        raisedRecently: sql<number>`sum(case when ${t.createdAt} >= ${sinceMs} then 1 else 0 end)`,
        decided: sql<number>`sum(case when ${isDecided} then 1 else 0 end)`,
        decidedRecently: sql<number>`sum(case when ${isDecided} and ${t.completedAt} >= ${sinceMs} then 1 else 0 end)`,
        open: sql<number>`sum(case when ${isOpen} then 1 else 0 end)`,
      })
      .from(t)
      .where(and(eq(t.type, "human_review"), inArray(t.agentId, agentIds)))
      .groupBy(t.agentId),
    // One row per agent with recent decisions, then one row (agent_id null) over all of them.
    db.all<{ agent_id: string | null; median_ms: number | null }>(sql`
      with ranked as (
        select
          ${t.agentId} as agent_id,
          ${t.completedAt} - ${t.createdAt} as ms,
          row_number() over (partition by ${t.agentId} order by ${t.completedAt} - ${t.createdAt}) as agent_rank,
          count(*) over (partition by ${t.agentId}) as agent_n,
          row_number() over (order by ${t.completedAt} - ${t.createdAt}) as all_rank,
          count(*) over () as all_n
        from ${t}
        where ${t.type} = 'human_review' and ${isDecided} and ${t.completedAt} >= ${sinceMs} and ${inArray(t.agentId, agentIds)}
      )
      select agent_id, avg(ms) as median_ms from ranked where agent_rank in ((agent_n + 1) / 2, (agent_n + 2) / 2) group by agent_id
      union all
      select null as agent_id, avg(ms) as median_ms from ranked where all_rank in ((all_n + 1) / 2, (all_n + 2) / 2)
    `),
    db
      .select({ agentId: t.agentId, runs: count() })
      .from(t)
      .where(
        and(eq(t.type, "analysis"), eq(t.status, "completed"), gte(t.createdAt, since), inArray(t.agentId, agentIds)),
      )
      .groupBy(t.agentId),
  ]);

  const agents = Object.fromEntries(AGENT_TYPES.map((type) => [type, empty()])) as Record<AgentType, ReviewFigures>;
  const total = empty();
  const median = (value: unknown): number | null =>
    value === null || value === undefined ? null : Math.max(0, Math.round(Number(value)));

  for (const row of reviews) {
    const type = row.agentId ? AGENT_BY_ID.get(row.agentId) : undefined;
    if (!type) continue;
    const figures = agents[type];
    figures.raised = num(row.raised);
    figures.raisedRecently = num(row.raisedRecently);
    figures.decided = num(row.decided);
    figures.decidedRecently = num(row.decidedRecently);
    figures.open = num(row.open);
  }
  for (const row of medians) {
    if (row.agent_id === null) total.medianDecisionMs = median(row.median_ms);
    else {
      const type = AGENT_BY_ID.get(row.agent_id);
      if (type) agents[type].medianDecisionMs = median(row.median_ms);
    }
  }
  for (const row of runs) {
    const type = row.agentId ? AGENT_BY_ID.get(row.agentId) : undefined;
    if (type) agents[type].runsRecently = num(row.runs);
  }
  for (const type of AGENT_TYPES) {
    const figures = agents[type];
    figures.decidedByPeoplePercent = percent(figures.decided, figures.raised);
    total.raised += figures.raised;
    total.raisedRecently += figures.raisedRecently;
    total.decided += figures.decided;
    total.decidedRecently += figures.decidedRecently;
    total.open += figures.open;
    total.runsRecently += figures.runsRecently;
  }
  total.decidedByPeoplePercent = percent(total.decided, total.raised);
  return { asOf: now.toISOString(), since: since.toISOString(), agents, total };
}
