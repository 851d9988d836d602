import type { PublicUser } from "#core/accounts/users.ts";
import type { User } from "#db/schema/accounts.ts";
import { languageAtSignIn } from "#server/i18n/preference.ts";
import { toPublicUser } from "./authentication.ts";
import { deviceCookie } from "./device.ts";
import { createSession } from "./session.ts";

/** How the person proved who they are. */
export type SignInProof = "password" | "passkey";

/**
 * The cookies every sign-in ends with, whichever way the person proved who they are: a new
 * session (any session sent with the request is ended first), and after a password the device
 * cookie that makes this browser a known device of the account (ADR 007); and the person's
 * language, from their profile or, with none saved yet, saved from this device's choice (issue 21).
 */
export async function signInCookies(
  request: Request,
  context: Parameters<typeof createSession>[1],
  user: User,
  proof: SignInProof,
): Promise<string[]> {
  const { setCookie } = await createSession(request, context, user.id);
  const language = await languageAtSignIn(request, context.db, user);
  return [
    setCookie,
    ...(proof === "password" ? [await deviceCookie(context.env.SESSION_SECRET, user.username)] : []),
    ...(language ? [language] : []),
  ];
}

/**
 * What every JSON sign-in answers (password: POST /api/auth/login; passkey: POST
 * /api/auth/passkey/login/verify): the user's public view with the sign-in's cookies, never cached.
 */
export async function signedInAnswer(
  request: Request,
  context: Parameters<typeof createSession>[1],
  user: User,
  proof: SignInProof,
): Promise<Response> {
  const headers = new Headers([
    ["Cache-Control", "no-store"],
    ...(await signInCookies(request, context, user, proof)).map((c): [string, string] => ["Set-Cookie", c]),
  ]);
  const body: PublicUser = toPublicUser(user);
  return Response.json(body, { headers });
}
