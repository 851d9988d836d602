/**
 * "Confirm it's you" (issue 20; ADR 030): adding or removing a passkey and changing the email
 * address need a confirmation of the password or a passkey at most five minutes old, recorded on
 * the session row (`sess.confirmedAt`). A session starts confirmed (signing in or registering is
 * such a proof); afterwards only POST /api/auth/reauth confirms it again. So a stolen cookie, or a
 * browser left signed in, cannot quietly add a way in of its own or move the account's email.
 *
 * Confirming with the password is throttled per person (REAUTH_THROTTLE): whoever holds only the
 * cookie cannot use it to guess the password. A passkey confirmation is never throttled: there is
 * nothing to guess.
 */
import { eq, sql } from "drizzle-orm";
import * as z from "zod";
import { verifyPassword } from "#core/accounts/password.ts";
import type { Database } from "#db/client.ts";
import { type SessionData, sessions } from "#db/schema/accounts.ts";
import { ServiceError } from "#server/http/errors.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { AccountsContext } from "./authentication.ts";
import type { ActiveSession } from "./session.ts";
import { REAUTH_THROTTLE, retryAfter, throttle, throttleKeys, tooManyMessage } from "./throttle.ts";

/** How long a confirmation lasts. */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;

export const REAUTH_REQUIRED_CODE = "reauth_required";
export const REAUTH_REQUIRED =
  "For your security, confirm it’s you before you change this. Enter your password or use a passkey.";
const WRONG_PASSWORD = "The password is not right. Check it and try again.";
const ENTER_PASSWORD = "Enter your password";

/** Whether the session's latest confirmation is at most REAUTH_WINDOW_MS old at `now` (and not from the future). */
export function isRecentlyConfirmed(data: Pick<SessionData, "confirmedAt">, now: number): boolean {
  const at = data.confirmedAt;
  return typeof at === "number" && at <= now && now - at <= REAUTH_WINDOW_MS;
}

/** The refusal every guarded change answers when the confirmation is missing or stale: 403 `reauth_required`. */
function reauthRequired(): ServiceError {
  return new ServiceError(403, REAUTH_REQUIRED, REAUTH_REQUIRED_CODE);
}

/** Throws `reauthRequired()` unless the session was confirmed in the last five minutes. */
export function requireRecentConfirmation(session: Pick<ActiveSession, "data">, now: number): void {
  if (!isRecentlyConfirmed(session.data, now)) throw reauthRequired();
}

/**
 * Records a confirmation on the session row at `now`. Written with json_set, so a concurrent
 * sliding of the idle timeout (which rewrites `lastSeenAt`) cannot undo it, nor it the sliding.
 */
export async function markConfirmed(db: Database, sid: string, now: number): Promise<void> {
  await db
    .update(sessions)
    .set({ sess: sql`json_set(${sessions.sess}, '$.confirmedAt', ${now})` as unknown as SessionData })
    .where(eq(sessions.sid, sid));
}

export const PasswordConfirmation = z.object({ password: z.string().min(1, ENTER_PASSWORD).max(1024) }).strict();

/**
 * Confirms the session with the person's password: counted against their REAUTH_THROTTLE before
 * the hash is checked; a right password ends the run and records the confirmation. Throws a
 * ServiceError: 400 `wrong_password`, 429 `too_many_attempts` (with its wait in `retryAfter`).
 */
export async function confirmWithPassword(
  context: AccountsContext,
  session: ActiveSession,
  password: string,
  ip: string,
  now = Date.now(),
  field = "password",
): Promise<void> {
  const gate = throttle(context, throttleKeys.reauth(session.user.id));
  const state = await gate.attempt(REAUTH_THROTTLE);
  // Each row says how the person tried to confirm, as a passkey confirmation's rows do.
  const act = (level: "info" | "warn", event: string, reason?: string) =>
    auditAct(context, ip, session.user, { category: "auth", level, event, reason, details: { with: "password" } });
  if (!state.allowed) {
    act("warn", "confirmation refused", "throttled");
    throw new TooManyConfirmations(state.retryAfterSeconds);
  }
  if (!(await verifyPassword(password, session.user.passwordHash))) {
    act("warn", "confirmation failed", "bad_password");
    if (state.retryAfterSeconds > 0) throw new TooManyConfirmations(state.retryAfterSeconds);
    throw new FieldRefusal(WRONG_PASSWORD, "wrong_password", field);
  }
  await gate.clear();
  await markConfirmed(context.db, session.sid, now);
  act("info", "confirmation succeeded");
}

/** A 400 about one field of the form (its message shown beside that field). */
export class FieldRefusal extends ServiceError {
  readonly field: string;
  constructor(message: string, code: string, field: string) {
    super(400, message, code);
    this.field = field;
  }
}

/** 429 with the wait: too many wrong passwords in a row. */
class TooManyConfirmations extends ServiceError {
  readonly retryAfterSeconds: number;
  constructor(seconds: number) {
    super(429, tooManyMessage("wrong passwords", seconds), "too_many_attempts");
    this.retryAfterSeconds = retryAfter(seconds);
  }
}

/** A refusal of an account change as the API and the no-JS forms both say it. */
export interface AccountRefusal {
  status: number;
  message: string;
  code: string;
  /** The form field the message is about, when it is about one. */
  field?: string;
  /** On a 429: how long to wait. */
  retryAfterSeconds?: number;
}

/** A ServiceError thrown by an account change as an AccountRefusal; anything else is rethrown. */
export function accountRefusal(error: unknown): AccountRefusal {
  if (error instanceof TooManyConfirmations)
    return { status: 429, message: error.message, code: error.code, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof FieldRefusal)
    return { status: 400, message: error.message, code: error.code, field: error.field };
  if (error instanceof ServiceError) return { status: error.status, message: error.message, code: error.code };
  throw error;
}

/** A ServiceError as JSON, with Retry-After on a 429; anything else is rethrown. */
export function accountErrorResponse(error: unknown): Response {
  const { status, message, code, field, retryAfterSeconds } = accountRefusal(error);
  return Response.json(
    {
      message,
      code,
      ...(field ? { errors: { fieldErrors: { [field]: [message] }, formErrors: [] } } : {}),
    },
    { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {} },
  );
}
