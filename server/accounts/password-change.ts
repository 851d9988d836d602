/**
 * Changing the password from /profile's Security Settings (issue 20; ADR 030): the current password
 * is required (checked as "Confirm it's you" checks it, throttled per person); the new one meets
 * the registration rules (RegisterSchema's length, not one of the commonest); every other session
 * of the person ends in the same transaction as the new hash, and Recent Activity says so.
 */
import { eq } from "drizzle-orm";
import * as z from "zod";
import { hashPassword } from "#core/accounts/password.ts";
import { RegisterSchema } from "#core/accounts/schemas.ts";
import { sessions, users } from "#db/schema/accounts.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import type { AccountsContext } from "./authentication.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { confirmWithPassword, FieldRefusal } from "./reauth.ts";
import { COMMON_PASSWORD } from "./registration.ts";
import { securityNotice } from "./security-notices.ts";
import type { ActiveSession } from "./session.ts";
import { otherSessionsOf } from "./signed-in-sessions.ts";

const ENTER_CURRENT_PASSWORD = "Enter your current password";
const SAME_PASSWORD = "Your new password must be different from your current password";

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, ENTER_CURRENT_PASSWORD).max(1024),
    newPassword: RegisterSchema.shape.password,
  })
  .strict();
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/**
 * Changes `session`'s person's password. Throws a ServiceError: 400 for a wrong current password
 * (`wrong_password`, on `currentPassword`), a common or unchanged new one (on `newPassword`); 429
 * after too many wrong ones. Answers how many other sessions were signed out.
 */
export async function changePassword(
  context: AccountsContext,
  session: ActiveSession,
  input: ChangePasswordInput,
  ip: string,
  now = new Date(),
): Promise<{ signedOut: number }> {
  if (isCommonPassword(input.newPassword)) throw new FieldRefusal(COMMON_PASSWORD, "common_password", "newPassword");
  if (input.newPassword === input.currentPassword)
    throw new FieldRefusal(SAME_PASSWORD, "same_password", "newPassword");
  await confirmWithPassword(context, session, input.currentPassword, ip, now.getTime(), "currentPassword");
  const userId = session.user.id;
  const passwordHash = await hashPassword(input.newPassword);
  // One transaction: the new hash, every other session ended, the notice.
  const [, ended] = await context.db.batch([
    context.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)),
    otherSessionsOf(context.db, userId, session.sid).returning({ sid: sessions.sid }),
    securityNotice(context.db, userId, "password_changed", now),
  ]);
  auditAct(context, ip, session.user, {
    category: "auth",
    event: "password changed",
    details: { otherSessionsEnded: ended.length },
  });
  return { signedOut: ended.length };
}
