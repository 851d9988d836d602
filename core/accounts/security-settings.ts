/**
 * /profile's Security Settings forms, the part both sides share (issue 20): the `intent` each form
 * posts to /profile without JavaScript, the answer the page shows, and the sentences that say what
 * happened, which the page's JavaScript path shows in its toasts too. The work is in
 * server/accounts/security-forms.ts.
 */
const SECURITY_INTENTS = ["confirm-identity", "change-password", "sign-out-session", "sign-out-others"] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export const isSecurityIntent = (value: unknown): value is SecurityIntent =>
  (SECURITY_INTENTS as readonly unknown[]).includes(value);

/** What the page shows after a post: `title` heads the toast where JavaScript runs. */
export type SecurityFormAnswer =
  | { ok: true; intent: SecurityIntent; title: string; message: string }
  | { ok: false; intent: SecurityIntent; message: string; fieldErrors: Record<string, string[]> };

/** After a password change: every other session ends with it. */
export function passwordChangedMessage(signedOut: number): string {
  return signedOut > 0
    ? "Your password has been changed. You have been signed out on your other devices."
    : "Your password has been changed.";
}

/** After "Sign out everywhere else". */
export function signedOutElsewhereMessage(signedOut: number): string {
  return signedOut === 1 ? "1 other session has been signed out." : `${signedOut} other sessions have been signed out.`;
}

/** After one session was signed out: it is named by its browser. */
export const signedOutMessage = (browser: string): string => `${browser} has been signed out.`;
