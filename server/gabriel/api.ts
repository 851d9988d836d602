/**
 * Gabriel's API (issue 11; spec 000 §7): who may see and act, the agents with metrics computed
 * from their tasks, the review queue, decisions, assignment, the controls and the policies.
 *
 *   GET   /api/gabriel/agents                      the four agents, their metrics (administrators, operators)
 *   PATCH /api/gabriel/agents/{id}                 {config}: Configure Policies (administrators)
 *   GET   /api/gabriel/hitl                        the review queue (administrators, operators)
 *   POST  /api/gabriel/hitl/{taskId}/decision      {decision: approved | escalated, notes}
 *   POST  /api/gabriel/hitl/{taskId}/assign        {assigneeId?}: Assign Expert (default: the caller)
 *   POST  /api/gabriel/controls                    {action: resume | pause | emergency-stop, reason}
 *   GET   /api/gabriel/live                        WebSocket: every queue and control change
 */
import { and, avg, count, eq, gte, inArray, sql } from "drizzle-orm";
import * as z from "zod";
import { displayName, effectiveRole } from "#core/accounts/users.ts";
import { startOfUkDay } from "#core/format/uk-time.ts";
import { AGENTS, agentConfigSchema, isAgentType } from "#core/gabriel/agents.ts";
import { CASE_TITLE_KINDS, type CaseTitle } from "#core/gabriel/case-titles.ts";
import { AGENT_TYPES } from "#core/gabriel/events.ts";
import type { Database } from "#db/client.ts";
import { gabrielAgents, gabrielAuditLog, gabrielTasks, users } from "#db/schema/index.ts";
import { requireSession } from "#server/accounts/authentication.ts";
import { withGrant } from "#server/accounts/live-access.ts";
import { can, requirePermission } from "#server/accounts/permissions.ts";
import type { SessionBindings } from "#server/accounts/session.ts";
import { ServiceError } from "#server/http/errors.ts";
import { requireWebSocketUpgrade } from "#server/http/security.ts";
import { localisedServiceErrorResponse, WordedServiceError } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { ObservabilityContext } from "#server/observability/recorder.ts";
import type { RequestContext } from "#server/worker/context.ts";
import {
  AGENT_IDS,
  ensureAgents,
  type GabrielApi,
  type GabrielResult,
  type Person,
  type ReviewItem,
} from "./review-state.ts";
import { ConfigRefusal, configIssues, gabrielErrors, orchestratorRefusal } from "./worded.ts";

/** Who is acting: an administrator (control:agents) or an operator; only they get this far (review:hitl). */
export interface Reviewer {
  person: Person;
  /** The account's username, for the security audit log. */
  username: string;
  role: "admin" | "operator";
}

export type GabrielBindings = SessionBindings & {
  GABRIEL: DurableObjectNamespace<GabrielApi & Rpc.DurableObjectBranded>;
};

export function gabrielObject(env: GabrielBindings): GabrielApi & { fetch(request: Request): Promise<Response> } {
  return env.GABRIEL.get(env.GABRIEL.idFromName("gabriel")) as unknown as GabrielApi & {
    fetch(request: Request): Promise<Response>;
  };
}

/**
 * One Gabriel API call: the signed-in user allowed `action` (review:hitl for administrators and
 * operators, control:agents for administrators; otherwise 401, or 403 with the refusal audited by
 * requirePermission), then `work` as that reviewer; refusals as JSON.
 */
export async function gabrielCall(
  request: Request,
  context: RequestContext<GabrielBindings>,
  action: "review:hitl" | "control:agents",
  work: (gabriel: GabrielApi, reviewer: Reviewer) => Promise<unknown>,
): Promise<Response> {
  const user = await requirePermission(request, context, action);
  const reviewer: Reviewer = {
    person: { id: user.id, name: displayName(user) },
    username: user.username,
    role: can(user, "control:agents") ? "admin" : "operator",
  };
  try {
    return Response.json(await work(gabrielObject(context.env), reviewer), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}

/**
 * The security audit row (issue 13) of an agent control, a policy change or a review decision,
 * beside the agents' own gabriel_audit_log row (which keeps the full story for the console):
 * who, when, the request id and the caller's address in the one audit log administrators read.
 */
export function auditAgentAct(
  request: Request,
  context: ObservabilityContext,
  reviewer: Reviewer,
  event: string,
  details: Record<string, unknown>,
  level: "info" | "warn" = "info",
): void {
  auditAct(
    context,
    request,
    { id: reviewer.person.id, username: reviewer.username },
    { category: "agents", component: "gabriel", event, details, level },
  );
}

/** The audit log's fixed phrase of each control. */
export const CONTROL_EVENTS = {
  resume: "agents resumed",
  pause: "agents paused",
  "emergency-stop": "emergency stop",
} as const;

export function unwrap<T>(result: GabrielResult<T>): T {
  if (!result.ok)
    throw (
      orchestratorRefusal(result.status, result.code, result.refusal, result.values) ??
      new ServiceError(result.status, result.message, result.code)
    );
  return result.value;
}

/** An agent's figures, computed from its own gabriel_tasks rows on each read. */
export interface AgentMetrics {
  /** Runs completed today (UK day). */
  tasksCompleted: number;
  /** Completed / finished runs over the last 7 days, a percentage with one decimal; null when it has not finished a run in that time ("No runs yet"). */
  successRate: number | null;
  /** Its review items waiting for a person (pending or assigned). */
  queueLength: number;
  /**
   * Mean run time over the last 7 days, whole ms (0 with no runs). A run is timed from the start of
   * the orchestrator's run (before the events are read) to the agent's completion: a Worker's clock
   * does not move during pure computation, only across I/O, so the agent's own judging alone would
   * always measure 0.
   */
  avgTime: number;
  /** The title of its newest open review item (in English), or null. */
  currentTask: string | null;
  /** That title as a kind and values, for screens to word; null for an item raised before titles had one. */
  currentTaskWords: CaseTitle | null;
  /** The share of the review items it ever raised that people have decided, whole percent (100 when it raised none). */
  progress: number;
}

export interface AgentView {
  id: string;
  name: string;
  type: string;
  status: string;
  config: Record<string, unknown>;
  lastActivity: string | null;
  metrics: AgentMetrics;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const OPEN_STATUSES = ["pending", "assigned"];

/** A count or sum as the driver hands it back (a number, a bigint, a numeric string, or null for an empty sum) as a number. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * The four agents with their metrics (AgentMetrics), in one round trip: a db.batch of the agents'
 * rows, their runs over the last 7 days, their review items, and each one's newest open item. On a
 * database without the agents' rows (new, before the orchestrator has started) it makes them first
 * (idempotent), so the console and the API show the four from the start.
 */
export async function listAgents(db: Database, now = new Date(), rowsMade = false): Promise<AgentView[]> {
  const t = gabrielTasks;
  const ids = Object.values(AGENT_IDS);
  const todayMs = startOfUkDay(now).getTime();
  const week = new Date(now.getTime() - WEEK_MS);
  const isOpen = inArray(t.status, OPEN_STATUSES);
  const [agents, runs, reviews, newestOpen] = await db.batch([
    db.select().from(gabrielAgents).where(inArray(gabrielAgents.id, ids)),
    // Today (UK) lies within the last 7 days: one pass over the week's runs counts both.
    db
      .select({
        agentId: t.agentId,
        completedToday: sql<number>`sum(case when ${t.status} = 'completed' and ${t.createdAt} >= ${todayMs} then 1 else 0 end)`,
        completed: sql<number>`sum(case when ${t.status} = 'completed' then 1 else 0 end)`,
        finished: count(),
        avgMs: avg(sql`${t.completedAt} - ${t.startedAt}`),
      })
      .from(t)
      .where(and(eq(t.type, "analysis"), gte(t.createdAt, week), inArray(t.agentId, ids)))
      .groupBy(t.agentId),
    db
      .select({ agentId: t.agentId, open: sql<number>`sum(case when ${isOpen} then 1 else 0 end)`, raised: count() })
      .from(t)
      .where(and(eq(t.type, "human_review"), inArray(t.agentId, ids)))
      .groupBy(t.agentId),
    // The first row per agent of its open items, newest first.
    db.all<{ agent_id: string; title: string | null; title_words: string | null }>(sql`
      select agent_id, title, title_words from (
        select
          ${t.agentId} as agent_id,
          case when json_type(${t.input}, '$.title') = 'text' then json_extract(${t.input}, '$.title') end as title,
          case when json_type(${t.input}, '$.titleWords') = 'object' then json_extract(${t.input}, '$.titleWords') end as title_words,
          row_number() over (partition by ${t.agentId} order by ${t.createdAt} desc, ${t.id} desc) as n
        from ${t}
        where ${t.type} = 'human_review' and ${isOpen} and ${inArray(t.agentId, ids)}
      ) where n = 1
    `),
  ]);
  if (!rowsMade && agents.length < AGENT_TYPES.length) {
    await ensureAgents(db);
    return listAgents(db, now, true);
  }
  const byAgent = <R extends { agentId: string | null }>(rows: R[]) => new Map(rows.map((row) => [row.agentId, row]));
  const [weekly, items] = [byAgent(runs), byAgent(reviews)];
  const current = new Map(newestOpen.map((row) => [row.agent_id, row]));
  return agents
    .filter((agent) => isAgentType(agent.type))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((agent) => {
      const week7 = weekly.get(agent.id);
      const finished = num(week7?.finished);
      const queueLength = num(items.get(agent.id)?.open);
      const everRaised = num(items.get(agent.id)?.raised);
      return {
        id: agent.id,
        name: agent.name,
        type: agent.type,
        status: agent.status,
        config: agent.config ?? {},
        lastActivity: agent.lastActivity?.toISOString() ?? null,
        metrics: {
          tasksCompleted: num(week7?.completedToday),
          successRate: finished ? Math.round((num(week7?.completed) / finished) * 1000) / 10 : null,
          queueLength,
          avgTime: Math.round(num(week7?.avgMs)),
          currentTask: current.get(agent.id)?.title ?? null,
          currentTaskWords: caseTitleOf(current.get(agent.id)?.title_words),
          // Progress through its cases: the share of what it raised that people have decided.
          progress: everRaised ? Math.round(((everRaised - queueLength) / everRaised) * 100) : 100,
        },
      };
    });
}

/** A title as stored in a task's input (core/gabriel/case-titles.ts); checked, since rows outlive code. */
const StoredCaseTitle = z.object({
  kind: z.enum(CASE_TITLE_KINDS),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
}) satisfies z.ZodType<CaseTitle>;

/** A stored title's kind and values (JSON text from libSQL), or null when it has none or is not one. */
function caseTitleOf(json: string | null | undefined): CaseTitle | null {
  if (!json) return null;
  const parsed = StoredCaseTitle.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export const ConfigBody = z.object({ config: z.record(z.string(), z.unknown()) });

/** Configure Policies: an agent's thresholds, validated by its own schema, audited (the caller holds control:agents: gabrielCall checked it). */
export async function configureAgent(
  db: Database,
  reviewer: Reviewer,
  agentId: string,
  body: z.infer<typeof ConfigBody>,
): Promise<AgentView> {
  const [agent] = z.guid().safeParse(agentId).success
    ? await db.select().from(gabrielAgents).where(eq(gabrielAgents.id, agentId)).limit(1)
    : [];
  if (!agent || !isAgentType(agent.type)) throw new WordedServiceError(404, gabrielErrors.agentNotFound, "NOT_FOUND");
  const parsed = agentConfigSchema(agent.type).safeParse({ ...(agent.config ?? {}), ...body.config });
  if (!parsed.success) throw new ConfigRefusal(agent.type, configIssues(agent.type, parsed.error.issues));
  await db.batch([
    db
      .update(gabrielAgents)
      .set({ config: parsed.data as Record<string, unknown> })
      .where(eq(gabrielAgents.id, agent.id)),
    db.insert(gabrielAuditLog).values({
      agentId: agent.id,
      action: "policy_configured",
      userId: reviewer.person.id,
      result: "updated",
      details: { by: reviewer.person.name, from: agent.config, to: parsed.data },
    }),
  ]);
  return (await listAgents(db)).find((a) => a.id === agent.id)!;
}

/** A review item as the queue shows it, with how long it has waited. */
export type QueueItemView = ReviewItem & { agentName: string; waitingTime: number };

export function queueView(items: ReviewItem[], now = new Date()): QueueItemView[] {
  return items.map((item) => ({
    ...item,
    agentName: AGENTS[item.agent].name,
    waitingTime: Math.max(
      0,
      (item.decision ? Date.parse(item.decision.at) : now.getTime()) - Date.parse(item.raisedAt),
    ),
  }));
}

export const DecisionBody = z.object({
  decision: z.enum(["approved", "escalated"], { error: "decision is approved or escalated" }),
  /** The reviewer's own words, kept beside the spec's note (which the server writes, so nobody can sign as someone else). */
  notes: z.string().trim().max(1000).optional(),
});

/** Review Case (approved) or Escalate (escalated); the spec's note names the reviewer (their display name). */
export async function decide(
  gabriel: GabrielApi,
  reviewer: Reviewer,
  itemId: string,
  body: z.infer<typeof DecisionBody>,
): Promise<ReviewItem> {
  if (!z.guid().safeParse(itemId).success) throw new WordedServiceError(404, gabrielErrors.itemNotFound, "NOT_FOUND");
  const notes = `Human review completed by ${reviewer.person.name}`;
  return unwrap(
    await gabriel.decide({
      itemId,
      decision: body.decision,
      notes,
      comment: body.notes?.trim() || null,
      reviewer: reviewer.person,
    }),
  );
}

export const AssignBody = z.object({ assigneeId: z.guid().optional() });

/** Assign Expert: to the caller, or to a named administrator or operator. */
export async function assign(
  db: Database,
  gabriel: GabrielApi,
  reviewer: Reviewer,
  itemId: string,
  body: z.infer<typeof AssignBody>,
): Promise<ReviewItem> {
  if (!z.guid().safeParse(itemId).success) throw new WordedServiceError(404, gabrielErrors.itemNotFound, "NOT_FOUND");
  let assignee = reviewer.person;
  if (body.assigneeId && body.assigneeId !== reviewer.person.id) {
    const [named] = await db.select().from(users).where(eq(users.id, body.assigneeId)).limit(1);
    const role = effectiveRole(named?.role);
    if (!named || (role !== "admin" && role !== "operator"))
      throw new WordedServiceError(400, gabrielErrors.assignStaffOnly, "VALIDATION_ERROR");
    assignee = { id: named.id, name: displayName(named) };
  }
  // An administrator may take an item over from someone who cannot finish it (audited as a reassignment).
  return unwrap(
    await gabriel.assign({ itemId, reviewer: reviewer.person, assignee, override: reviewer.role === "admin" }),
  );
}

export const ControlBody = z.object({
  action: z.enum(["resume", "pause", "emergency-stop"]),
  reason: z.string().trim().max(500).optional(),
});

/**
 * GET /api/gabriel/live: a WebSocket to the orchestrator, which sends the queue and controls at
 * once and every change after (administrators and operators; same-origin only).
 */
export async function gabrielLive(request: Request, context: RequestContext<GabrielBindings>): Promise<Response> {
  // Another site's handshake was refused before any handler ran (refuseCrossSiteMutation).
  const notUpgrade = requireWebSocketUpgrade(request);
  if (notUpgrade) return notUpgrade;
  // Administrators and operators (a refusal is audited and answered 403).
  await requirePermission(request, context, "review:hitl");
  // The same session read requirePermission made (one per GET request).
  const session = await requireSession(request, context);
  // Only the upgrade and the grant the object checks before each message (server/accounts/live-access.ts): never the caller's cookies.
  const url = withGrant(new URL("https://gabriel.internal/live"), { sid: session.sid, need: "review", officeId: null });
  return gabrielObject(context.env).fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
}
