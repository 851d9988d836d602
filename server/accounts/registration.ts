import { defineMessages } from "@formatjs/intl";
import { eq, or, sql } from "drizzle-orm";
import { hashPassword } from "#core/accounts/password.ts";
import type { RegisterInput } from "#core/accounts/schemas.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { type User, users } from "#db/schema/accounts.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { AccountsContext } from "./authentication.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { REGISTRATION_THROTTLE, retryAfter, throttle, throttleKeys } from "./throttle.ts";
import { throttledMessage } from "./throttled-words.ts";

const messages = defineMessages({
  usernameTaken: { id: "accounts.register.usernameTaken", defaultMessage: "Username already taken" },
  // Says plainly that the address has an account (spec 000: clear errors). Registration is
  // throttled per address, which bounds how fast anyone can probe for addresses this way.
  emailTaken: { id: "accounts.register.emailTaken", defaultMessage: "Email already registered" },
  commonPassword: {
    id: "accounts.register.commonPassword",
    defaultMessage: "This password is too common. Choose a password that is harder to guess.",
  },
});

export const COMMON_PASSWORD = messages.commonPassword.defaultMessage;

export type RegistrationResult =
  | { ok: true; user: User }
  | { ok: false; reason: "common-password"; status: 400; message: string; fieldErrors: { password: string[] } }
  | { ok: false; reason: "username-taken" | "email-taken"; status: 409; message: string }
  | { ok: false; reason: "throttled"; status: 429; message: string; retryAfterSeconds: number };

const taken = (reason: "username-taken" | "email-taken", locale: Locale): RegistrationResult => ({
  ok: false,
  reason,
  status: 409,
  message: serverIntl(locale).formatMessage(reason === "username-taken" ? messages.usernameTaken : messages.emailTaken),
});

/**
 * Creates a citizen account from validated input (RegisterSchema): refuses the commonest
 * passwords, throttles per client address, refuses a username taken in any case or an email
 * already registered, and writes the audit line. One place for the rules, whether the request
 * came as JSON (POST /api/auth/register) or as the no-JS form (/register). Signing the new user
 * in is the caller's, as it needs the request. A refusal's message is in `locale` (the page's).
 */
export async function registerAccount(
  context: AccountsContext,
  input: RegisterInput,
  clientAddress: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<RegistrationResult> {
  if (isCommonPassword(input.password)) {
    const commonPassword = serverIntl(locale).formatMessage(messages.commonPassword);
    return {
      ok: false,
      reason: "common-password",
      status: 400,
      message: commonPassword,
      fieldErrors: { password: [commonPassword] },
    };
  }

  // Every attempt that gets this far counts, successful or not: a 409 also answers "is this taken?".
  const gate = await throttle(context, throttleKeys.registration(clientAddress)).attempt(REGISTRATION_THROTTLE);
  if (!gate.allowed) {
    auditAct(
      context,
      clientAddress,
      { username: input.username },
      { level: "warn", category: "auth", event: "registration refused", reason: "throttled" },
    );
    const message = throttledMessage(locale, "registrations", gate.retryAfterSeconds);
    return {
      ok: false,
      reason: "throttled",
      status: 429,
      message,
      retryAfterSeconds: retryAfter(gate.retryAfterSeconds),
    };
  }

  // Usernames differing only in case would let one account pass for another; SQLite's lower() on
  // both sides, as the users_username_lower_idx unique index compares them.
  const sameName = eq(sql`lower(${users.username})`, sql`lower(${input.username})`);
  const existing = await context.db.query.users.findFirst({
    columns: { username: true },
    where: input.email ? or(sameName, eq(users.email, input.email)) : sameName,
  });
  if (existing)
    return taken(
      existing.username.toLowerCase() === input.username.toLowerCase() ? "username-taken" : "email-taken",
      locale,
    );

  let user: User | undefined;
  try {
    [user] = await context.db
      .insert(users)
      .values({
        username: input.username,
        email: input.email ?? null,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        role: "citizen",
      })
      .returning();
  } catch (error) {
    // Two sign-ups racing past the check above: the unique indexes decide.
    if (isUniqueViolation(error, "users.username", "users_username_lower_idx")) return taken("username-taken", locale);
    if (isUniqueViolation(error, "users.email")) return taken("email-taken", locale);
    throw error;
  }
  if (!user) throw new Error("insert returned no row");

  auditAct(context, clientAddress, user, { category: "auth", event: "account registered" });
  return { ok: true, user };
}

/** The JSON API's answer for a refused registration (spec 000 §7, §8: a `message` to show). */
export function registrationRefused(result: Exclude<RegistrationResult, { ok: true }>): Response {
  switch (result.reason) {
    case "common-password":
      return Response.json(
        { message: result.message, errors: { fieldErrors: result.fieldErrors, formErrors: [] } },
        { status: 400 },
      );
    case "throttled":
      return Response.json(
        { message: result.message },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    default:
      return Response.json({ message: result.message }, { status: result.status });
  }
}
