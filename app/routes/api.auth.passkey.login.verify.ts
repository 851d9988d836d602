import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { User } from "#db/schema/accounts.ts";
import { clientAddress } from "#server/accounts/authentication.ts";
import { AuthenticationVerifySchema, finishPasskeySignIn, passkeySignInRefusal } from "#server/accounts/passkeys.ts";
import { signedInAnswer } from "#server/accounts/sign-in.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/passkey/login/verify {ceremonyId, response} (anyone; ADR 021): the browser's
 * assertion. 200 with the user and a new session cookie, exactly as a password sign-in answers
 * (signedInAnswer); 400 invalid input, or a ceremony that expired or was already used; 401 an
 * assertion that does not verify. Never throttled by the password lockout (ADR 007).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const input = await parseBody(request, AuthenticationVerifySchema);
  let user: User;
  try {
    user = await finishPasskeySignIn(context, input, clientAddress(request));
  } catch (error) {
    return passkeySignInRefusal(error, requestLocale(request));
  }
  return signedInAnswer(request, context, user, "passkey");
}

export function loader() {
  return methodNotAllowed("POST");
}
