import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { LoginSchema } from "#core/accounts/schemas.ts";
import { authenticateCredentials, toPublicUser } from "#server/accounts/authentication.ts";
import { assertMethod, methodNotAllowed, readJsonBody, validationError } from "#server/http/json.ts";
import { createSession } from "#server/accounts/session.ts";

/**
 * Spec 000 §7 POST /api/auth/login {username, password}: 200 with the user and a new session
 * cookie; 400 invalid input; 401 "Invalid username or password" for any bad credential; 429 with
 * Retry-After when throttled.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const parsed = LoginSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationError(parsed.error);
  const user = await authenticateCredentials(request, context, parsed.data);
  const { setCookie } = await createSession(request, context, user.id);
  return json(toPublicUser(user), { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
