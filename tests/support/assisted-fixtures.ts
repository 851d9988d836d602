import { assistedOffices, operatorProfiles } from "#db/schema/index.ts";
import { passportHolder as insertPassportHolder } from "./passport-fixtures.ts";
import { registerUserWithRole } from "./web-client.ts";
import { db } from "./workerd-database.ts";

/** An office of its own with an operator and a supervisor operator, both signed in (issue 10). */
export async function office() {
  const [row] = await db()
    .insert(assistedOffices)
    .values({ name: `Office ${crypto.randomUUID()}`, address: "2 Test Road" })
    .returning();
  const staff = async (supervisor: boolean) => {
    const account = await registerUserWithRole("operator");
    await db()
      .insert(operatorProfiles)
      .values({
        userId: account.user.id,
        officeId: row!.id,
        title: supervisor ? "Supervisor" : "Support Operator",
        authorisationLevel: supervisor ? 3 : 2,
        supervisor,
      });
    return account;
  };
  return { officeId: row!.id, operator: await staff(false), supervisor: await staff(true) };
}

/** A walk-in known to the Home Office by passport only (tests/support/passport-fixtures.ts), in the web tests' database. */
export const passportHolder = (name?: { given: string; family: string }) => insertPassportHolder(db(), name);
