import { defineMessages, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import type { Range } from "#core/analytics/dashboard.ts";
import { UK_TIME_ZONE } from "#core/format/uk-time.ts";

/**
 * A chart's times and the time range's words, in the page's language and UK time (spec 000 §9;
 * ADR 038), beside core/format's dates: an axis needs only the hour or the day.
 */
type Values = {
  dayLong: { weekday: string | number; date: string | number };
  hourLong: { weekday: string | number; date: string | number; time: string | number };
  range: { range: string };
  span: { range: string };
};
const messages = defineMessages<Values>({
  range: {
    id: "analytics.time.range",
    defaultMessage: "{range, select, 24h {Last 24 hours} 7d {Last 7 days} other {Last 30 days}}",
    description: "The time range picker's choices and the figures' range, standing alone (a label).",
  },
  span: {
    id: "analytics.time.span",
    defaultMessage: "{range, select, 24h {last 24 hours} 7d {last 7 days} other {last 30 days}}",
    description:
      "The time range inside a sentence, after a comma or a figure: 'Visits started, last 7 days', '12 errors last 7 days'.",
  },
  hourLong: {
    id: "analytics.time.hourLong",
    defaultMessage: "{weekday} {date}, {time}",
    description: "A chart row's hour: short weekday, date, 24-hour time ('Tue 24 Nov 2026, 14:00').",
  },
  dayLong: {
    id: "analytics.time.dayLong",
    defaultMessage: "{weekday} {date}",
    description: "A chart row's day: short weekday and date ('Tue 24 Nov 2026').",
  },
});

/** English's axis day: "24 Nov" (the other languages print their whole short date: core/format has no day-and-month form). */
const DAY = new Intl.DateTimeFormat("en-GB", { timeZone: UK_TIME_ZONE, day: "numeric", month: "short" });

export type Granularity = "hour" | "day";

export interface TimeWords {
  /** "Last 24 hours": a range on its own. */
  range: (range: Range) => string;
  /** "last 24 hours": a range inside a sentence. */
  span: (range: Range) => string;
  /** An axis label: "14:00" for an hour, "24 Nov" for a day. */
  point: (at: string, granularity: Granularity) => string;
  /** A table row's label: "Tue 24 Nov 2026, 14:00" for an hour, "Tue 24 Nov 2026" for a day. */
  pointLong: (at: string, granularity: Granularity) => string;
}

/** The time words of the page's language. */
export function useTimeWords(): TimeWords {
  const intl = useIntl();
  const f = useFormats();
  return {
    range: (range) => intl.formatMessage(messages.range, { range }),
    span: (range) => intl.formatMessage(messages.span, { range }),
    point: (at, granularity) =>
      granularity === "hour" ? f.time(at) : f.locale === "en" ? DAY.format(new Date(at)) : f.date(at),
    pointLong: (at, granularity) =>
      granularity === "hour"
        ? intl.formatMessage(messages.hourLong, { weekday: f.weekday(at, "short"), date: f.date(at), time: f.time(at) })
        : intl.formatMessage(messages.dayLong, { weekday: f.weekday(at, "short"), date: f.date(at) }),
  };
}
