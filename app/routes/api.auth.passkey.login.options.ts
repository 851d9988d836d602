import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import { passkeySignInRefusal, startPasskeySignIn } from "#server/accounts/passkeys.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/passkey/login/options (anyone; ADR 021): starts a passkey sign-in, for the
 * "Sign in with a passkey" button or the username field's autofill. 200 `{ceremonyId, options}`
 * (for navigator.credentials.get); 503 when passkeys are not configured.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  await parseBody(request, z.object({}).strict());
  try {
    return json(await startPasskeySignIn(context), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return passkeySignInRefusal(error, requestLocale(request));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
