/**
 * The demo accounts (spec 000 §6: one per role) and their shared password: what the seed
 * (db/seed.ts) writes, and what the login page's Quick Demo Login fills in. Only on a deployment
 * that says it is a demo (DEMO_MODE, ADR 028), and only through the page's loader: never in the
 * browser bundle, so a production build ships no demo password.
 */
import type { KnownRole } from "#core/accounts/users.ts";

/**
 * Whether a deployment is a demo: its DEMO_MODE says exactly "true" (the web worker's binding; the
 * seed's option). Anything else, unset included, is production.
 */
export const isDemoDeployment = (demoMode: string | undefined): boolean => demoMode === "true";

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
