import { createClient } from "@libsql/client";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { hashPassword } from "#core/accounts/password.ts";
import {
  assistedOffices,
  authorityRecords,
  officeContacts,
  operatorProfiles,
  trustListEntries,
  trustListEvents,
  users,
  verifierOrganisations,
} from "#db/schema/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDemoDeployment } from "./demo-accounts.ts";
import { demoAuthorityRecords, walkInAuthorityRecords } from "./demo-records.ts";

/** The demo verifier's organisation (issue 9): the registered name a citizen sees on a request. */
export const DEMO_ORGANISATION = { name: "Northbridge Recruitment Ltd", allowedChecks: ["rtw", "rtr", "dbs", "age"] };

/** The demo operators' office (issue 10), its emergency contacts, and the operators' standing there. */
export const DEMO_OFFICE = {
  name: "Northbridge Council Customer Service Centre",
  address: "1 Civic Square, Northbridge NB1 1AA",
};
const DEMO_CONTACTS = [
  {
    name: "Duty Supervisor",
    role: "Dual-control approvals and escalations",
    phone: "0300 123 4501",
    hours: "Opening hours",
  },
  { name: "Safeguarding Team", role: "A client at risk or under pressure", phone: "0300 123 4502", hours: "24 hours" },
  {
    name: "Identity Fraud Desk",
    role: "A document that looks forged or altered",
    phone: "0300 123 4503",
    hours: "Mon–Fri 8:00–18:00",
  },
  {
    name: "Platform Service Desk",
    role: "The console or a device not working",
    phone: "0300 123 4504",
    hours: "24 hours",
  },
];
const DEMO_OPERATORS = [
  { username: "operator", title: "Senior Support Operator", authorisationLevel: 2, supervisor: false },
  { username: "supervisor", title: "Customer Service Supervisor", authorisationLevel: 3, supervisor: true },
];

// Re-exported so scripts and tests keep importing the seed's view of the demo data.
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts.ts";

/**
 * Inserts the demo accounts that are absent; leaves existing rows (and their passwords) alone.
 * Only on a demo deployment (`demoMode` "true", the web worker's DEMO_MODE): anything else is
 * production, where demo accounts with a published password must never exist (ADR 028), and it
 * refuses before touching the database.
 */
export async function seedDemoData(
  url: string,
  authToken: string | undefined,
  options: {
    demoMode: string | undefined;
    /**
     * The base the demo organisation's client identifier is fixed to (the stack's own origin). Its
     * attestation is the web worker's to sign (ADR 034): the stack runs the worker's renewal once
     * it is up. Without a base it stays unattested (tests that make their own organisations).
     */
    identifierBase?: string;
    /**
     * The demo's mdoc IACA root (base64 DER, scripts/issuer-keys.ts generateDemoIacaSecret): put
     * on the trust list as active for the checks an mDL or a PID answers, once (ADR 050).
     */
    mdocIacaRoot?: string;
  },
): Promise<{ created: string[] }> {
  if (!isDemoDeployment(options.demoMode))
    throw new Error('The demo seed runs only on a demo deployment (DEMO_MODE "true"): no demo accounts in production');
  const client = createClient({ url, authToken });
  try {
    const db = drizzle(client);
    const created: string[] = [];
    const present = await db
      .select({ username: users.username })
      .from(users)
      .where(
        inArray(
          users.username,
          DEMO_ACCOUNTS.map((a) => a.username),
        ),
      );
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
    await db
      .insert(authorityRecords)
      .values(walkInAuthorityRecords(new Date()))
      .onConflictDoNothing({ target: authorityRecords.id });
    await db
      .insert(verifierOrganisations)
      .values({ ...DEMO_ORGANISATION, identifierBase: options.identifierBase ?? null })
      .onConflictDoNothing({ target: verifierOrganisations.name });
    // A database seeded before ADR 034 gets its base now; one already fixed keeps it.
    if (options.identifierBase)
      await db
        .update(verifierOrganisations)
        .set({ identifierBase: options.identifierBase })
        .where(
          and(eq(verifierOrganisations.name, DEMO_ORGANISATION.name), isNull(verifierOrganisations.identifierBase)),
        );
    const [organisation] = await db
      .select({ id: verifierOrganisations.id })
      .from(verifierOrganisations)
      .where(eq(verifierOrganisations.name, DEMO_ORGANISATION.name));
    await db
      .update(users)
      .set({ organisationId: organisation!.id })
      .where(and(eq(users.username, "verifier"), isNull(users.organisationId)));
    if (options.mdocIacaRoot) await seedDemoIaca(db, options.mdocIacaRoot);
    await db.insert(assistedOffices).values(DEMO_OFFICE).onConflictDoNothing({ target: assistedOffices.name });
    const [office] = await db
      .select({ id: assistedOffices.id })
      .from(assistedOffices)
      .where(eq(assistedOffices.name, DEMO_OFFICE.name));
    await db
      .insert(officeContacts)
      .values(DEMO_CONTACTS.map((contact, position) => ({ ...contact, position, officeId: office!.id })))
      .onConflictDoNothing();
    const operators = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        inArray(
          users.username,
          DEMO_OPERATORS.map((o) => o.username),
        ),
      );
    const profiles = DEMO_OPERATORS.flatMap(({ username, ...standing }) => {
      const user = operators.find((o) => o.username === username);
      return user ? [{ ...standing, userId: user.id, officeId: office!.id }] : [];
    });
    await db.insert(operatorProfiles).values(profiles).onConflictDoNothing();
    return { created };
  } finally {
    client.close();
  }
}

/**
 * The demo IACA root as an active trust list entry, with its audit event: made by the platform (no
 * proposer, no approver), as no administrator made it. Once per certificate.
 */
async function seedDemoIaca(db: LibSQLDatabase, certificate: string): Promise<void> {
  const [known] = await db
    .select({ id: trustListEntries.id })
    .from(trustListEntries)
    .where(eq(trustListEntries.certificate, certificate))
    .limit(1);
  if (known) return;
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(trustListEntries).values({
      id,
      kind: "mdoc_iaca_root",
      certificate,
      name: "DVLA Demo IACA",
      checks: ["age", "driving_licence", "identity"],
      state: "active",
      approvedAt: new Date(),
    }),
    db.insert(trustListEvents).values({ entryId: id, action: "approved", reason: "demo seed" }),
  ]);
}
