import { UK_TIME_ZONE } from "#core/format/uk-time.ts";

/**
 * A chart's times in en-GB and UK time (spec 000 §9), beside core/format's dates: an axis needs
 * only the hour or the day.
 */
const HOUR = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const DAY = new Intl.DateTimeFormat("en-GB", { timeZone: UK_TIME_ZONE, day: "numeric", month: "short" });
const HOUR_LONG = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const DAY_LONG = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

export type Granularity = "hour" | "day";

/** An axis label: "14:00" for an hour, "24 Nov" for a day. */
export const pointLabel = (at: string, granularity: Granularity) =>
  (granularity === "hour" ? HOUR : DAY).format(new Date(at));

/** A table row's label: "Tue 24 Nov, 14:00" for an hour, "Tue 24 Nov 2026" for a day. */
export const pointLabelLong = (at: string, granularity: Granularity) =>
  (granularity === "hour" ? HOUR_LONG : DAY_LONG).format(new Date(at));
