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
import { and, avg, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { AGENTS, agentConfigSchema } from "#core/gabriel/agents.ts";
import { displayName, effectiveRole, type PublicUser } from "#core/accounts/schemas.ts";
import { startOfUkDay } from "#core/format/uk-time.ts";
import type { Database } from "#db/client.ts";
import { gabrielAgents, gabrielAuditLog, gabrielTasks, users } from "#db/schema/index.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { auditRefusal, can } from "#server/accounts/permissions.ts";
import { ServiceError, serviceErrorResponse } from "#server/http/errors.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { AGENT_IDS, isAgentType, type GabrielApi, type GabrielResult, type Person, type ReviewItem } from "./review-state.ts";

export interface Reviewer {
  person: Person;
  role: "admin" | "operator";
}

/** Administrators and operators review (the permission table's review:hitl); everyone else is refused (403). */
export function reviewerOf(user: PublicUser): Reviewer {
  if (!can(user, "review:hitl")) throw new ServiceError(403, "Gabriel is for administrators and operators", "FORBIDDEN");
  return { person: { id: user.id, name: displayName(user) }, role: effectiveRole(user.role) === "admin" ? "admin" : "operator" };
}

/** Only administrators control agents (control:agents). */
export function requireAdmin(reviewer: Reviewer): void {
  if (reviewer.role !== "admin") throw new ServiceError(403, "Only administrators control Gabriel's agents", "NOT_ADMIN");
}

type GabrielBindings = { GABRIEL: DurableObjectNamespace<GabrielApi & Rpc.DurableObjectBranded> };

export function gabrielObject(env: GabrielBindings): GabrielApi & { fetch(request: Request): Promise<Response> } {
  return env.GABRIEL.get(env.GABRIEL.idFromName("gabriel")) as unknown as GabrielApi & { fetch(request: Request): Promise<Response> };
}

/** One Gabriel API call: the signed-in reviewer (401, 403 otherwise), then `work`; refusals as JSON. */
export async function gabrielCall(
  request: Request,
  context: RequestContext<GabrielBindings>,
  work: (gabriel: GabrielApi, reviewer: Reviewer, user: PublicUser) => Promise<unknown>,
): Promise<Response> {
  const user = await requireUser(request, context);
  try {
    const gabriel = gabrielObject(context.env);
    const reviewer = refusedAudited(request, context, user, () => reviewerOf(user));
    // The first call after a deploy arms the schedule; later ones find it armed.
    context.ctx.waitUntil(gabriel.ensureScheduled().catch((error: unknown) => console.error("gabriel: could not arm the schedule", error)));
    return Response.json(await work(gabriel, reviewer, user), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

/** A refusal of `check` is written to the audit log (OWASP ASVS: log failed authorisations), then thrown. */
export function refusedAudited<T>(request: Request, context: Pick<RequestContext, "db" | "ctx" | "requestId">, user: PublicUser, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 403) auditRefusal(request, context, user, error.code === "NOT_ADMIN" ? "control:agents" : "review:hitl");
    throw error;
  }
}

export function unwrap<T>(result: GabrielResult<T>): T {
  if (!result.ok) throw new ServiceError(result.status, result.message, result.code);
  return result.value;
}

export interface AgentView {
  id: string;
  name: string;
  type: string;
  status: string;
  config: Record<string, unknown>;
  lastActivity: string | null;
  metrics: { tasksCompleted: number; successRate: number; queueLength: number; avgTime: number; currentTask: string | null; progress: number };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The agents with metrics from their own tasks: tasksCompleted today (UK day), successRate over
 * the last 7 days (completed / finished runs, one decimal), queueLength (their open review items),
 * avgTime (mean run in ms, last 7 days), currentTask (its newest open item), progress (the share of
 * the items it ever raised that people have decided).
 */
export async function listAgents(db: Database, now = new Date()): Promise<AgentView[]> {
  const today = startOfUkDay(now);
  const week = new Date(now.getTime() - WEEK_MS);
  const [agents, todays, weekly, open, raised] = await db.batch([
    db.select().from(gabrielAgents).where(inArray(gabrielAgents.id, Object.values(AGENT_IDS))),
    db
      .select({ agentId: gabrielTasks.agentId, n: count() })
      .from(gabrielTasks)
      .where(and(eq(gabrielTasks.type, "analysis"), eq(gabrielTasks.status, "completed"), gte(gabrielTasks.createdAt, today)))
      .groupBy(gabrielTasks.agentId),
    db
      .select({
        agentId: gabrielTasks.agentId,
        completed: sql<number>`sum(case when ${gabrielTasks.status} = 'completed' then 1 else 0 end)`,
        finished: count(),
        avgMs: avg(sql`${gabrielTasks.completedAt} - ${gabrielTasks.startedAt}`),
      })
      .from(gabrielTasks)
      .where(and(eq(gabrielTasks.type, "analysis"), gte(gabrielTasks.createdAt, week)))
      .groupBy(gabrielTasks.agentId),
    db
      .select({ agentId: gabrielTasks.agentId, n: count() })
      .from(gabrielTasks)
      .where(and(eq(gabrielTasks.type, "human_review"), inArray(gabrielTasks.status, ["pending", "assigned"])))
      .groupBy(gabrielTasks.agentId),
    db.select({ agentId: gabrielTasks.agentId, n: count() }).from(gabrielTasks).where(eq(gabrielTasks.type, "human_review")).groupBy(gabrielTasks.agentId),
  ]);
  const latest = await Promise.all(
    agents.map(async (agent) => {
      const [task] = await db.select({ input: gabrielTasks.input, type: gabrielTasks.type }).from(gabrielTasks).where(and(eq(gabrielTasks.agentId, agent.id), inArray(gabrielTasks.status, ["pending", "assigned"]))).orderBy(desc(gabrielTasks.createdAt)).limit(1);
      return [agent.id, typeof task?.input?.title === "string" ? task.input.title : null] as const;
    }),
  );
  const current = new Map(latest);
  return agents
    .filter((agent) => isAgentType(agent.type))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((agent) => {
      const week7 = weekly.find((w) => w.agentId === agent.id);
      const finished = week7?.finished ?? 0;
      const rate = finished ? Math.round((Number(week7!.completed) / finished) * 1000) / 10 : 100;
      const queueLength = open.find((o) => o.agentId === agent.id)?.n ?? 0;
      const everRaised = raised.find((r) => r.agentId === agent.id)?.n ?? 0;
      return {
        id: agent.id,
        name: agent.name,
        type: agent.type,
        status: agent.status,
        config: agent.config ?? {},
        lastActivity: agent.lastActivity?.toISOString() ?? null,
        metrics: {
          tasksCompleted: todays.find((t) => t.agentId === agent.id)?.n ?? 0,
          successRate: rate,
          queueLength,
          avgTime: week7?.avgMs ? Math.round(Number(week7.avgMs)) : 0,
          currentTask: current.get(agent.id) ?? null,
          // Progress through its cases: the share of what it raised that people have decided.
          progress: everRaised ? Math.round(((everRaised - queueLength) / everRaised) * 100) : 100,
        },
      };
    });
}

/** Configure Policies: an agent's thresholds, validated by its own schema, audited. */
export const ConfigBody = z.object({ config: z.record(z.unknown()) });

export async function configureAgent(db: Database, reviewer: Reviewer, agentId: string, body: z.infer<typeof ConfigBody>): Promise<AgentView> {
  requireAdmin(reviewer);
  const [agent] = z.string().uuid().safeParse(agentId).success ? await db.select().from(gabrielAgents).where(eq(gabrielAgents.id, agentId)).limit(1) : [];
  if (!agent || !isAgentType(agent.type)) throw new ServiceError(404, "Agent not found", "NOT_FOUND");
  const parsed = agentConfigSchema(agent.type).safeParse({ ...(agent.config ?? {}), ...body.config });
  if (!parsed.success) throw new ServiceError(400, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), "VALIDATION_ERROR");
  await db.batch([
    db.update(gabrielAgents).set({ config: parsed.data as Record<string, unknown> }).where(eq(gabrielAgents.id, agent.id)),
    db.insert(gabrielAuditLog).values({ agentId: agent.id, action: "policy_configured", userId: reviewer.person.id, result: "updated", details: { by: reviewer.person.name, from: agent.config, to: parsed.data } }),
  ]);
  return (await listAgents(db)).find((a) => a.id === agent.id)!;
}

/** A review item as the queue shows it, with how long it has waited. */
export type QueueItemView = ReviewItem & { agentName: string; waitingTime: number };

export function queueView(items: ReviewItem[], now = new Date()): QueueItemView[] {
  return items.map((item) => ({
    ...item,
    agentName: AGENTS[item.agent].name,
    waitingTime: Math.max(0, (item.decision ? Date.parse(item.decision.at) : now.getTime()) - Date.parse(item.raisedAt)),
  }));
}

export const DecisionBody = z.object({
  decision: z.enum(["approved", "escalated"], { errorMap: () => ({ message: "decision is approved or escalated" }) }),
  /** The reviewer's own words, kept beside the spec's note (which the server writes, so nobody can sign as someone else). */
  notes: z.string().trim().max(1000).optional(),
});

/** Review Case (approved) or Escalate (escalated); the spec's note names the reviewer. */
export async function decide(gabriel: GabrielApi, reviewer: Reviewer, user: Pick<PublicUser, "firstName" | "lastName" | "username">, itemId: string, body: z.infer<typeof DecisionBody>): Promise<ReviewItem> {
  if (!z.string().uuid().safeParse(itemId).success) throw new ServiceError(404, "Review item not found", "NOT_FOUND");
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  const notes = `Human review completed by ${name}`;
  return unwrap(await gabriel.decide({ itemId, decision: body.decision, notes, comment: body.notes?.trim() || null, reviewer: reviewer.person }));
}

export const AssignBody = z.object({ assigneeId: z.string().uuid().optional() });

/** Assign Expert: to the caller, or to a named administrator or operator. */
export async function assign(db: Database, gabriel: GabrielApi, reviewer: Reviewer, itemId: string, body: z.infer<typeof AssignBody>): Promise<ReviewItem> {
  if (!z.string().uuid().safeParse(itemId).success) throw new ServiceError(404, "Review item not found", "NOT_FOUND");
  let assignee = reviewer.person;
  if (body.assigneeId && body.assigneeId !== reviewer.person.id) {
    const [named] = await db.select().from(users).where(eq(users.id, body.assigneeId)).limit(1);
    const role = effectiveRole(named?.role);
    if (!named || (role !== "admin" && role !== "operator")) throw new ServiceError(400, "Items are assigned to administrators or operators", "VALIDATION_ERROR");
    assignee = { id: named.id, name: displayName(named) };
  }
  // An administrator may take an item over from someone who cannot finish it (audited as a reassignment).
  return unwrap(await gabriel.assign({ itemId, reviewer: reviewer.person, assignee, override: reviewer.role === "admin" }));
}

export const ControlBody = z.object({ action: z.enum(["resume", "pause", "emergency-stop"]), reason: z.string().trim().max(500).optional() });

/**
 * GET /api/gabriel/live: a WebSocket to the orchestrator, which sends the queue and controls at
 * once and every change after (administrators and operators; same-origin only).
 */
export async function gabrielLive(request: Request, context: RequestContext<GabrielBindings>): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return Response.json({ message: "Cross-site WebSocket refused" }, { status: 403 });
  const user = await requireUser(request, context);
  try {
    reviewerOf(user);
  } catch (error) {
    return serviceErrorResponse(error);
  }
  // Only the upgrade itself goes to the object: never the caller's cookies.
  return gabrielObject(context.env).fetch(new Request("https://gabriel.internal/live", { headers: { Upgrade: "websocket" } }));
}
