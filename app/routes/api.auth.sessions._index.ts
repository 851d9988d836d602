import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireSession } from "#server/accounts/authentication.ts";
import { listSignedInSessions, signOutElsewhere } from "#server/accounts/signed-in-sessions.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/**
 * GET /api/auth/sessions (signed in; ADR 030): where the person is signed in, the session in use
 * first: `[{id, current, browser, device, place, signedInAt, lastActiveAt}]`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireSession(request, context);
  return json(await listSignedInSessions(context.db, context.env.SESSION_SECRET, session.user.id, session.sid), {
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * DELETE /api/auth/sessions (signed in): "Sign out everywhere else": every session of the person
 * but the one in use ends. 200 `{signedOut}`; 401 signed out.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  const session = await requireSession(request, context);
  const signedOut = await signOutElsewhere(context, session, request);
  return json({ signedOut }, { headers: { "Cache-Control": "no-store" } });
}
