import { defineMessages } from "@formatjs/intl";

/**
 * A period the legal pages state ("72 hours", "2 years"), counted in the page's language: one
 * message per unit, so each language's plural forms (Welsh has six) are written once and the
 * sentences take the period whole, as they take a date. The server's legal texts and the privacy
 * summary on the page both format them.
 */
export const DURATION = defineMessages<{
  hours: { count: number };
  minutes: { count: number };
  seconds: { count: number };
  months: { count: number };
  years: { count: number };
}>({
  hours: { id: "legal.duration.hours", defaultMessage: "{count, plural, one {# hour} other {# hours}}" },
  minutes: { id: "legal.duration.minutes", defaultMessage: "{count, plural, one {# minute} other {# minutes}}" },
  seconds: { id: "legal.duration.seconds", defaultMessage: "{count, plural, one {# second} other {# seconds}}" },
  months: { id: "legal.duration.months", defaultMessage: "{count, plural, one {# month} other {# months}}" },
  years: { id: "legal.duration.years", defaultMessage: "{count, plural, one {# year} other {# years}}" },
});

export type DurationUnit = keyof typeof DURATION;
