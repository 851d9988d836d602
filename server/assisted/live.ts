/**
 * The consoles' live feeds (issue 10): WebSockets to the session's object and to the office's
 * board, opened through the web worker, which checks who is asking before the object hears of it.
 * The role tag is the server's reading of the caller (supervisor authority or not), never the
 * browser's say. A 101 answer passes through the worker untouched.
 *
 *   GET /api/assisted/sessions/{id}/live   the session's state at once, then every change
 *   GET /api/assisted/office/live          "changed" and "supervisor-call" messages for the office
 */
import { z } from "zod";
import { requireUser, type AccountsContext } from "#server/accounts/authentication.ts";
import { ServiceError, serviceErrorResponse } from "#server/http/errors.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { audit } from "#server/observability/audit.ts";
import { officeFor, readSession, staffOf, assistedContext, type AssistedBindings, type Staff } from "./sessions.ts";

type LiveContext = RequestContext<AssistedBindings> & AccountsContext;

/** The request the object receives: only the role the server decided. */
function objectRequest(request: Request, staff: Staff): Request {
  const url = new URL("https://assisted.internal/live");
  url.searchParams.set("role", staff.supervisor ? "supervisor" : "operator");
  return new Request(url, { headers: request.headers });
}

async function upgrade(request: Request, context: LiveContext, open: (staff: Staff) => Promise<Response>): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
  // A WebSocket is not bound by CORS: another site's page could open one with the console's cookie.
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return Response.json({ message: "Cross-site WebSocket refused" }, { status: 403 });
  const user = await requireUser(request, context);
  try {
    return await open(await staffOf(context.db, user));
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function sessionLive(request: Request, context: LiveContext, id: string): Promise<Response> {
  return upgrade(request, context, async (staff) => {
    // 404 for a session outside the caller's office, as for one that does not exist.
    await readSession(assistedContext(context, request.url), staff, id);
    const namespace = context.env.ASSISTED_SESSIONS;
    return namespace.get(namespace.idFromName(id)).fetch(objectRequest(request, staff));
  });
}

export function officeLive(request: Request, context: LiveContext): Promise<Response> {
  return upgrade(request, context, async (staff) => {
    const named = new URL(request.url).searchParams.get("office");
    if (named !== null && !z.string().uuid().safeParse(named).success) throw new ServiceError(400, "office must be an office id", "VALIDATION_ERROR");
    const officeId = await officeFor(context.db, staff, named);
    const namespace = context.env.ASSISTED_OFFICES;
    return namespace.get(namespace.idFromName(officeId)).fetch(objectRequest(request, staff));
  });
}

export const CallSupervisorBody = z.object({
  /** The session the operator needs help with, if any. */
  sessionId: z.string().uuid().optional(),
  officeId: z.string().uuid().optional(),
});

/**
 * Call Supervisor: every supervisor's console of the office hears it at once; the answer says
 * how many were reached, so an operator is never told help is coming when no supervisor is
 * watching. Audited.
 */
export async function callSupervisor(request: Request, context: LiveContext, staff: Staff, body: z.infer<typeof CallSupervisorBody>): Promise<{ reached: number }> {
  const assisted = assistedContext(context, request.url);
  const session = body.sessionId ? await readSession(assisted, staff, body.sessionId) : null;
  const officeId = session?.officeId ?? (await officeFor(context.db, staff, body.officeId));
  const at = new Date();
  const reached = await assisted.offices(officeId).callSupervisor({ from: staff.person, sessionId: session?.id ?? null, clientName: session?.clientName ?? null, at: at.toISOString() });
  audit(context, {
    level: "info",
    category: "assisted",
    component: "assisted-office",
    event: "Supervisor called",
    userId: staff.person.id,
    details: { officeId, sessionId: session?.id ?? null, detail: `${reached} supervisor console(s) reached`, actor: staff.person.name },
  });
  return { reached };
}
