import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import { requireSession } from "#server/accounts/authentication.ts";
import { startPasskeyRegistration } from "#server/accounts/passkeys.ts";
import { requireRecentConfirmation } from "#server/accounts/reauth.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/passkey/register/options (signed in; ADR 021): starts adding a passkey to the
 * signed-in person's account. 200 `{ceremonyId, options}` (options for navigator.credentials.create,
 * as @simplewebauthn/browser takes them); 401 signed out; 403 `reauth_required` unless the password
 * or a passkey was confirmed in the last five minutes (ADR 030); 409 at the passkey limit; 503 when
 * passkeys are not configured. The ceremony it starts lives five minutes, so adding finishes in the
 * same few minutes the confirmation allowed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const session = await requireSession(request, context);
  await parseBody(request, z.object({}).strict());
  try {
    requireRecentConfirmation(session, Date.now());
    return json(await startPasskeyRegistration(context, session.user), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(inLanguage(error, requestLocale(request)));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
