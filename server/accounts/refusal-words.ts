/**
 * The words of the account refusals a person reads on /profile (issue 21): confirming it's you,
 * changing the password, signing sessions out, adding and removing passkeys. The services throw
 * their ServiceError in English (the spec's words, which their tests pin); where the refusal is
 * turned into an answer, `inLanguage` puts its message into the person's language, by its code.
 * The codes never change.
 */
import { defineMessages, type TypedMessageDescriptor } from "@formatjs/intl";
import type { Locale } from "#core/i18n/locales.ts";
import { ServiceError } from "#server/http/errors.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { retryAfter } from "./throttle.ts";

const messages = {
  ...defineMessages({
    reauthRequired: {
      id: "profile.refusal.reauthRequired",
      defaultMessage:
        "For your security, confirm it’s you before you change this. Enter your password or use a passkey.",
    },
    wrongPassword: {
      id: "profile.refusal.wrongPassword",
      defaultMessage: "The password is not right. Check it and try again.",
    },
    samePassword: {
      id: "profile.refusal.samePassword",
      defaultMessage: "Your new password must be different from your current password",
    },
    commonPassword: {
      id: "profile.refusal.commonPassword",
      defaultMessage: "This password is too common. Choose a password that is harder to guess.",
    },
    sessionNotFound: { id: "profile.refusal.sessionNotFound", defaultMessage: "That session has already ended." },
    passkeysUnavailable: {
      id: "passkeys.refusal.unavailable",
      defaultMessage: "Passkeys are not available on this service yet.",
    },
    ceremonyExpired: {
      id: "passkeys.refusal.ceremonyExpired",
      defaultMessage: "This passkey request has expired or was already used. Please try again.",
    },
    registrationFailed: {
      id: "passkeys.refusal.registrationFailed",
      defaultMessage: "Your passkey could not be verified. Please try again.",
    },
    alreadyRegistered: {
      id: "passkeys.refusal.alreadyRegistered",
      defaultMessage: "This passkey is already registered.",
    },
    noPasskeys: {
      id: "passkeys.refusal.noPasskeys",
      defaultMessage: "You have no passkeys. Enter your password instead.",
    },
    passkeyNotFound: { id: "passkeys.refusal.notFound", defaultMessage: "Passkey not found" },
    confirmationFailed: {
      id: "passkeys.refusal.confirmationFailed",
      defaultMessage: "That passkey could not confirm it’s you. Try again, or enter your password.",
    },
  }),
  ...defineMessages<{
    tooManyWrongPasswordsMinutes: { wait: number };
    tooManyWrongPasswordsSeconds: { wait: number };
    tooManyEmailChangesMinutes: { wait: number };
    tooManyEmailChangesSeconds: { wait: number };
    tooManyPasskeys: { max: number };
  }>({
    tooManyWrongPasswordsMinutes: {
      id: "profile.refusal.tooManyWrongPasswordsMinutes",
      defaultMessage:
        "{wait, plural, one {Too many wrong passwords. Try again in # minute.} other {Too many wrong passwords. Try again in # minutes.}}",
    },
    tooManyWrongPasswordsSeconds: {
      id: "profile.refusal.tooManyWrongPasswordsSeconds",
      defaultMessage:
        "{wait, plural, one {Too many wrong passwords. Try again in # second.} other {Too many wrong passwords. Try again in # seconds.}}",
    },
    tooManyEmailChangesMinutes: {
      id: "profile.refusal.tooManyEmailChangesMinutes",
      defaultMessage:
        "{wait, plural, one {Too many email address changes. Try again in # minute.} other {Too many email address changes. Try again in # minutes.}}",
    },
    tooManyEmailChangesSeconds: {
      id: "profile.refusal.tooManyEmailChangesSeconds",
      defaultMessage:
        "{wait, plural, one {Too many email address changes. Try again in # second.} other {Too many email address changes. Try again in # seconds.}}",
    },
    tooManyPasskeys: {
      id: "passkeys.refusal.tooManyPasskeys",
      defaultMessage: "You can keep up to {max} passkeys. Remove one you no longer use first.",
    },
  }),
};

/** The most passkeys a person may keep (server/accounts/passkeys.ts says the same in English). */
const MAX_PASSKEYS = 20;

const BY_CODE: Readonly<Record<string, TypedMessageDescriptor>> = {
  reauth_required: messages.reauthRequired,
  wrong_password: messages.wrongPassword,
  same_password: messages.samePassword,
  common_password: messages.commonPassword,
  session_not_found: messages.sessionNotFound,
  passkeys_unavailable: messages.passkeysUnavailable,
  ceremony_expired: messages.ceremonyExpired,
  registration_failed: messages.registrationFailed,
  already_registered: messages.alreadyRegistered,
  no_passkeys: messages.noPasskeys,
  passkey_not_found: messages.passkeyNotFound,
  passkey_confirmation_failed: messages.confirmationFailed,
};

/** A wait as a person reads it: seconds under a minute, else whole minutes (as throttle.ts words it). */
function inWords(locale: Locale, seconds: number, inMinutes: Descriptor, inSeconds: Descriptor): string {
  const rounded = retryAfter(seconds);
  return rounded < 60
    ? serverIntl(locale).formatMessage(inSeconds, { wait: rounded })
    : serverIntl(locale).formatMessage(inMinutes, { wait: Math.ceil(rounded / 60) });
}
type Descriptor = typeof messages.tooManyEmailChangesMinutes;

/** "Too many email address changes. Try again in 5 minutes.", in `locale`. */
export function tooManyEmailChanges(locale: Locale, seconds: number): string {
  return inWords(locale, seconds, messages.tooManyEmailChangesMinutes, messages.tooManyEmailChangesSeconds);
}

/**
 * `error` with its message in `locale` when it is a refusal whose words this file has (its status,
 * code and any field or wait unchanged); anything else as it is.
 */
export function inLanguage<T>(error: T, locale: Locale): T {
  if (!(error instanceof ServiceError)) return error;
  const intl = serverIntl(locale);
  const waited = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (error.code === "too_many_attempts" && typeof waited === "number")
    error.message = inWords(
      locale,
      waited,
      messages.tooManyWrongPasswordsMinutes,
      messages.tooManyWrongPasswordsSeconds,
    );
  else if (error.code === "too_many_passkeys")
    error.message = intl.formatMessage(messages.tooManyPasskeys, { max: MAX_PASSKEYS });
  else if (Object.hasOwn(BY_CODE, error.code)) error.message = intl.formatMessage(BY_CODE[error.code]!);
  return error;
}
