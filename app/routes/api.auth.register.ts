import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { RegisterSchema } from "#core/accounts/schemas.ts";
import { clientAddress, toPublicUser } from "#server/accounts/authentication.ts";
import { registerAccount, registrationRefused } from "#server/accounts/registration.ts";
import { createSession } from "#server/accounts/session.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { languageAtSignIn } from "#server/i18n/preference.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";

/**
 * Spec 000 §7 POST /api/auth/register: 201 with the new user, signed in; 400 with zod's message
 * (spec 000 §5) or for a common password; 409 when the username or email is taken; 429 with
 * Retry-After when the address has registered too often.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const input = await parseBody(request, RegisterSchema);
  const result = await registerAccount(context, input, clientAddress(request), requestLocale(request));
  if (!result.ok) return registrationRefused(result);
  const { setCookie } = await createSession(request, context, result.user.id, "registration");
  const headers = new Headers({ "Set-Cookie": setCookie, "Cache-Control": "no-store" });
  const language = await languageAtSignIn(request, context.db, result.user);
  if (language) headers.append("Set-Cookie", language);
  return json(toPublicUser(result.user), { status: 201, headers });
}

export function loader() {
  return methodNotAllowed("POST");
}
