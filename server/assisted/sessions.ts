/**
 * The assisted-digital API (issue 10; spec 000 §7): who may see and act on which session, and
 * the translation of HTTP bodies into the session object's commands. The rules themselves live in
 * core/assisted/session.ts and are applied by the session's Durable Object, its single writer.
 *
 *   GET   /api/assisted/sessions                 the sessions of the caller's office (all: administrators)
 *   POST  /api/assisted/sessions                 New Assisted Session
 *   GET   /api/assisted/sessions/{id}            one session, live state
 *   PATCH /api/assisted/sessions/{id}            Continue (currentStep), Pause / resume / End (status)
 *   POST  /api/assisted/sessions/{id}/actions    a step's work: the client, the document, approvals, the visual match
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { AssistedSession, Person } from "#core/assisted/session.ts";
import { displayName, effectiveRole, type PublicUser } from "#core/accounts/schemas.ts";
import type { Database } from "#db/client.ts";
import { assistedSessions, operatorProfiles, users } from "#db/schema/index.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { ServiceError, serviceErrorResponse } from "#server/http/errors.ts";
import { readJsonBody, validationError } from "#server/http/json.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { DocumentInput, type AssistedSessionApi, type CommandResult, type OfficeScope, type SessionCommand } from "./session-state.ts";

/** The signed-in member of staff as the assisted console knows them. */
export interface Staff {
  person: Person;
  role: "operator" | "admin";
  /** Null for an administrator without an office: they see every office. */
  officeId: string | null;
  supervisor: boolean;
  title: string;
  authorisationLevel: number;
}

export interface AssistedContext {
  db: Database;
  sessions: (id: string) => AssistedSessionApi;
}

/**
 * The caller's standing, read fresh on every request (a change of office or authority applies at
 * once). Citizens and verifiers get 403; an operator with no office has nothing to run (403).
 */
export async function staffOf(db: Database, user: PublicUser): Promise<Staff> {
  const role = effectiveRole(user.role);
  if (role !== "operator" && role !== "admin") throw new ServiceError(403, "Assisted sessions are for operators and administrators", "FORBIDDEN");
  const [profile] = await db.select().from(operatorProfiles).where(eq(operatorProfiles.userId, user.id)).limit(1);
  if (!profile && role === "operator") throw new ServiceError(403, "You are not assigned to an office yet: ask an administrator", "NO_OFFICE");
  return {
    person: { id: user.id, name: displayName(user) },
    role,
    officeId: profile?.officeId ?? null,
    // Administrators hold supervisor authority everywhere (SECURITY.md: dual control).
    supervisor: role === "admin" || Boolean(profile?.supervisor),
    title: profile?.title ?? "Administrator",
    authorisationLevel: profile?.authorisationLevel ?? 3,
  };
}

/** An administrator's scope is every office; an operator's, their own. */
const scopeOf = (staff: Staff): OfficeScope => ({ officeId: staff.role === "admin" ? null : staff.officeId });

export type SessionRow = typeof assistedSessions.$inferSelect;

/** The sessions the caller may see, newest first (the console's queue and counts read these). */
export async function listSessions(db: Database, staff: Staff, limit = 100): Promise<SessionRow[]> {
  const { officeId } = scopeOf(staff);
  return db
    .select()
    .from(assistedSessions)
    .where(officeId ? eq(assistedSessions.officeId, officeId) : undefined)
    .orderBy(desc(assistedSessions.startedAt))
    .limit(limit);
}

const notFound = () => new ServiceError(404, "Assisted session not found", "NOT_FOUND");

/**
 * The session's single writer. The object knows its office and answers only within the caller's
 * scope, so no read of the row comes first; an id that is not even a UUID wakes no object.
 */
function sessionObject(context: AssistedContext, id: string): AssistedSessionApi {
  if (!z.string().uuid().safeParse(id).success) throw notFound();
  return context.sessions(id);
}

/** Spec 000 §7: the body New Assisted Session sends. A session always starts at the start (spec §4). */
export const CreateSessionBody = z.object({
  clientName: z.string().trim().min(1, "Client name is required").max(120).default("New Client"),
  assistanceType: z.string().trim().min(1, "Assistance type is required").max(120).default("Digital Identity Setup"),
  status: z.literal("active", { errorMap: () => ({ message: "A new session starts active" }) }).optional(),
  currentStep: z.literal(1, { errorMap: () => ({ message: "A new session starts at step 1" }) }).optional(),
  totalSteps: z.literal(5, { errorMap: () => ({ message: "A session has 5 steps" }) }).optional(),
  requiresDualControl: z.literal(false, { errorMap: () => ({ message: "Dual control is asked for at the step that needs it" }) }).optional(),
  /** Administrators without an office of their own name one. */
  officeId: z.string().uuid().optional(),
});

export async function createSession(context: AssistedContext, staff: Staff, body: z.infer<typeof CreateSessionBody>): Promise<AssistedSession> {
  const officeId = staff.role === "admin" ? (body.officeId ?? staff.officeId) : staff.officeId;
  if (!officeId) throw new ServiceError(400, "Name the office the session is for (officeId)", "VALIDATION_ERROR");
  const id = crypto.randomUUID();
  return context.sessions(id).create({ id, officeId, operator: staff.person, clientName: body.clientName, assistanceType: body.assistanceType });
}

export async function readSession(context: AssistedContext, staff: Staff, id: string): Promise<AssistedSession> {
  const session = await sessionObject(context, id).view(scopeOf(staff));
  if (!session) throw notFound();
  return session;
}

/** Spec 000 §7: `currentStep`, or `status`, or `status` plus `completedAt` (the server's clock is the record's). */
export const PatchSessionBody = z.union([
  z.object({ currentStep: z.number().int().min(1) }).strict(),
  z.object({ status: z.enum(["active", "paused", "completed"]), completedAt: z.string().datetime({ offset: true }).optional() }).strict(),
]);

export async function updateSession(context: AssistedContext, staff: Staff, id: string, body: z.infer<typeof PatchSessionBody>): Promise<AssistedSession> {
  if ("completedAt" in body && body.completedAt !== undefined && body.status !== "completed") {
    throw new ServiceError(400, "completedAt goes only with status completed", "VALIDATION_ERROR");
  }
  const command: SessionCommand = "currentStep" in body ? { type: "advance", toStep: body.currentStep, actor: staff.person } : { type: "status", status: body.status, actor: staff.person };
  return run(context, staff, id, command);
}

/** The work of a step, as the console sends it. */
export const SessionActionBody = z.discriminatedUnion("type", [
  z.object({ type: z.literal("find-client"), account: z.string().trim().min(1, "Enter the client's username or email").max(254) }),
  z.object({ type: z.literal("document"), document: z.unknown() }),
  z.object({ type: z.literal("request-approval") }),
  z.object({ type: z.literal("decide-approval"), approvalId: z.string().uuid(), decision: z.enum(["approved", "denied"]), reason: z.string().max(500) }),
  z.object({ type: z.literal("visual-match"), matched: z.boolean(), notes: z.string().max(500).default("") }),
]);

export async function act(context: AssistedContext, staff: Staff, id: string, body: z.infer<typeof SessionActionBody>): Promise<AssistedSession> {
  switch (body.type) {
    case "find-client": {
      // As sign-in and registration compare them: usernames by lower() (its index), emails stored lower-case.
      const account = body.account.toLowerCase();
      const [citizen] = await context.db
        .select()
        .from(users)
        .where(and(eq(users.role, "citizen"), or(eq(sql`lower(${users.username})`, account), eq(users.email, account))))
        .limit(1);
      if (!citizen) throw new ServiceError(404, "No citizen account has that username or email", "CLIENT_NOT_FOUND");
      const client = { userId: citizen.id, username: citizen.username, name: displayName(citizen), createdHere: false };
      return run(context, staff, id, { type: "link-client", client, actor: staff.person });
    }
    case "document": {
      const document = DocumentInput.safeParse(body.document);
      if (!document.success) throw new ServiceError(400, document.error.issues[0]?.message ?? "Invalid document", "VALIDATION_ERROR");
      return run(context, staff, id, { type: "document", document: document.data, actor: staff.person });
    }
    case "request-approval":
      return run(context, staff, id, { type: "request-approval", approvalId: crypto.randomUUID(), actor: staff.person });
    case "decide-approval":
      if (!staff.supervisor) throw new ServiceError(403, "Only a supervisor or an administrator can decide approvals", "NOT_SUPERVISOR");
      return run(context, staff, id, { type: "decide-approval", approvalId: body.approvalId, decision: body.decision, reason: body.reason, supervisor: staff.person });
    case "visual-match":
      return run(context, staff, id, { type: "visual-match", matched: body.matched, notes: body.notes, actor: staff.person });
  }
}

/** One command through the session's single writer; its refusal becomes the API's answer. */
async function run(context: AssistedContext, staff: Staff, id: string, command: SessionCommand): Promise<AssistedSession> {
  const result: CommandResult = await sessionObject(context, id).apply(command, scopeOf(staff));
  if (!result.ok) throw new ServiceError(result.status, result.message, result.code);
  return result.session;
}

type SessionNamespace = DurableObjectNamespace<AssistedSessionApi & Rpc.DurableObjectBranded>;

/**
 * One assisted API call: the signed-in caller (401 otherwise) as staff (403 otherwise), then
 * `work`; a refusal answers with its status and message, never a 500.
 */
export async function assistedCall(
  request: Request,
  context: RequestContext<{ ASSISTED_SESSIONS: SessionNamespace }>,
  work: (assisted: AssistedContext, staff: Staff) => Promise<unknown>,
  status = 200,
): Promise<Response> {
  const user = await requireUser(request, context);
  const namespace = context.env.ASSISTED_SESSIONS;
  const assisted: AssistedContext = { db: context.db, sessions: (id) => namespace.get(namespace.idFromName(id)) as unknown as AssistedSessionApi };
  try {
    const staff = await staffOf(context.db, user);
    return Response.json(await work(assisted, staff), { status, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

/** A JSON body checked against `schema`: a clear 400 (thrown) when it does not fit. */
export async function parseBody<S extends z.ZodTypeAny>(request: Request, schema: S, maxBytes?: number): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readJsonBody(request, maxBytes));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
