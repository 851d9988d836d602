import type { Database } from "#db/client.ts";
import { authorityRecords } from "#db/schema/index.ts";

/**
 * A person the Home Office knows only by a passport of their own (no account, issue 10): its
 * number and the unlinked Right to Work record that names it. For any test database (workerd
 * tests pass theirs, the browser tests the stack's).
 */
export async function passportHolder(
  db: Database,
  name = { given: "Margaret", family: "Tester" },
): Promise<{ number: string; recordId: string }> {
  const number = `P${crypto.randomUUID().replace(/-/g, "").slice(0, 11).toUpperCase()}`;
  const validUntil = new Date(Date.now() + 365 * 86_400_000);
  const [record] = await db
    .insert(authorityRecords)
    .values({
      userId: null,
      type: "rtw",
      issuerId: "home-office",
      documentType: "passport",
      documentNumber: number,
      validUntil,
      attributes: {
        given_name: name.given,
        family_name: name.family,
        birthdate: "1960-02-29",
        hasRightToWork: true,
        workRestrictions: "None",
        immigrationStatus: "British citizen",
        expiryDate: validUntil.toISOString().slice(0, 10),
      },
    })
    .returning();
  return { number, recordId: record!.id };
}
