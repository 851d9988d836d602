/**
 * The RPC contract of an assisted session's single writer, the AssistedSession Durable Object
 * (workers/durable-objects; docs/decisions/017), and its write-through to libSQL. The object
 * applies the rules in core/assisted/session.ts; every argument crossing into it is checked here
 * with zod, whoever sends it.
 */
import * as z from "zod";
import {
  ClientLinkInput,
  DocumentInput,
  ISSUANCE_DELIVERIES,
  PersonInput,
  SESSION_STATUSES,
  SessionDetails,
} from "#core/assisted/api.ts";
import type { AssistedSession, SessionEvent, SessionRule, SessionRuleValues } from "#core/assisted/session.ts";
import type { Database } from "#db/client.ts";
import { assistedSessions, systemLogs } from "#db/schema/index.ts";
import { auditRow } from "#server/observability/audit.ts";

/** A new session: its details (New Assisted Session's, defaults and all), its office and who runs it. */
export const CreateSessionInput = SessionDetails.extend({ id: z.uuid(), officeId: z.uuid(), operator: PersonInput });

export const SessionCommand = z.discriminatedUnion("type", [
  z.object({ type: z.literal("advance"), toStep: z.number().int(), actor: PersonInput }),
  z.object({ type: z.literal("status"), status: z.enum(SESSION_STATUSES), actor: PersonInput }),
  z.object({
    type: z.literal("link-client"),
    client: ClientLinkInput,
    actor: PersonInput,
  }),
  z.object({ type: z.literal("document"), document: DocumentInput, actor: PersonInput }),
  z.object({ type: z.literal("request-approval"), approvalId: z.uuid(), actor: PersonInput }),
  z.object({
    type: z.literal("decide-approval"),
    approvalId: z.uuid(),
    decision: z.enum(["approved", "denied"]),
    reason: z.string().max(500),
    supervisor: PersonInput,
  }),
  z.object({ type: z.literal("visual-match"), matched: z.boolean(), notes: z.string().max(500), actor: PersonInput }),
  z.object({
    type: z.literal("issuance"),
    credentialTypes: z.array(z.string().min(1).max(40)).min(1).max(10),
    delivery: z.enum(ISSUANCE_DELIVERIES),
    paperCredentialIds: z.array(z.uuid()).max(10),
    actor: PersonInput,
  }),
]);
export type SessionCommand = z.input<typeof SessionCommand>;

/** Whose sessions the caller may touch: one office's, or (null) every office's, as an administrator. */
export const OfficeScope = z.object({ officeId: z.uuid().nullable() });
export type OfficeScope = z.input<typeof OfficeScope>;

/**
 * A refusal crosses the RPC boundary as data: thrown errors lose their class on the way. A rule's
 * refusal carries its key and values, from which the API words it (server/assisted/worded.ts).
 */
export type CommandResult =
  | { ok: true; session: AssistedSession }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      code: string;
      message: string;
      rule?: SessionRule;
      values?: SessionRuleValues;
    };

export interface AssistedSessionApi {
  /** Starts holding a new session (idempotent: a second call returns the session as it is). */
  create(input: z.input<typeof CreateSessionInput>): Promise<AssistedSession>;
  /** The session, or null when the object holds none in the caller's scope. */
  view(scope: OfficeScope): Promise<AssistedSession | null>;
  /** One command; a session outside the caller's scope answers 404, as one that does not exist. */
  apply(command: SessionCommand, scope: OfficeScope): Promise<CommandResult>;
}

/** What `session_data` keeps: the outcome of each step, never raw document data. */
function sessionData(session: AssistedSession): Record<string, unknown> {
  const { client, document, approval, visualMatch, issuance, events, officeId, operator, supervisor } = session;
  return { officeId, operator, supervisor, client, document, approval, visualMatch, issuance, events };
}

/** The audit row of one session event; its id is stable, so a retried write-through adds nothing twice. */
function auditRowOf(session: AssistedSession, event: SessionEvent): typeof systemLogs.$inferInsert {
  const details = {
    sessionId: session.id,
    officeId: session.officeId,
    detail: event.detail,
    actor: event.actor?.name ?? "system",
  };
  const row = auditRow(
    {
      level: "info",
      category: "assisted",
      component: "assisted-session",
      event: event.type,
      ...(event.actor ? { userId: event.actor.id } : {}),
      details,
    },
    null,
    new Date(event.at),
  );
  return { ...row, id: `assisted:${session.id}:${event.seq}` };
}

/**
 * The session's row, and the audit rows of the events after `syncedSeq`, in one transaction: the
 * record and its audit trail are written together or not at all.
 */
export async function writeThrough(db: Database, session: AssistedSession, syncedSeq: number): Promise<void> {
  const row = {
    id: session.id,
    clientName: session.clientName,
    operatorId: session.operator.id,
    supervisorId: session.supervisor?.id ?? null,
    officeId: session.officeId,
    assistanceType: session.assistanceType,
    status: session.status,
    currentStep: session.currentStep,
    totalSteps: session.totalSteps,
    requiresDualControl: session.requiresDualControl,
    sessionData: sessionData(session),
    startedAt: new Date(session.startedAt),
    completedAt: session.completedAt ? new Date(session.completedAt) : null,
  };
  const { id: _, ...changes } = row;
  const upsert = db
    .insert(assistedSessions)
    .values(row)
    .onConflictDoUpdate({ target: assistedSessions.id, set: changes });
  const audits = session.events.filter((event) => event.seq > syncedSeq).map((event) => auditRowOf(session, event));
  if (audits.length)
    await db.batch([upsert, db.insert(systemLogs).values(audits).onConflictDoNothing({ target: systemLogs.id })]);
  else await upsert;
}
