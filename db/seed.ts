import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { hashPassword } from "#core/accounts/password.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#core/accounts/demo-accounts.ts";
import { demoAuthorityRecords } from "./demo-records.ts";
import { authorityRecords, users, verifierOrganisations } from "#db/schema/index.ts";

/** The demo verifier's organisation (issue 9): the registered name a citizen sees on a request. */
export const DEMO_ORGANISATION = { name: "Northbridge Recruitment Ltd", allowedChecks: ["rtw", "rtr", "dbs", "age"] };

// The account list lives in a client-safe module (the login page prefills from it); re-exported
// here so scripts keep importing the seed's view of the demo data.
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#core/accounts/demo-accounts.ts";

/** Inserts the demo accounts that are absent; leaves existing rows (and their passwords) alone. */
export async function seedDemoData(url: string, authToken?: string): Promise<{ created: string[] }> {
  const client = createClient({ url, authToken });
  try {
    const db = drizzle(client);
    const created: string[] = [];
    const present = await db
      .select({ username: users.username })
      .from(users)
      .where(inArray(users.username, DEMO_ACCOUNTS.map((a) => a.username)));
    const existing = new Set(present.map((row) => row.username));
    // Hashing costs ~150 ms each: only for accounts that are really missing.
    for (const account of DEMO_ACCOUNTS.filter((a) => !existing.has(a.username))) {
      const inserted = await db
        .insert(users)
        .values({ ...account, passwordHash: await hashPassword(DEMO_PASSWORD) })
        .onConflictDoNothing({ target: users.username })
        .returning({ username: users.username });
      created.push(...inserted.map((row) => row.username));
    }
    const [citizen] = await db.select({ id: users.id }).from(users).where(eq(users.username, "citizen"));
    if (citizen) {
      await db
        .insert(authorityRecords)
        .values(demoAuthorityRecords(citizen.id, new Date()))
        .onConflictDoNothing({ target: [authorityRecords.userId, authorityRecords.type] });
    }
    await db.insert(verifierOrganisations).values(DEMO_ORGANISATION).onConflictDoNothing({ target: verifierOrganisations.name });
    const [organisation] = await db.select({ id: verifierOrganisations.id }).from(verifierOrganisations).where(eq(verifierOrganisations.name, DEMO_ORGANISATION.name));
    await db.update(users).set({ organisationId: organisation!.id }).where(and(eq(users.username, "verifier"), isNull(users.organisationId)));
    return { created };
  } finally {
    client.close();
  }
}

