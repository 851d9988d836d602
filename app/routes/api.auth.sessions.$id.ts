import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireSession } from "#server/accounts/authentication.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { clearSessionCookie } from "#server/accounts/session.ts";
import { signOutOwnSession } from "#server/accounts/signed-in-sessions.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * DELETE /api/auth/sessions/{id} (signed in; ADR 030): signs out one of the person's own sessions,
 * named by the reference GET /api/auth/sessions gave. 204 (the session in use too: its cookie is
 * cleared); 401 signed out; 404 for a reference that is not a live session of theirs (another
 * person's included: nothing ends, and nothing says whether it exists).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "DELETE");
  const session = await requireSession(request, context);
  let ended: { current: boolean };
  try {
    ended = await signOutOwnSession(context, session, params.id ?? "", request);
  } catch (error) {
    return serviceErrorResponse(inLanguage(error, requestLocale(request)));
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (ended.current) headers.set("Set-Cookie", clearSessionCookie());
  return new Response(null, { status: 204, headers });
}

export function loader() {
  return methodNotAllowed("DELETE");
}
