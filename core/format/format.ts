import { UK_TIME_ZONE } from "./uk-time.ts";

/** Display formats shared by the server's status rows and the browser's cards (no I/O: runs in both). */

/** The text with its first letter in capitals ("credential" → "Credential"). */
export const capitalise = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** An identifier as words: "credential_issued" → "credential issued", "revoke:credentials" → "revoke credentials". */
export const inWords = (identifier: string): string => identifier.replace(/[:_-]+/g, " ").trim();

/** A percentage with one decimal, or "No data" when there was nothing to measure. */
export function formatPercent(value: number | null): string {
  return value === null ? "No data" : `${value.toFixed(1)}%`;
}

/**
 * Wallet dates (spec 000 §3: "day, short month, year in en-GB", e.g. 12 Apr 2026). Always in UK
 * time, so the server's render and the browser's hydration print the same text.
 */
const DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
});
const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: UK_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};
const DATE_TIME = new Intl.DateTimeFormat("en-GB", DATE_TIME_PARTS);

export function formatDate(iso: string | Date): string {
  return DATE.format(new Date(iso));
}

export function formatDateTime(iso: string | Date): string {
  return DATE_TIME.format(new Date(iso));
}

const DATE_TIME_SECONDS = new Intl.DateTimeFormat("en-GB", { ...DATE_TIME_PARTS, second: "2-digit" });

/** "24 Nov 2026, 14:05:32": when a log line, an event or an error occurrence happened. */
export function formatDateTimeSeconds(iso: string | Date): string {
  return DATE_TIME_SECONDS.format(new Date(iso));
}

/** "09:58": minutes and seconds of `ms` left, counted up to the next whole second and never below zero. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * How long before `nowIso` something happened, in the steps the wallet says it: "now" under a
 * minute, then whole minutes, hours, days (a day of 1 is "yesterday"), and from seven days on the
 * date itself. The words are each language's (`relativeTime` here for English; core/format/locale.ts
 * and the message catalogs for the others). Measured against `nowIso` (the moment the page's data
 * was read), not the clock, so server and client agree.
 */
export type Elapsed = { unit: "now" } | { unit: "minute" | "hour" | "day"; count: number } | { unit: "date" };

export function elapsed(iso: string | Date, nowIso: string | Date): Elapsed {
  const seconds = Math.max(0, Math.round((new Date(nowIso).getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return { unit: "now" };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: "minute", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hour", count: hours };
  const days = Math.floor(hours / 24);
  return days < 7 ? { unit: "day", count: days } : { unit: "date" };
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the en-GB date. */
export function relativeTime(iso: string | Date, nowIso: string | Date): string {
  const ago = elapsed(iso, nowIso);
  switch (ago.unit) {
    case "now":
      return "just now";
    case "minute":
      return ago.count === 1 ? "1 minute ago" : `${ago.count} minutes ago`;
    case "hour":
      return ago.count === 1 ? "1 hour ago" : `${ago.count} hours ago`;
    case "day":
      return ago.count === 1 ? "yesterday" : `${ago.count} days ago`;
    case "date":
      return formatDate(iso);
  }
}

const DATE_TIME_ZONED = new Intl.DateTimeFormat("en-GB", { ...DATE_TIME_PARTS, timeZoneName: "short" });
/** Date-only values ("1990-04-12") are calendar dates: formatted in UTC so no zone moves the day. */
const CALENDAR_DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "12 Apr 2026, 14:05 BST": for records read outside the UK too (certificates, the public check page). */
export function formatDateTimeZoned(value: string | Date): string {
  return DATE_TIME_ZONED.format(new Date(value));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A claim value as people read it: Yes/No, lists joined, ISO dates in en-GB. */
export function formatAttributeValue(value: unknown): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (value === null || value === undefined) return "Not recorded";
  if (Array.isArray(value)) return value.map(formatAttributeValue).join(", ");
  if (typeof value === "string" && ISO_DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : CALENDAR_DATE.format(date);
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
