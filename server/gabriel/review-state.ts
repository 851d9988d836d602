/**
 * The RPC contract of Gabriel's single writer, the GabrielOrchestrator Durable Object (issue 11):
 * the human-review queue, the agents' controls, and the runs of the agents. Arguments crossing into
 * the object are checked here with zod; refusals come back as data (thrown errors lose their class
 * across RPC). The write-through to libSQL lives here too.
 */
import * as z from "zod";
import { PersonInput } from "#core/assisted/api.ts";
import { AGENTS, defaultConfig } from "#core/gabriel/agents.ts";
import type { CaseDescriptionValues } from "#core/gabriel/case-descriptions.ts";
import type { CaseTitle } from "#core/gabriel/case-titles.ts";
import { AGENT_TYPES, type AgentType, type Priority } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { gabrielAgents, gabrielAuditLog, gabrielTasks } from "#db/schema/index.ts";

export type Person = z.infer<typeof PersonInput>;

/** The four agents' rows: fixed ids, so every worker, test and seed names the same agent. */
export const AGENT_IDS: Readonly<Record<AgentType, string>> = {
  onboarding: "9a0c5b1e-7f3d-4a21-8c6e-000000000001",
  compliance: "9a0c5b1e-7f3d-4a21-8c6e-000000000002",
  risk: "9a0c5b1e-7f3d-4a21-8c6e-000000000003",
  support: "9a0c5b1e-7f3d-4a21-8c6e-000000000004",
};

/** Which agent a row's agent_id names (undefined for any other). */
export const AGENT_BY_ID: ReadonlyMap<string, AgentType> = new Map(AGENT_TYPES.map((type) => [AGENT_IDS[type], type]));

export type ReviewStatus = "pending" | "assigned" | "approved" | "escalated";

export interface ReviewItem {
  id: string;
  agent: AgentType;
  rule: string;
  key: string;
  /** In English (the audit trail); screens word `titleWords` when the case has it. */
  title: string;
  /** The title as a kind and values (core/gabriel/case-titles.ts); absent on cases raised before it existed. */
  titleWords?: CaseTitle;
  /** In English, like the title; screens word `descriptionValues` by the title's kind when the case has both. */
  description: string;
  /** What varies in the description (core/gabriel/case-descriptions.ts); absent on cases raised before it existed. */
  descriptionValues?: CaseDescriptionValues;
  priority: Priority;
  caseId: string;
  evidence: string[];
  /** Accounts that took part in what the case is about; with the case's subject, they may not take or decide it. */
  involved?: string[];
  status: ReviewStatus;
  raisedAt: string;
  assignee: Person | null;
  assignedAt: string | null;
  decision: {
    decision: "approved" | "escalated";
    notes: string;
    comment: string | null;
    by: Person;
    at: string;
  } | null;
}

type ControlState = "running" | "paused" | "stopped";

export interface Controls {
  /** running: agents take work; paused: they take none (Pause Operations); stopped: Emergency Stop. */
  state: ControlState;
  changedBy: Person | null;
  changedAt: string | null;
  reason: string | null;
  lastRunAt: string | null;
  /** The newest event the agents have judged: a run reads the window, and what lies after this is new. */
  cursor: EventCursor | null;
}

export interface EventCursor {
  at: string;
  id: string;
}

/** Whether an event lies after the cursor (events are ordered by time, then id). */
export const afterCursor = (event: EventCursor, cursor: EventCursor | null): boolean =>
  cursor === null || event.at > cursor.at || (event.at === cursor.at && event.id > cursor.id);

/**
 * With nothing new since the cursor the agents sit a run out, but not for longer than this: rules
 * about time passing (an account stalled, a session left hanging) need a look now and then.
 */
export const IDLE_RUN_MS = 15 * 60 * 1000;

/** A scheduled run happens when something new has happened, or when the agents have been idle long enough. */
export function runIsDue(newEvents: number, lastRunAt: string | null, now: Date): boolean {
  return newEvents > 0 || lastRunAt === null || now.getTime() - Date.parse(lastRunAt) >= IDLE_RUN_MS;
}

export const DecideInput = z.object({
  itemId: z.uuid(),
  decision: z.enum(["approved", "escalated"]),
  notes: z.string().trim().max(1000),
  comment: z.string().trim().max(1000).nullable().default(null),
  reviewer: PersonInput,
});
export const AssignInput = z.object({
  itemId: z.uuid(),
  reviewer: PersonInput,
  assignee: PersonInput,
  override: z.boolean().default(false),
});
export const ControlInput = z.object({
  action: z.enum(["resume", "pause", "emergency-stop"]),
  actor: PersonInput,
  reason: z.string().trim().max(500).default(""),
});

/**
 * Why the orchestrator refused, by a stable key (with `values`, what varies): the API words it in
 * the reader's language from this (server/gabriel/worded.ts), never from the English `message`.
 */
export type GabrielRefusal =
  | "itemNotFound"
  | "alreadyDecided"
  | "alreadyAssigned"
  | "ownCaseAssign"
  | "assignedToOther"
  | "ownCaseDecide"
  | "reasonRequired"
  | "noChange"
  | "stopped"
  | "paused";

export type GabrielResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: 400 | 404 | 409;
      code: string;
      message: string;
      refusal?: GabrielRefusal;
      values?: Record<string, string>;
    };

export interface RunSummary {
  ran: boolean;
  /** The events read over the window: 0 when a scheduled run was sat out before reading (nothing new since the cursor). */
  events: number;
  /** Events after the cursor: what this run saw for the first time. */
  newEvents: number;
  findings: number;
  raised: number;
}

export interface GabrielApi {
  /** Arms the agents' schedule when it is running and not armed (the web worker asks once per isolate). */
  ensureScheduled(): Promise<void>;
  /** The controls and the queue: open items first, then the most recent decisions. */
  overview(): Promise<{ controls: Controls; items: ReviewItem[] }>;
  assign(input: z.input<typeof AssignInput>): Promise<GabrielResult<ReviewItem>>;
  decide(input: z.input<typeof DecideInput>): Promise<GabrielResult<ReviewItem>>;
  control(input: z.input<typeof ControlInput>): Promise<GabrielResult<Controls>>;
  /** Runs the agents now (an administrator's Run Now), unless paused or stopped. */
  runNow(): Promise<GabrielResult<RunSummary>>;
}

/** The statements that write an item's state and its audit rows (batched with others by the caller). */
export function itemStatements(db: Database, item: ReviewItem, audit: (typeof gabrielAuditLog.$inferInsert)[]) {
  const decided = item.decision;
  const row = {
    id: item.id,
    agentId: AGENT_IDS[item.agent],
    type: "human_review",
    input: {
      rule: item.rule,
      title: item.title,
      titleWords: item.titleWords ?? null,
      description: item.description,
      descriptionValues: item.descriptionValues ?? null,
      caseId: item.caseId,
      evidence: item.evidence,
    },
    output: decided
      ? { decision: decided.decision, notes: decided.notes, comment: decided.comment, reviewer: decided.by.name }
      : null,
    status: item.status,
    priority: item.priority,
    startedAt: new Date(item.raisedAt),
    completedAt: decided ? new Date(decided.at) : null,
    createdAt: new Date(item.raisedAt),
    dedupeKey: item.key,
    assignedTo: item.assignee?.id ?? null,
    decidedBy: decided?.by.id ?? null,
  };
  const { id: _, createdAt: __, ...changes } = row;
  const upsert = db.insert(gabrielTasks).values(row).onConflictDoUpdate({ target: gabrielTasks.id, set: changes });
  return audit.length ? [upsert, db.insert(gabrielAuditLog).values(audit)] : [upsert];
}

/** The agents' rows exist (fixed ids, their declared names, default policies), whatever seeded the database or not; rows already there are left as they are. */
export async function ensureAgents(db: Database): Promise<void> {
  await db
    .insert(gabrielAgents)
    .values(
      AGENT_TYPES.map((type) => ({
        id: AGENT_IDS[type],
        name: AGENTS[type].name,
        type,
        status: "active",
        config: defaultConfig(type) as Record<string, unknown>,
      })),
    )
    .onConflictDoNothing({ target: gabrielAgents.id });
}
