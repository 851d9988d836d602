/**
 * The demo accounts (spec 000 §6: one per role) and their shared password. Kept free of any
 * server import so the login page's Quick Demo Login can prefill from the same source the seed
 * (db/seed.ts) writes to the database: the two can never drift apart.
 */
import type { KnownRole } from "./schemas.ts";

/** The demo password for every demo account; printed by `npm start` and written in the README. */
export const DEMO_PASSWORD = "IdentityDemo2026";

export interface DemoAccount {
  username: string;
  role: KnownRole;
  firstName: string;
  lastName: string;
  email: string;
}

export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount> = [
  { username: "admin", role: "admin", firstName: "Admin", lastName: "User", email: "admin@demo.identity.gov.uk" },
  {
    username: "citizen",
    role: "citizen",
    firstName: "Sarah",
    lastName: "Thompson",
    email: "citizen@demo.identity.gov.uk",
  },
  {
    username: "verifier",
    role: "verifier",
    firstName: "James",
    lastName: "Patel",
    email: "verifier@demo.identity.gov.uk",
  },
  {
    username: "operator",
    role: "operator",
    firstName: "Priya",
    lastName: "Shah",
    email: "operator@demo.identity.gov.uk",
  },
  // Not one of the spec's four: an operator with supervisor authority, who approves dual-control
  // steps in assisted sessions (issue 10). Quick Demo Login's Operator button stays "operator".
  {
    username: "supervisor",
    role: "operator",
    firstName: "Daniel",
    lastName: "Okafor",
    email: "supervisor@demo.identity.gov.uk",
  },
];
