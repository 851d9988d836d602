import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { clientAddress, requireSession } from "#server/accounts/authentication.ts";
import { ChangePasswordSchema, changePassword } from "#server/accounts/password-change.ts";
import { accountErrorResponse } from "#server/accounts/reauth.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/password {currentPassword, newPassword} (signed in; ADR 030): changes the
 * password. 200 `{signedOut}` (how many other sessions ended; this one stays); 400 invalid input, a
 * wrong current password, or a new one registration would refuse (each with its field's message);
 * 401 signed out; 429 with Retry-After after 10 wrong current passwords in a row.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const session = await requireSession(request, context);
  const input = await parseBody(request, ChangePasswordSchema);
  try {
    return json(await changePassword(context, session, input, clientAddress(request)), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return accountErrorResponse(inLanguage(error, requestLocale(request)));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
