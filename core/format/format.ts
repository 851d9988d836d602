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
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", then the en-GB date.
 * Measured against `nowIso` (the moment the page's data was read), not the clock, so server and
 * client agree.
 */
export function relativeTime(iso: string, nowIso: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(nowIso) - Date.parse(iso)) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return formatDate(iso);
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
