/**
 * Audit rows (system_logs, written by server/observability/audit.ts) as people read them: the
 * admin's System Events ("Sign-in: admin") and a citizen's own Recent Activity ("Signed in").
 * Built from the structured fields the rows carry (`metadata.event`, `metadata.reason`, the
 * user the row is about), never by showing the raw log line.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { capitalise, inWords } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

export interface AuditRow {
  level: string;
  category: string;
  metadata: Record<string, unknown> | null;
  /** The account the row is about, when it names one that exists. */
  username: string | null;
}

export interface DescribedEvent {
  title: string;
  detail: string;
  tone: Tone;
}

/** Whose view: an administrator reading everyone's events, or the person reading their own. */
export type Perspective = "admin" | "self";

/** What a person reads of their own account's events (and the details an administrator reads too), in their language. */
const messages = defineMessages({
  signedIn: { id: "server.citizen.audit.signedIn", defaultMessage: "Signed in" },
  withPassword: { id: "server.citizen.audit.withPassword", defaultMessage: "With username and password" },
  failedSignIn: { id: "server.citizen.audit.failedSignIn", defaultMessage: "Failed sign-in to your account" },
  signInRefused: { id: "server.citizen.audit.signInRefused", defaultMessage: "Sign-in refused" },
  signInBlocked: { id: "server.citizen.audit.signInBlocked", defaultMessage: "Sign-in to your account blocked" },
  accountCreated: { id: "server.citizen.audit.accountCreated", defaultMessage: "Account created" },
  registered: { id: "server.citizen.audit.registered", defaultMessage: "Registered with username and password" },
  registrationBlocked: { id: "server.citizen.audit.registrationBlocked", defaultMessage: "Registration blocked" },
  registrationRefused: { id: "server.citizen.audit.registrationRefused", defaultMessage: "Registration refused" },
  signedOut: { id: "server.citizen.audit.signedOut", defaultMessage: "Signed out" },
  sessionEnded: { id: "server.citizen.audit.sessionEnded", defaultMessage: "Session ended" },
  accessRefused: { id: "server.citizen.audit.accessRefused", defaultMessage: "Access refused" },
  notAllowed: { id: "server.citizen.audit.notAllowed", defaultMessage: "Not allowed" },
  accountActivity: {
    id: "server.citizen.audit.accountActivity",
    defaultMessage: "Account activity",
    description: "A row of the account's log whose kind the service does not know",
  },
  wrongPassword: { id: "server.citizen.audit.wrongPassword", defaultMessage: "Wrong password" },
  unknownUser: { id: "server.citizen.audit.unknownUser", defaultMessage: "No account has this username" },
  throttled: { id: "server.citizen.audit.throttled", defaultMessage: "Too many attempts: paused for a while" },
});

/** A person's own account events with no sentence of their own above: their title (the English is the event's name). */
const eventTitles = defineMessages({
  passkeySignIn: { id: "server.citizen.audit.event.passkeySignIn", defaultMessage: "Passkey sign-in succeeded" },
  passkeySignInFailed: {
    id: "server.citizen.audit.event.passkeySignInFailed",
    defaultMessage: "Passkey sign-in failed",
  },
  passkeyAdded: { id: "server.citizen.audit.event.passkeyAdded", defaultMessage: "Passkey added" },
  passkeyRemoved: { id: "server.citizen.audit.event.passkeyRemoved", defaultMessage: "Passkey removed" },
  passkeyRefused: {
    id: "server.citizen.audit.event.passkeyRefused",
    defaultMessage: "Passkey registration refused",
  },
  confirmed: {
    id: "server.citizen.audit.event.confirmed",
    defaultMessage: "Confirmation succeeded",
    description: "The person confirmed it was them (password or passkey) before a change",
  },
  confirmationFailed: { id: "server.citizen.audit.event.confirmationFailed", defaultMessage: "Confirmation failed" },
  confirmationRefused: { id: "server.citizen.audit.event.confirmationRefused", defaultMessage: "Confirmation refused" },
  passwordChanged: { id: "server.citizen.audit.event.passwordChanged", defaultMessage: "Password changed" },
  sessionSignedOut: { id: "server.citizen.audit.event.sessionSignedOut", defaultMessage: "Session signed out" },
  otherSessionsSignedOut: {
    id: "server.citizen.audit.event.otherSessionsSignedOut",
    defaultMessage: "Other sessions signed out",
  },
  shareRevoked: { id: "server.citizen.audit.event.shareRevoked", defaultMessage: "Share revoked" },
});

const EVENT_TITLES: Readonly<Record<string, MessageDescriptor>> = {
  "passkey sign-in succeeded": eventTitles.passkeySignIn,
  "passkey sign-in failed": eventTitles.passkeySignInFailed,
  "passkey added": eventTitles.passkeyAdded,
  "passkey removed": eventTitles.passkeyRemoved,
  "passkey registration refused": eventTitles.passkeyRefused,
  "confirmation succeeded": eventTitles.confirmed,
  "confirmation failed": eventTitles.confirmationFailed,
  "confirmation refused": eventTitles.confirmationRefused,
  "password changed": eventTitles.passwordChanged,
  "session signed out": eventTitles.sessionSignedOut,
  "other sessions signed out": eventTitles.otherSessionsSignedOut,
  "share revoked": eventTitles.shareRevoked,
};

const REASONS: Readonly<Record<string, MessageDescriptor>> = {
  bad_password: messages.wrongPassword,
  unknown_user: messages.unknownUser,
  throttled: messages.throttled,
};

/** The username a row names: the account it is about, else the one typed (a failed sign-in for an unknown name). */
function nameOf(row: AuditRow): string | null {
  if (row.username) return row.username;
  return typeof row.metadata?.username === "string" ? row.metadata.username : null;
}

/**
 * One row as `perspective` reads it, in `locale`: the person's own rows in their language; an
 * administrator's titles (which name the account) stay English.
 */
export function describeAuditEvent(
  row: AuditRow,
  perspective: Perspective,
  locale: Locale = DEFAULT_LOCALE,
): DescribedEvent {
  const intl = serverIntl(locale);
  const say = (words: MessageDescriptor) => intl.formatMessage(words);
  const event = typeof row.metadata?.event === "string" ? row.metadata.event : "activity";
  const reason = typeof row.metadata?.reason === "string" ? row.metadata.reason : null;
  const who = nameOf(row) ?? "unknown";
  const admin = perspective === "admin";
  const english = locale === DEFAULT_LOCALE;
  const because = (fallback: MessageDescriptor) =>
    say(reason && Object.hasOwn(REASONS, reason) ? REASONS[reason]! : fallback);
  switch (event) {
    case "login succeeded":
      return {
        title: admin ? `Sign-in: ${who}` : say(messages.signedIn),
        detail: say(messages.withPassword),
        tone: "ok",
      };
    case "login failed":
      return {
        title: admin ? `Failed sign-in: ${who}` : say(messages.failedSignIn),
        detail: because(messages.signInRefused),
        tone: "warn",
      };
    case "login refused":
      return {
        title: admin ? `Sign-in blocked: ${who}` : say(messages.signInBlocked),
        detail: because(messages.signInRefused),
        tone: "bad",
      };
    case "account registered":
      return {
        title: admin ? `New account: ${who}` : say(messages.accountCreated),
        detail: say(messages.registered),
        tone: "ok",
      };
    case "registration refused":
      return {
        title: admin ? `Registration blocked: ${who}` : say(messages.registrationBlocked),
        detail: because(messages.registrationRefused),
        tone: "bad",
      };
    case "logout":
      return {
        title: admin ? `Sign-out: ${who}` : say(messages.signedOut),
        detail: say(messages.sessionEnded),
        tone: "info",
      };
    case "permission denied":
      return {
        title: admin ? `Access refused: ${who}` : say(messages.accessRefused),
        // What was refused is the code's English name: said in English only.
        detail: reason && english ? `Not allowed to ${inWords(reason)}` : say(messages.notAllowed),
        tone: "warn",
      };
    default:
      // Other events by their name (the English is the event's own), one added after this was
      // written in English only; the category in English only; how serious as the log says.
      return {
        title:
          !admin && Object.hasOwn(EVENT_TITLES, event)
            ? say(EVENT_TITLES[event]!)
            : english
              ? capitalise(event)
              : say(messages.accountActivity),
        detail: english ? capitalise(row.category) : "",
        tone: row.level === "error" ? "bad" : row.level === "warn" ? "warn" : "info",
      };
  }
}
