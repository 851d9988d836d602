import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LoginSchema } from "#core/accounts/schemas.ts";
import { authenticateCredentials } from "#server/accounts/authentication.ts";
import { signedInAnswer } from "#server/accounts/sign-in.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";

/**
 * Spec 000 §7 POST /api/auth/login {username, password}: 200 with the user, a new session cookie
 * and a device cookie; 400 invalid input; 401 "Invalid username or password" for any bad credential; 429 with
 * Retry-After when throttled.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const input = await parseBody(request, LoginSchema);
  const user = await authenticateCredentials(request, context, input);
  return signedInAnswer(request, context, user, "password");
}

export function loader() {
  return methodNotAllowed("POST");
}
