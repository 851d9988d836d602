/**
 * What the Gabriel console (/gabriel) is drawn from (issue 11): the agents with metrics from their
 * tasks, the orchestrator's controls and review queue, recent agent actions from the audit log,
 * and the people an item can be assigned to. Administrators and operators; anyone else is refused
 * (the route answers 403 with a page that says why).
 */
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { displayName, type PublicUser } from "#core/accounts/users.ts";
import { AGENTS, CONFIG_FIELDS, isAgentType } from "#core/gabriel/agents.ts";
import type { AgentType } from "#core/gabriel/events.ts";
import { gabrielAuditLog, gabrielTasks, users } from "#db/schema/index.ts";
import { auditRefusal, can } from "#server/accounts/permissions.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { type GabrielBindings, gabrielObject, listAgents, queueView } from "./api.ts";
import { AGENT_BY_ID } from "./review-state.ts";

const RECENT_ACTIONS = 15;
const DAY_MS = 86_400_000;

/** An audit row as "recent agent actions" shows it: what, by which agent or person, when, the outcome. */
export interface ActionView {
  id: string;
  action: string;
  agentType: AgentType | null;
  by: string | null;
  result: string | null;
  timestamp: string;
  /** In English (the API's, and logs'). */
  summary: string;
  /** The same line as a kind and values, for the screen to word in the reader's language. */
  words: ActionWords;
}

/**
 * An audit row's line as values (issue 21): screens word it by `kind`; what people typed (notes,
 * reasons) and names are shown as they are. `other` is a row with no line of its own: screens show its
 * action by name (its English, marked so, when this build has no words for the code).
 */
export type ActionWords =
  | { kind: "run"; events: number; findings: number; raised: number }
  | { kind: "raised"; priority: string; rule: string }
  | { kind: "assigned"; assignee: string | null }
  | { kind: "decided"; notes: string | null }
  | { kind: "policy" }
  | { kind: "reason"; reason: string }
  /** `action`: the row's code, which screens word by its name (a control without a reason, a reassignment). */
  | { kind: "other"; action: string; text: string };

/** The line "recent agent actions" shows for an audit row, as a kind and values (summarise's, unworded). */
export function actionWords(action: string, details: Record<string, unknown> | null): ActionWords {
  const d = details ?? {};
  const count = (value: unknown) => (typeof value === "number" ? value : 0);
  switch (action) {
    case "agent_run":
      return { kind: "run", events: count(d.events), findings: count(d.findings), raised: count(d.raised) };
    case "review_raised":
      return { kind: "raised", priority: String(d.priority ?? ""), rule: String(d.rule ?? "") };
    case "review_assigned":
      return { kind: "assigned", assignee: d.assignee ? String(d.assignee) : null };
    case "review_decided":
      return { kind: "decided", notes: d.notes ? String(d.notes) : null };
    case "policy_configured":
      return { kind: "policy" };
    default:
      return d.reason
        ? { kind: "reason", reason: String(d.reason) }
        : { kind: "other", action, text: action.replace(/_/g, " ") };
  }
}

/** The line "recent agent actions" shows for an audit row, in English: what happened, in words. */
export function summarise(action: string, details: Record<string, unknown> | null): string {
  const words = actionWords(action, details);
  switch (words.kind) {
    case "run":
      return `Read ${words.events} events; ${words.findings} findings, ${words.raised} raised for review`;
    case "raised":
      return `Raised a ${words.priority} priority case (${words.rule})`;
    case "assigned":
      return `Assigned to ${words.assignee ?? "a reviewer"}`;
    case "decided":
      return words.notes ?? "Decided";
    case "policy":
      return "Policy thresholds changed";
    case "reason":
      return `Reason: ${words.reason}`;
    case "other":
      return words.text;
  }
}

/** The console's data for `user` (signed in), or `refused` when they may not review. */
export async function gabrielConsoleData(
  request: Request,
  context: Pick<RequestContext<GabrielBindings>, "db" | "ctx" | "env" | "requestId">,
  user: PublicUser,
) {
  if (!can(user, "review:hitl")) {
    // A page that explains, rather than requirePermission's bare 403; the refusal is audited all the same.
    auditRefusal(request, context, user, "review:hitl");
    return { refused: true } as const;
  }
  // Reaching the object (its overview) is what arms its schedule after a deploy: its constructor does.
  const gabriel = gabrielObject(context.env);
  const now = new Date();
  const [agents, overview, actions, staff, failedRuns] = await Promise.all([
    listAgents(context.db, now),
    gabriel.overview(),
    context.db.select().from(gabrielAuditLog).orderBy(desc(gabrielAuditLog.timestamp)).limit(RECENT_ACTIONS),
    context.db
      .select()
      .from(users)
      .where(inArray(users.role, ["admin", "operator"]))
      .limit(200),
    context.db
      .select({ id: gabrielTasks.id })
      .from(gabrielTasks)
      .where(
        and(
          eq(gabrielTasks.type, "analysis"),
          eq(gabrielTasks.status, "failed"),
          gte(gabrielTasks.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
  ]);
  const names = new Map(staff.map((person) => [person.id, displayName(person)]));
  return {
    refused: null,
    viewer: { id: user.id, name: displayName(user), admin: can(user, "control:agents") },
    agents: agents.map((agent) => ({
      ...agent,
      definition: isAgentType(agent.type)
        ? { type: agent.type, purpose: AGENTS[agent.type].purpose, fields: CONFIG_FIELDS[agent.type] }
        : null,
    })),
    controls: overview.controls,
    queue: queueView(overview.items, now),
    actions: actions.map(
      (row): ActionView => ({
        id: row.id,
        action: row.action,
        agentType: row.agentId ? (AGENT_BY_ID.get(row.agentId) ?? null) : null,
        by: row.userId ? (names.get(row.userId) ?? "A member of staff") : null,
        result: row.result,
        timestamp: row.timestamp.toISOString(),
        summary: summarise(row.action, row.details ?? null),
        words: actionWords(row.action, row.details ?? null),
      }),
    ),
    reviewers: staff
      .map((person) => ({ id: person.id, name: displayName(person) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    failedRunsToday: failedRuns.length,
    now: now.toISOString(),
  };
}
