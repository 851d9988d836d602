import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { hashPassword } from "../app/utils/password.server.ts";
import { users, type Role } from "./schema/index.ts";

/** The demo password for every demo account; printed by `npm start` and written in the README. */
export const DEMO_PASSWORD = "IdentityDemo2026";

export const DEMO_ACCOUNTS: ReadonlyArray<{
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
}> = [
  { username: "admin", role: "admin", firstName: "Admin", lastName: "User", email: "admin@demo.identity.gov.uk" },
  { username: "citizen", role: "citizen", firstName: "Sarah", lastName: "Thompson", email: "citizen@demo.identity.gov.uk" },
  { username: "verifier", role: "verifier", firstName: "James", lastName: "Patel", email: "verifier@demo.identity.gov.uk" },
  { username: "operator", role: "operator", firstName: "Priya", lastName: "Shah", email: "operator@demo.identity.gov.uk" },
];

/** Inserts the demo accounts that are absent; leaves existing rows (and their passwords) alone. */
export async function seedDemoData(url: string, authToken?: string): Promise<{ created: string[] }> {
  const client = createClient({ url, authToken });
  try {
    const db = drizzle(client);
    const created: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      const inserted = await db
        .insert(users)
        .values({ ...account, passwordHash: await hashPassword(DEMO_PASSWORD) })
        .onConflictDoNothing({ target: users.username })
        .returning({ username: users.username });
      created.push(...inserted.map((row) => row.username));
    }
    return { created };
  } finally {
    client.close();
  }
}
