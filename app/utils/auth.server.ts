import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { users, type User } from "../../db/schema/accounts.ts";
import type { ThrottlePolicy, ThrottleState } from "../../workers/durable-objects/src/login-throttle.ts";
import { LoginSchema, type LoginInput, type PublicUser } from "./account-schemas.ts";
import { audit } from "./audit.server.ts";
import { validationError } from "./json-api.server.ts";
import { dummyPasswordHash, verifyPassword } from "./password.server.ts";
import { getActiveSession } from "./session.server.ts";

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
export async function getUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  const session = await getActiveSession(request, context);
  return session ? toPublicUser(session.user) : null;
}

export function isApiRequest(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function unauthorized(): Response {
  return json({ message: "Unauthorized" }, { status: 401 });
}

/**
 * The signed-in user, or a thrown response: a page navigation goes to /login, an API call gets a
 * 401 JSON answer the client can act on (spec 000 §8: "401: ... Unauthorized").
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await getUser(request, context);
  if (user) return user;
  if (isApiRequest(request)) throw unauthorized();
  throw redirect("/login");
}

/**
 * Brute-force limits (SECURITY.md; ADR "login throttling"). Per account: 10 consecutive failures
 * lock it for 15 minutes; a success clears the count. Per client address: 100 failures in 15
 * minutes, never cleared by a success, so one address cannot spray many accounts, while one
 * person mistyping in a shared office does not lock out everyone behind the same address.
 */
export const USER_THROTTLE: ThrottlePolicy = { maxFailures: 10, windowMs: 60 * 60 * 1000, lockoutMs: 15 * 60 * 1000 };
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 100, windowMs: 15 * 60 * 1000, lockoutMs: 15 * 60 * 1000 };

/** Every bad-credential answer is this, whatever was wrong (no user enumeration). */
export const INVALID_CREDENTIALS = "Invalid username or password";

export const throttleKeys = (username: string, ip: string) => ({
  user: `user:${username.toLowerCase()}`,
  ip: `ip:${ip}`,
});

/** Cloudflare sets CF-Connecting-IP at the edge (a client-sent value is overwritten). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

function throttleStub(context: AppLoadContext, key: string) {
  const ns = context.env.LOGIN_THROTTLE;
  return ns.get(ns.idFromName(key));
}

function tooManyAttempts(states: ThrottleState[]): Response {
  const retryAfter = Math.max(1, ...states.map((s) => s.retryAfterSeconds));
  return json(
    { message: `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).` },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}

/**
 * remix-auth with the form strategy, built per request because its verify step needs this
 * request's bindings. Verify throws a Response (400, 401, 429) for the caller to return, and
 * resolves to the user row when the password is right.
 */
export function createAuthenticator(context: AppLoadContext, clientRequest: Request): Authenticator<User> {
  const ip = clientAddress(clientRequest);
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy<User>(async ({ form }) => {
      const parsed = LoginSchema.safeParse({ username: form.get("username") ?? undefined, password: form.get("password") ?? undefined });
      if (!parsed.success) throw validationError(parsed.error);
      const { username, password } = parsed.data;
      const keys = throttleKeys(username, ip);
      const [userGate, ipGate] = await Promise.all([throttleStub(context, keys.user).check(), throttleStub(context, keys.ip).check()]);
      if (!userGate.allowed || !ipGate.allowed) {
        audit(context, { level: "warn", category: "auth", event: "login refused", username, reason: "throttled", ip });
        throw tooManyAttempts([userGate, ipGate].filter((s) => !s.allowed));
      }

      const user = await context.db.query.users.findFirst({ where: eq(users.username, username) });
      // A missing account costs the same Argon2id work as a wrong password.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        const after = await Promise.all([
          throttleStub(context, keys.user).recordFailure(USER_THROTTLE),
          throttleStub(context, keys.ip).recordFailure(ADDRESS_THROTTLE),
        ]);
        audit(context, { level: "warn", category: "auth", event: "login failed", username, reason: user ? "bad_password" : "unknown_user", ip });
        // The failure that reaches a limit already answers 429, so the client learns when to retry.
        const locked = after.filter((s) => !s.allowed);
        if (locked.length > 0) throw tooManyAttempts(locked);
        throw json({ message: INVALID_CREDENTIALS }, { status: 401 });
      }

      await throttleStub(context, keys.user).clear();
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
export async function authenticateCredentials(request: Request, context: AppLoadContext, input: LoginInput): Promise<User> {
  const form = new FormData();
  form.set("username", input.username);
  form.set("password", input.password);
  const formRequest = new Request(request.url, { method: "POST", body: form });
  return createAuthenticator(context, request).authenticate("form", formRequest);
}
