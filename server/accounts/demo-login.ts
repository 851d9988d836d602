/**
 * Quick Demo Login (spec 000 §2) only where the deployment says it is a demo: the web worker's
 * binding DEMO_MODE is "true" (`npm start` and the browser tests' stacks set it; production's
 * wrangler.toml says "false"). The accounts and their password reach the page through its loader
 * alone, so the browser bundle carries no demo password and a production page shows none (ADR 028).
 * Its words come the same way, in the page's language: a page with no demo block carries none.
 */
import { defineMessages } from "@formatjs/intl";
import type { KnownRole } from "#core/accounts/users.ts";
import type { Locale } from "#core/i18n/locales.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDemoDeployment } from "#db/demo-accounts.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

const messages = defineMessages({
  heading: { id: "accounts.login.demoHeading", defaultMessage: "Quick Demo Login" },
  text: {
    id: "accounts.login.demoText",
    defaultMessage: "Fill the form with a demo account for each role, then sign in.",
  },
  admin: {
    id: "accounts.login.demoAdmin",
    defaultMessage: "Admin User",
    description: "Demo account button: an administrator",
  },
  citizen: {
    id: "accounts.login.demoCitizen",
    defaultMessage: "Citizen",
    description: "Demo account button: a member of the public",
  },
  verifier: {
    id: "accounts.login.demoVerifier",
    defaultMessage: "Verifier",
    description: "Demo account button: an organisation that checks credentials",
  },
  operator: {
    id: "accounts.login.demoOperator",
    defaultMessage: "Operator",
    description: "Demo account button: counter staff who help people",
  },
});

/** The demo block's heading, its line, and the button labels (spec 000 §2), one per role. */
export interface DemoWords {
  heading: string;
  text: string;
  labels: Record<KnownRole, string>;
}

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

/** The demo block's words in `locale`, or null when the deployment is not a demo (no block to word). */
export function demoWords(env: { DEMO_MODE?: string | undefined }, locale: Locale): DemoWords | null {
  if (!isDemoDeployment(env.DEMO_MODE)) return null;
  const intl = serverIntl(locale);
  return {
    heading: intl.formatMessage(messages.heading),
    text: intl.formatMessage(messages.text),
    labels: {
      admin: intl.formatMessage(messages.admin),
      citizen: intl.formatMessage(messages.citizen),
      verifier: intl.formatMessage(messages.verifier),
      operator: intl.formatMessage(messages.operator),
    },
  };
}
