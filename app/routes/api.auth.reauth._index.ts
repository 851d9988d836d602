import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { clientAddress, requireSession } from "#server/accounts/authentication.ts";
import {
  accountErrorResponse,
  confirmWithPassword,
  PasswordConfirmation,
  REAUTH_WINDOW_MS,
} from "#server/accounts/reauth.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/reauth {password} (signed in; ADR 030): "Confirm it's you" with the password.
 * 200 `{confirmedUntil}` (ISO 8601): for five minutes this session may add or remove a passkey and
 * change the email; 400 invalid input or a wrong password (`wrong_password`); 401 signed out; 429
 * with Retry-After after 10 wrong passwords in a row.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const session = await requireSession(request, context);
  const { password } = await parseBody(request, PasswordConfirmation);
  const now = Date.now();
  try {
    await confirmWithPassword(context, session, password, clientAddress(request), now);
  } catch (error) {
    return accountErrorResponse(inLanguage(error, requestLocale(request)));
  }
  return json(
    { confirmedUntil: new Date(now + REAUTH_WINDOW_MS).toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
