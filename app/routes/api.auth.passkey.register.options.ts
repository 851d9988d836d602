import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "#server/accounts/authentication.ts";
import { startPasskeyRegistration } from "#server/accounts/passkeys.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/**
 * POST /api/auth/passkey/register/options (signed in; ADR 021): starts adding a passkey to the
 * signed-in person's account. 200 `{ceremonyId, options}` (options for navigator.credentials.create,
 * as @simplewebauthn/browser takes them); 401 signed out; 409 at the passkey limit; 503 when passkeys
 * are not configured.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  await parseBody(request, z.object({}).strict());
  try {
    return json(await startPasskeyRegistration(context, user), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
