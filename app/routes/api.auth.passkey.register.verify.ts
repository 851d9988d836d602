import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { finishPasskeyRegistration, RegistrationVerifySchema } from "#server/accounts/passkeys.ts";
import { inLanguage } from "#server/accounts/refusal-words.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/** An attestation with its certificates can outgrow the API's usual 16 KB. */
const MAX_BODY_BYTES = 32 * 1024;

/**
 * POST /api/auth/passkey/register/verify {ceremonyId, name, response} (signed in; ADR 021): the
 * browser's answer to the registration options. 201 with the new passkey; 400 invalid input, a
 * ceremony that is not this person's, expired or used, or an attestation that does not verify;
 * 401 signed out; 409 a passkey already registered.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  const input = await parseBody(request, RegistrationVerifySchema, MAX_BODY_BYTES);
  try {
    return json(await finishPasskeyRegistration(context, user, input), {
      status: 201,
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return serviceErrorResponse(inLanguage(error, requestLocale(request)));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
