import { eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { users, type User } from "#db/schema/accounts.ts";
import { LoginSchema, type LoginInput, type PublicUser } from "#core/accounts/schemas.ts";
import { audit } from "#server/observability/audit.ts";
import { validationError } from "#server/http/json.ts";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "#core/accounts/password.ts";
import { getActiveSession, type SessionBindings, type SessionContext } from "./session.ts";
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, throttle, throttleKeys, tooManyAttempts, type ThrottleBindings, type ThrottleState } from "./throttle.ts";
import type { RequestContext } from "#server/worker/context.ts";

/** What signing in needs: the database, work after the response, the request id, the throttle. */
export type AccountsContext = RequestContext<ThrottleBindings & SessionBindings>;

/** The only view of a user that leaves the server (spec 000 §7 GET /api/auth/user). Never the hash. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
  };
}

/** The signed-in user, read fresh from the database on every call, or null. */
export async function getUser(request: Request, context: SessionContext): Promise<PublicUser | null> {
  const session = await getActiveSession(request, context);
  return session ? toPublicUser(session.user) : null;
}

export function isApiRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function unauthorized(): Response {
  return Response.json({ message: "Unauthorized" }, { status: 401 });
}

/**
 * The signed-in user, or a thrown response: a page navigation goes to /login, an API call gets a
 * 401 JSON answer the client can act on (spec 000 §8: "401: ... Unauthorized").
 */
export async function requireUser(request: Request, context: SessionContext): Promise<PublicUser> {
  const user = await getUser(request, context);
  if (user) return user;
  if (isApiRequest(request)) throw unauthorized();
  throw new Response(null, { status: 302, headers: { Location: "/login" } });
}

/** Every bad-credential answer is this, whatever was wrong (no user enumeration). */
export const INVALID_CREDENTIALS = "Invalid username or password";

/** Cloudflare sets CF-Connecting-IP at the edge (a client-sent value is overwritten). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

const FAILED_SIGN_INS = "failed sign-in attempts";

/**
 * The account whose name matches, the way registration decides a name is taken: trimmed, and
 * compared case-insensitively by SQLite's lower() on both sides (users_username_lower_idx).
 */
export function findUserByUsername(context: Pick<RequestContext, "db">, username: string): Promise<User | undefined> {
  return context.db.query.users.findFirst({ where: eq(sql`lower(${users.username})`, sql`lower(${username.trim()})`) });
}

/**
 * remix-auth with the form strategy, built per request because its verify step needs this
 * request's bindings. Verify throws a Response (400, 401, 429 with Retry-After) for the caller to
 * return, and resolves to the user row when the password is right.
 */
export function createAuthenticator(context: AccountsContext, clientRequest: Request): Authenticator<User> {
  const ip = clientAddress(clientRequest);
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy<User>(async ({ form }) => {
      const parsed = LoginSchema.safeParse({ username: form.get("username") ?? undefined, password: form.get("password") ?? undefined });
      if (!parsed.success) throw validationError(parsed.error);
      const { username, password } = parsed.data;
      const address = throttle(context, throttleKeys.address(ip));
      const account = throttle(context, throttleKeys.account(username));
      // Each attempt is counted before the password is checked, in the same Durable Object call
      // that lets it through, so simultaneous guesses cannot all slip past the limit (ADR 007).
      const refuse = (gate: ThrottleState) => {
        audit(context, { level: "warn", category: "auth", event: "login refused", username, reason: "throttled", ip });
        return tooManyAttempts(FAILED_SIGN_INS, gate.retryAfterSeconds);
      };
      const addressGate = await address.attempt(ADDRESS_THROTTLE);
      if (!addressGate.allowed) throw refuse(addressGate);
      const accountGate = await account.attempt(ACCOUNT_THROTTLE);
      if (!accountGate.allowed) {
        // This attempt checked no password, so it does not count against the address.
        await address.undo(ADDRESS_THROTTLE);
        throw refuse(accountGate);
      }

      const user = await findUserByUsername(context, username);
      // A missing account costs the same Argon2id work as a wrong password.
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !valid) {
        // The provisional failures stand.
        audit(context, { level: "warn", category: "auth", event: "login failed", username, reason: user ? "bad_password" : "unknown_user", ip });
        // The failure that reached a limit already answers 429, so the client learns when to retry.
        const lockout = Math.max(accountGate.retryAfterSeconds, addressGate.retryAfterSeconds);
        if (lockout > 0) throw tooManyAttempts(FAILED_SIGN_INS, lockout);
        throw Response.json({ message: INVALID_CREDENTIALS }, { status: 401 });
      }

      // A proven password ends the account's run of failures; the address only gets this attempt back.
      await Promise.all([account.clear(), address.undo(ADDRESS_THROTTLE)]);
      audit(context, { level: "info", category: "auth", event: "login succeeded", username: user.username, userId: user.id, ip });
      return user;
    }),
    "form",
  );
  return authenticator;
}

/**
 * Signs in with a username and password already parsed from JSON (the API) by handing remix-auth
 * an equivalent form post: the form strategy reads form data, and one verify path then serves
 * both the JSON API and HTML form actions (ADR "sessions and remix-auth").
 */
export async function authenticateCredentials(request: Request, context: AccountsContext, input: LoginInput): Promise<User> {
  const form = new FormData();
  form.set("username", input.username);
  form.set("password", input.password);
  const formRequest = new Request(request.url, { method: "POST", body: form });
  return createAuthenticator(context, request).authenticate("form", formRequest);
}
