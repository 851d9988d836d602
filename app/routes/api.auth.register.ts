import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/accounts.ts";
import { RegisterSchema } from "~/utils/account-schemas.ts";
import { audit } from "~/utils/audit.server.ts";
import { clientAddress, toPublicUser } from "~/utils/auth.server.ts";
import { isCommonPassword } from "~/utils/common-passwords.server.ts";
import { assertMethod, methodNotAllowed, readJsonBody, validationError } from "~/utils/json-api.server.ts";
import { hashPassword } from "~/utils/password.server.ts";
import { createSession } from "~/utils/session.server.ts";

const USERNAME_TAKEN = "Username already taken";
const EMAIL_TAKEN = "Email already registered";
const COMMON_PASSWORD = "This password is too common. Choose a password that is harder to guess.";

const conflict = (message: string) => json({ message }, { status: 409 });

/**
 * Spec 000 §7 POST /api/auth/register: 201 with the new user, signed in; 400 with zod's message
 * (spec 000 §5) or for a common password; 409 when the username or email is taken.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const parsed = RegisterSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return validationError(parsed.error);
  const input = parsed.data;
  if (isCommonPassword(input.password)) {
    return json({ message: COMMON_PASSWORD, errors: { fieldErrors: { password: [COMMON_PASSWORD] }, formErrors: [] } }, { status: 400 });
  }

  // Usernames differing only in case would let one account pass for another.
  const taken = await context.db.query.users.findFirst({
    columns: { username: true, email: true },
    where: (u, { or }) =>
      input.email ? or(eq(sql`lower(${u.username})`, input.username.toLowerCase()), eq(u.email, input.email)) : eq(sql`lower(${u.username})`, input.username.toLowerCase()),
  });
  if (taken) return conflict(taken.username.toLowerCase() === input.username.toLowerCase() ? USERNAME_TAKEN : EMAIL_TAKEN);

  let user;
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
    const text = String((error as { cause?: unknown })?.cause ?? error);
    if (/UNIQUE constraint failed: (users\.username|index 'users_username_lower_idx')/.test(text)) return conflict(USERNAME_TAKEN);
    if (/UNIQUE constraint failed: users\.email/.test(text)) return conflict(EMAIL_TAKEN);
    throw error;
  }
  if (!user) throw new Error("insert returned no row");

  audit(context, { level: "info", category: "auth", event: "account registered", username: user.username, userId: user.id, ip: clientAddress(request) });
  const { setCookie } = await createSession(request, context, user.id);
  return json(toPublicUser(user), { status: 201, headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
