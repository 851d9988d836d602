import type { PublicUser } from "#core/accounts/schemas.ts";
import type { User } from "#db/schema/accounts.ts";
import { toPublicUser } from "./authentication.ts";
import { createSession } from "./session.ts";

/**
 * What every JSON sign-in ends with once the person has proved who they are, whichever way they
 * did it (password: POST /api/auth/login; passkey: POST /api/auth/passkey/login/verify): a new
 * session (any session sent with the request is ended first), and the user's public view with
 * its cookie, never cached.
 */
export async function signedInAnswer(request: Request, context: Parameters<typeof createSession>[1], user: User): Promise<Response> {
  const { setCookie } = await createSession(request, context, user.id);
  const body: PublicUser = toPublicUser(user);
  return Response.json(body, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}
