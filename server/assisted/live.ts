/**
 * The consoles' live feeds (issue 10): WebSockets to the session's object and to the office's
 * board, opened through the web worker, which checks who is asking before the object hears of it.
 * The role tag is the server's reading of the caller (supervisor authority or not), never the
 * browser's say. A 101 answer passes through the worker untouched.
 *
 *   GET /api/assisted/sessions/{id}/live   the session's state at once, then every change
 *   GET /api/assisted/office/live          "changed" and "supervisor-call" messages for the office
 */
import * as z from "zod";
import type { CallSupervisorBody } from "#core/assisted/api.ts";
import { type AccountsContext, requireSession, toPublicUser } from "#server/accounts/authentication.ts";
import { withGrant } from "#server/accounts/live-access.ts";
import { requireWebSocketUpgrade } from "#server/http/security.ts";
import { localisedServiceErrorResponse, WordedServiceError } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { audit } from "#server/observability/audit.ts";
import type { RequestContext } from "#server/worker/context.ts";
import {
  type AssistedBindings,
  assistedContext,
  officeFor,
  readSession,
  type Staff,
  scopeOf,
  staffOf,
} from "./sessions.ts";
import { assistedErrors } from "./worded.ts";

type LiveContext = RequestContext<AssistedBindings> & AccountsContext;

/**
 * The request the object receives: the upgrade, the role the server decided, for a session the
 * caller's office scope (the object answers 404 outside it), and the grant the object checks
 * before each message (server/accounts/live-access.ts; the board's office, or the session's,
 * which the object fills in). Never the caller's cookies.
 */
function objectRequest(watcher: Watcher, boardOffice: string | null = null): Request {
  const { staff, sid } = watcher;
  const url = new URL("https://assisted.internal/live");
  url.searchParams.set("role", staff.supervisor ? "supervisor" : "operator");
  const { officeId } = scopeOf(staff);
  if (officeId) url.searchParams.set("office", officeId);
  withGrant(url, { sid, need: staff.supervisor ? "supervisor" : "staff", officeId: boardOffice });
  return new Request(url, { headers: { Upgrade: "websocket" } });
}

/** Who is opening a console: their staff record, and their login session's row id. */
interface Watcher {
  staff: Staff;
  sid: string;
}

async function upgrade(
  request: Request,
  context: LiveContext,
  open: (watcher: Watcher) => Promise<Response>,
): Promise<Response> {
  // Another site's handshake was refused before any handler ran (refuseCrossSiteMutation).
  const notUpgrade = requireWebSocketUpgrade(request);
  if (notUpgrade) return notUpgrade;
  const session = await requireSession(request, context);
  try {
    return await open({ staff: await staffOf(context.db, toPublicUser(session.user)), sid: session.sid });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}

export function sessionLive(request: Request, context: LiveContext, id: string): Promise<Response> {
  return upgrade(request, context, async (watcher) => {
    // An id that is not even a UUID wakes no object; one outside the caller's office answers 404 from the object.
    if (!z.guid().safeParse(id).success) throw new WordedServiceError(404, assistedErrors.sessionNotFound, "NOT_FOUND");
    const namespace = context.env.ASSISTED_SESSIONS;
    const answer = await namespace.get(namespace.idFromName(id)).fetch(objectRequest(watcher));
    // The object's plain-text 404 (a session it does not hold, or outside the caller's office) as the API's JSON one.
    if (answer.status === 404) throw new WordedServiceError(404, assistedErrors.sessionNotFound, "NOT_FOUND");
    return answer;
  });
}

export function officeLive(request: Request, context: LiveContext): Promise<Response> {
  return upgrade(request, context, async (watcher) => {
    const named = new URL(request.url).searchParams.get("office");
    if (named !== null && !z.guid().safeParse(named).success)
      throw new WordedServiceError(400, assistedErrors.officeParamInvalid, "VALIDATION_ERROR");
    const officeId = await officeFor(context.db, watcher.staff, named);
    const namespace = context.env.ASSISTED_OFFICES;
    return namespace.get(namespace.idFromName(officeId)).fetch(objectRequest(watcher, officeId));
  });
}

/**
 * Call Supervisor: every supervisor's console of the office hears it at once; the answer says
 * how many were reached, so an operator is never told help is coming when no supervisor is
 * watching. Audited.
 */
export async function callSupervisor(
  request: Request,
  context: LiveContext,
  staff: Staff,
  body: z.output<typeof CallSupervisorBody>,
): Promise<{ reached: number }> {
  const assisted = assistedContext(context, request.url);
  const session = body.sessionId ? await readSession(assisted, staff, body.sessionId) : null;
  const officeId = session?.officeId ?? (await officeFor(context.db, staff, body.officeId));
  const at = new Date();
  const reached = await assisted.offices(officeId).callSupervisor({
    from: staff.person,
    sessionId: session?.id ?? null,
    clientName: session?.clientName ?? null,
    at: at.toISOString(),
  });
  audit(context, {
    level: "info",
    category: "assisted",
    component: "assisted-office",
    event: "Supervisor called",
    userId: staff.person.id,
    details: {
      officeId,
      sessionId: session?.id ?? null,
      detail: `${reached} supervisor console(s) reached`,
      actor: staff.person.name,
    },
  });
  return { reached };
}
