import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireSession } from "#server/accounts/authentication.ts";
import { removePasskey } from "#server/accounts/passkeys.ts";
import { requireRecentConfirmation } from "#server/accounts/reauth.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * DELETE /api/auth/passkeys/{id} (signed in; ADR 021): removes one of the signed-in person's own
 * passkeys. 204; 401 signed out; 403 `reauth_required` unless the password or a passkey was
 * confirmed in the last five minutes (ADR 030); 404 for an id that is not one of theirs (someone
 * else's passkey included: nothing changes, and nothing says whether it exists).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "DELETE");
  const session = await requireSession(request, context);
  try {
    requireRecentConfirmation(session, Date.now());
    await removePasskey(context, session.user, params.id ?? "");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(inLanguage(error, requestLocale(request)));
  }
}

export function loader() {
  return methodNotAllowed("DELETE");
}
