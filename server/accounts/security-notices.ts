/**
 * The notices in a person's Recent Activity (the dashboard's, from wallet_events) when their way in
 * changes: a passkey added or removed, the password changed (issue 20). Someone who did not make the
 * change learns of it the next time they look.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import type { Database } from "#db/client.ts";
import { walletEvents } from "#db/schema/index.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

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

const messages = defineMessages({
  passkeyAdded: { id: "server.citizen.security.passkeyAdded", defaultMessage: "Passkey added" },
  passkeyAddedNamed: {
    id: "server.citizen.security.passkeyAddedNamed",
    defaultMessage: "“{name}” can now sign you in. If this was not you, change your password now.",
    description: "{name}: the name the person gave the passkey",
  },
  passkeyAddedUnnamed: {
    id: "server.citizen.security.passkeyAddedUnnamed",
    defaultMessage: "A passkey can now sign you in. If this was not you, change your password now.",
  },
  passkeyRemoved: { id: "server.citizen.security.passkeyRemoved", defaultMessage: "Passkey removed" },
  passkeyRemovedNamed: {
    id: "server.citizen.security.passkeyRemovedNamed",
    defaultMessage: "“{name}” can no longer sign you in.",
    description: "{name}: the name the person gave the passkey",
  },
  passkeyRemovedUnnamed: {
    id: "server.citizen.security.passkeyRemovedUnnamed",
    defaultMessage: "A passkey can no longer sign you in.",
  },
  passwordChanged: { id: "server.citizen.security.passwordChanged", defaultMessage: "Password changed" },
  passwordChangedDetail: {
    id: "server.citizen.security.passwordChangedDetail",
    defaultMessage:
      "Your password was changed and your other sessions were signed out. If this was not you, change your password now.",
  },
  changed: { id: "server.citizen.security.changed", defaultMessage: "Security settings changed" },
  notYou: { id: "server.citizen.security.notYou", defaultMessage: "If this was not you, change your password now." },
});

/** How the notice reads in Recent Activity, in `locale`. */
export function describeSecurityChange(
  detail: Record<string, unknown>,
  locale: Locale = DEFAULT_LOCALE,
): {
  title: string;
  description: string;
  tone: "info" | "warn";
} {
  const intl = serverIntl(locale);
  const say = (words: MessageDescriptor, values?: Record<string, string>) => intl.formatMessage(words, values);
  const name = typeof detail.name === "string" && detail.name ? detail.name.slice(0, 60) : null;
  switch (detail.change) {
    case "passkey_added":
      return {
        tone: "warn",
        title: say(messages.passkeyAdded),
        description: name ? say(messages.passkeyAddedNamed, { name }) : say(messages.passkeyAddedUnnamed),
      };
    case "passkey_removed":
      return {
        tone: "info",
        title: say(messages.passkeyRemoved),
        description: name ? say(messages.passkeyRemovedNamed, { name }) : say(messages.passkeyRemovedUnnamed),
      };
    case "password_changed":
      return {
        tone: "warn",
        title: say(messages.passwordChanged),
        description: say(messages.passwordChangedDetail),
      };
    default:
      return {
        tone: "info",
        title: say(messages.changed),
        description: say(messages.notYou),
      };
  }
}
