import { defineMessages } from "@formatjs/intl";
import type { Locale } from "#core/i18n/locales.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { retryAfter } from "./throttle.ts";

/**
 * What a person is told when signing in or registering is throttled (ADR 007), in their page's
 * language (issue 21): the wait in seconds under a minute, else in minutes. Apart from throttle.ts,
 * which the Durable Object shares, so the catalogs stay out of its worker.
 */
const messages = defineMessages<{
  signInsSeconds: { count: number };
  signInsMinutes: { count: number };
  registrationsSeconds: { count: number };
  registrationsMinutes: { count: number };
}>({
  signInsSeconds: {
    id: "accounts.throttle.signInsSeconds",
    defaultMessage:
      "Too many failed sign-in attempts. Try again in {count, plural, one {# second(s)} other {# second(s)}}.",
  },
  signInsMinutes: {
    id: "accounts.throttle.signInsMinutes",
    defaultMessage:
      "Too many failed sign-in attempts. Try again in {count, plural, one {# minute(s)} other {# minute(s)}}.",
  },
  registrationsSeconds: {
    id: "accounts.throttle.registrationsSeconds",
    defaultMessage:
      "Too many registrations from this address. Try again in {count, plural, one {# second(s)} other {# second(s)}}.",
    description: "This address: the internet (IP) address the requests come from",
  },
  registrationsMinutes: {
    id: "accounts.throttle.registrationsMinutes",
    defaultMessage:
      "Too many registrations from this address. Try again in {count, plural, one {# minute(s)} other {# minute(s)}}.",
    description: "This address: the internet (IP) address the requests come from",
  },
});

/** What signing in and registering are throttled on, each told in its own sentence. */
export type ThrottledAction = "signIns" | "registrations";

export function throttledMessage(locale: Locale, action: ThrottledAction, retryAfterSeconds: number): string {
  const seconds = retryAfter(retryAfterSeconds);
  const inSeconds = seconds < 60;
  return serverIntl(locale).formatMessage(messages[`${action}${inSeconds ? "Seconds" : "Minutes"}`], {
    count: inSeconds ? seconds : Math.ceil(seconds / 60),
  });
}

/** The JSON 429 answer, with Retry-After, in `locale`. */
export function tooManyAttempts(locale: Locale, action: ThrottledAction, retryAfterSeconds: number): Response {
  return Response.json(
    { message: throttledMessage(locale, action, retryAfterSeconds) },
    { status: 429, headers: { "Retry-After": String(retryAfter(retryAfterSeconds)) } },
  );
}
