import { assistedOffices, authorityRecords, operatorProfiles } from "#db/schema/index.ts";
import { db, registerUserWithRole, uniqueName } from "./web-client.ts";

/** An office of its own with an operator and a supervisor operator, both signed in (issue 10). */
export async function office() {
  const [row] = await db().insert(assistedOffices).values({ name: `Office ${crypto.randomUUID()}`, address: "2 Test Road" }).returning();
  const staff = async (supervisor: boolean) => {
    const account = await registerUserWithRole("operator");
    await db().insert(operatorProfiles).values({ userId: account.user.id, officeId: row!.id, title: supervisor ? "Supervisor" : "Support Operator", authorisationLevel: supervisor ? 3 : 2, supervisor });
    return account;
  };
  return { officeId: row!.id, operator: await staff(false), supervisor: await staff(true) };
}

/**
 * A person the Home Office knows only by a passport of their own (no account): its number and
 * the unlinked Right to Work record that names it.
 */
export async function passportHolder(name = { given: "Margaret", family: "Tester" }) {
  const number = uniqueName("P").toUpperCase().slice(0, 12);
  const validUntil = new Date(Date.now() + 365 * 86_400_000);
  const [record] = await db()
    .insert(authorityRecords)
    .values({
      userId: null,
      type: "rtw",
      issuerId: "home-office",
      documentType: "passport",
      documentNumber: number,
      validUntil,
      attributes: { given_name: name.given, family_name: name.family, birthdate: "1960-02-29", hasRightToWork: true, workRestrictions: "None", immigrationStatus: "British citizen", expiryDate: validUntil.toISOString().slice(0, 10) },
    })
    .returning();
  return { number, recordId: record!.id };
}
