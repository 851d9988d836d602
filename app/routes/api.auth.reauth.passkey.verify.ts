import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requireSession } from "#server/accounts/authentication.ts";
import { AuthenticationVerifySchema, finishPasskeyConfirmation } from "#server/accounts/passkeys.ts";
import { markConfirmed, REAUTH_WINDOW_MS } from "#server/accounts/reauth.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/reauth/passkey/verify {ceremonyId, response} (signed in; ADR 030): the browser's
 * answer to the confirmation options. 200 `{confirmedUntil}`; 400 invalid input or a ceremony that
 * is not this person's, expired or used; 401 signed out, or an assertion that does not verify by a
 * passkey of theirs.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const session = await requireSession(request, context);
  const input = await parseBody(request, AuthenticationVerifySchema);
  const now = new Date();
  try {
    await finishPasskeyConfirmation(context, session.user, input, now);
  } catch (error) {
    return serviceErrorResponse(inLanguage(error, requestLocale(request)));
  }
  await markConfirmed(context.db, session.sid, now.getTime());
  return json(
    { confirmedUntil: new Date(now.getTime() + REAUTH_WINDOW_MS).toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
