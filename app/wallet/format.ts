/**
 * Wallet dates (spec 000 §3: "day, short month, year in en-GB", e.g. 12 Apr 2026). Always in UK
 * time, so the server's render and the browser's hydration print the same text.
 */
const DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A claim value as a person reads it: Yes/No, en-GB dates, lists joined. */
export function formatAttributeValue(value: unknown): string {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return ISO_DATE.test(value) ? formatDate(`${value}T12:00:00Z`) : value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(formatAttributeValue).join(", ");
  if (value === null || value === undefined) return "Not recorded";
  return JSON.stringify(value);
}
