import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import { requireUser } from "#server/accounts/authentication.ts";
import { startPasskeyConfirmation } from "#server/accounts/passkeys.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * POST /api/auth/reauth/passkey/options (signed in; ADR 030): starts "Confirm it's you" with one
 * of the person's own passkeys. 200 `{ceremonyId, options}` (for navigator.credentials.get); 401
 * signed out; 409 `no_passkeys`; 503 when passkeys are not configured.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  await parseBody(request, z.object({}).strict());
  try {
    return json(await startPasskeyConfirmation(context, user), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(inLanguage(error, requestLocale(request)));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
