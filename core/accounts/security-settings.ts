/**
 * /profile's Security Settings forms, the part both sides share (issue 20): the `intent` each form
 * posts to /profile without JavaScript, the answer the page shows, and the sentences that say what
 * happened, which the page's JavaScript path shows in its toasts too. The work is in
 * server/accounts/security-forms.ts.
 */
import { defineMessages } from "@formatjs/intl";

const SECURITY_INTENTS = ["confirm-identity", "change-password", "sign-out-session", "sign-out-others"] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export const isSecurityIntent = (value: unknown): value is SecurityIntent =>
  (SECURITY_INTENTS as readonly unknown[]).includes(value);

/** What the page shows after a post: `title` heads the toast where JavaScript runs. */
export type SecurityFormAnswer =
  | { ok: true; intent: SecurityIntent; title: string; message: string }
  | { ok: false; intent: SecurityIntent; message: string; fieldErrors: Record<string, string[]> };

/** After a password change: every other session ends with it. */
export const PASSWORD_CHANGED_MESSAGES = defineMessages({
  changed: { id: "profile.security.passwordChanged", defaultMessage: "Your password has been changed." },
  signedOutElsewhere: {
    id: "profile.security.passwordChangedElsewhere",
    defaultMessage: "Your password has been changed. You have been signed out on your other devices.",
  },
});

export const SIGNED_OUT_MESSAGES = {
  ...defineMessages({}),
  ...defineMessages<{ elsewhere: { count: number }; one: { browser: string } }>({
    elsewhere: {
      id: "profile.security.signedOutElsewhere",
      defaultMessage:
        "{count, plural, one {# other session has been signed out.} other {# other sessions have been signed out.}}",
    },
    one: {
      id: "profile.security.signedOut",
      defaultMessage: "{browser} has been signed out.",
      description: "{browser} names the session signed out, e.g. 'Chrome on Windows'.",
    },
  }),
};

/** The toasts' titles. */
export const SECURITY_TITLES = defineMessages({
  confirmed: { id: "profile.security.confirmedTitle", defaultMessage: "Confirmed" },
  passwordChanged: { id: "profile.security.passwordChangedTitle", defaultMessage: "Password Changed" },
  signedOut: { id: "profile.security.signedOutTitle", defaultMessage: "Signed Out" },
  signedOutElsewhere: { id: "profile.security.signedOutElsewhereTitle", defaultMessage: "Signed Out Everywhere Else" },
});
