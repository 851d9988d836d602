/**
 * Quick Demo Login (spec 000 §2) only where the deployment says it is a demo: the web worker's
 * binding DEMO_MODE is "true" (`npm start` and the browser tests' stacks set it; production's
 * wrangler.toml says "false"). The accounts and their password reach the page through its loader
 * alone, so the browser bundle carries no demo password and a production page shows none (ADR 028).
 */
import type { KnownRole } from "#core/accounts/schemas.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDemoDeployment } from "#db/demo-accounts.ts";

export interface DemoLogin {
  role: KnownRole;
  username: string;
  password: string;
}

/** The spec's four roles, in its order; the supervisor is a demo account, but not a button. */
const DEMO_ROLES: readonly KnownRole[] = ["admin", "citizen", "verifier", "operator"];

/** The demo block's accounts, one per role, or null when the deployment is not a demo. */
export function demoLogins(env: { DEMO_MODE?: string | undefined }): DemoLogin[] | null {
  if (!isDemoDeployment(env.DEMO_MODE)) return null;
  return DEMO_ROLES.flatMap((role) => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role);
    return account ? [{ role, username: account.username, password: DEMO_PASSWORD }] : [];
  });
}
