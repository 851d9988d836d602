/**
 * The notices in a person's Recent Activity (the dashboard's, from wallet_events) when their way in
 * changes: a passkey added or removed, the password changed (issue 20). Someone who did not make the
 * change learns of it the next time they look.
 */
import type { Database } from "#db/client.ts";
import { walletEvents } from "#db/schema/index.ts";

/** The kind of the wallet_events row. */
export const SECURITY_CHANGED = "security_changed";

export type SecurityChange = "passkey_added" | "passkey_removed" | "password_changed";

/** The row to insert (in the same batch as the change where the caller can). */
export function securityNotice(db: Database, userId: string, change: SecurityChange, now: Date, name?: string) {
  return db.insert(walletEvents).values({
    userId,
    kind: SECURITY_CHANGED,
    detail: { change, ...(name ? { name } : {}) },
    createdAt: now,
  });
}

const NOT_YOU = "If this was not you, change your password now.";

/** How the notice reads in Recent Activity. */
export function describeSecurityChange(detail: Record<string, unknown>): {
  title: string;
  description: string;
  tone: "info" | "warn";
} {
  const name = typeof detail.name === "string" && detail.name ? `“${detail.name.slice(0, 60)}”` : "A passkey";
  switch (detail.change) {
    case "passkey_added":
      return { tone: "warn", title: "Passkey added", description: `${name} can now sign you in. ${NOT_YOU}` };
    case "passkey_removed":
      return { tone: "info", title: "Passkey removed", description: `${name} can no longer sign you in.` };
    case "password_changed":
      return {
        tone: "warn",
        title: "Password changed",
        description: `Your password was changed and your other sessions were signed out. ${NOT_YOU}`,
      };
    default:
      return { tone: "info", title: "Security settings changed", description: NOT_YOU };
  }
}
