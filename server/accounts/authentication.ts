import { defineMessages } from "@formatjs/intl";
import { eq, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "#core/accounts/password.ts";
import { type LoginInput, LoginSchema } from "#core/accounts/schemas.ts";
import { foldUsername, type PublicUser } from "#core/accounts/users.ts";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { type User, users } from "#db/schema/accounts.ts";
import { validationError } from "#server/http/json.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { knownDevice } from "./device.ts";
import { type ActiveSession, getActiveSession, type SessionBindings, type SessionContext } from "./session.ts";
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  DEVICE_THROTTLE,
  PAIR_THROTTLE,
  type ThrottleBindings,
  type ThrottlePolicy,
  throttle,
  throttleKeys,
} from "./throttle.ts";
import { tooManyAttempts } from "./throttled-words.ts";

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

function isApiRequest(request: Request): boolean {
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
  return toPublicUser((await requireSession(request, context)).user);
}

/** The signed-in session (its row id and user), refused as requireUser refuses. */
export async function requireSession(request: Request, context: SessionContext): Promise<ActiveSession> {
  const session = await getActiveSession(request, context);
  if (session) return session;
  if (isApiRequest(request)) throw unauthorized();
  throw new Response(null, { status: 302, headers: { Location: "/login" } });
}

const messages = defineMessages({
  /** Every bad-credential answer is this, whatever was wrong (no user enumeration). */
  invalidCredentials: { id: "accounts.signIn.invalidCredentials", defaultMessage: "Invalid username or password" },
});

/**
 * The client's address, only ever from the platform's header: Cloudflare's edge sets
 * CF-Connecting-IP to the connecting address, replacing any value the client sent; locally,
 * scripts/local-edge.ts does the same from the socket in front of wrangler dev.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/**
 * The account whose name matches, the way registration decides a name is taken: NFKC-folded and
 * trimmed, and compared case-insensitively by SQLite's lower() on both sides (users_username_lower_idx).
 */
export function findUserByUsername(context: Pick<RequestContext, "db">, username: string): Promise<User | undefined> {
  return context.db.query.users.findFirst({
    where: eq(sql`lower(${users.username})`, sql`lower(${foldUsername(username)})`),
  });
}

/** One throttle a sign-in attempt counts against (ADR 007), and what a proven password does to it. */
interface Gate {
  name: "address" | "pair" | "account" | "device";
  key: ReturnType<typeof throttle>;
  policy: ThrottlePolicy;
  /** A success takes back only its own attempt ("undo": the address), or ends the run ("clear"). */
  onSuccess: "undo" | "clear";
}

/**
 * The throttles an attempt on `username` from `ip` counts against: always the address; from a
 * browser that has signed in to the account before (a device cookie), that device; from anywhere
 * else, the account-and-address pair and the account's progressive delay. Strangers' failures can
 * slow down strangers only: the owner's own browser is never held up by them.
 */
function gatesFor(context: AccountsContext, username: string, ip: string, device: string | null): Gate[] {
  const gate = (name: Gate["name"], key: string, policy: ThrottlePolicy, onSuccess: Gate["onSuccess"]): Gate => ({
    name,
    key: throttle(context, key),
    policy,
    onSuccess,
  });
  return [
    gate("address", throttleKeys.address(ip), ADDRESS_THROTTLE, "undo"),
    ...(device
      ? [gate("device", throttleKeys.device(device), DEVICE_THROTTLE, "clear")]
      : [
          gate("pair", throttleKeys.pair(username, ip), PAIR_THROTTLE, "clear"),
          gate("account", throttleKeys.account(username), ACCOUNT_THROTTLE, "clear"),
        ]),
  ];
}

/**
 * remix-auth with the form strategy, built per request because its verify step needs this
 * request's bindings. Verify throws a Response (400, 401, 429 with Retry-After) for the caller to
 * return, and resolves to the user row when the password is right.
 */
function createAuthenticator(context: AccountsContext, clientRequest: Request): Authenticator<User> {
  const ip = clientAddress(clientRequest);
  // The language of the page signing in (its address, or the Referer of its script's call).
  const locale = requestLocale(clientRequest);
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy<User>(async ({ form }) => {
      const parsed = LoginSchema.safeParse(
        { username: form.get("username") ?? undefined, password: form.get("password") ?? undefined },
        SPEC_WORDING,
      );
      if (!parsed.success) throw validationError(parsed.error, locale);
      const { username, password } = parsed.data;
      const device = await knownDevice(clientRequest, context.env.SESSION_SECRET, username);
      const gates = gatesFor(context, username, ip, device);
      // Each attempt is counted before the password is checked, in the same Durable Object call
      // that lets it through, so simultaneous guesses cannot all slip past a limit (ADR 007). The
      // gates are asked together; if any refuses, the others take their count back (nothing was checked).
      const states = await Promise.all(gates.map((gate) => gate.key.attempt(gate.policy)));
      const refusedBy = states.map((state, i) => ({ state, gate: gates[i]! })).filter(({ state }) => !state.allowed);
      if (refusedBy.length > 0) {
        await Promise.all(gates.filter((_, i) => states[i]!.allowed).map((gate) => gate.key.undo(gate.policy)));
        auditAct(
          context,
          ip,
          { username },
          {
            level: "warn",
            category: "auth",
            event: "login refused",
            reason: "throttled",
            details: { by: refusedBy.map(({ gate }) => gate.name) },
          },
        );
        throw tooManyAttempts(locale, "signIns", Math.max(...refusedBy.map(({ state }) => state.retryAfterSeconds)));
      }

      const user = await findUserByUsername(context, username);
      // A missing account costs the same Argon2id work as a wrong password.
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !valid) {
        // The provisional failures stand.
        auditAct(
          context,
          ip,
          { username },
          {
            level: "warn",
            category: "auth",
            event: "login failed",
            reason: user ? "bad_password" : "unknown_user",
            details: { knownDevice: device !== null },
          },
        );
        // The failure that reached a limit already answers 429, so the client learns when to retry.
        const lockout = Math.max(...states.map((state) => state.retryAfterSeconds));
        if (lockout > 0) throw tooManyAttempts(locale, "signIns", lockout);
        throw Response.json(
          { message: serverIntl(locale).formatMessage(messages.invalidCredentials) },
          { status: 401 },
        );
      }

      // A proven password ends the runs it was counted in; the address only gets this attempt back.
      await Promise.all(
        gates.map((gate) => (gate.onSuccess === "clear" ? gate.key.clear() : gate.key.undo(gate.policy))),
      );
      auditAct(context, ip, user, {
        category: "auth",
        event: "login succeeded",
        details: { knownDevice: device !== null },
      });
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
export async function authenticateCredentials(
  request: Request,
  context: AccountsContext,
  input: LoginInput,
): Promise<User> {
  const form = new FormData();
  form.set("username", input.username);
  form.set("password", input.password);
  const formRequest = new Request(request.url, { method: "POST", body: form });
  return createAuthenticator(context, request).authenticate("form", formRequest);
}
