import { useId } from "react";
import { defineMessages, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import type { Formats } from "#core/format/locale.ts";
import type { UsageDay } from "#server/verification/records.ts";
import { untyped } from "./messages.ts";

const messages = untyped(
  defineMessages({
    none: {
      id: "verifier.usage.none",
      defaultMessage: "No verifications in the last {days, plural, one {day} other {# days}}.",
    },
    total: {
      id: "verifier.usage.total",
      defaultMessage: "{total, plural, one {# verification in total} other {# verifications in total}}.",
    },
    period: {
      id: "verifier.usage.period",
      defaultMessage: "From {from} to {to}: {valid} valid and {invalid} invalid.",
      description: "{from} and {to} are dates; {valid} and {invalid} are numbers of verifications",
    },
    busiest: {
      id: "verifier.usage.busiest",
      defaultMessage: "The busiest day was {day} with {count}.",
      description: "{day} is a day like 'Sat 12 Nov'; {count} how many verifications it had",
    },
    valid: { id: "verifier.usage.valid", defaultMessage: "Valid" },
    invalid: { id: "verifier.usage.invalid", defaultMessage: "Invalid or expired" },
    title: {
      id: "verifier.usage.title",
      defaultMessage: "Verifications per day, last {days, plural, one {day} other {# days}}",
    },
    showTable: { id: "verifier.usage.showTable", defaultMessage: "Show the figures as a table" },
    day: { id: "verifier.usage.day", defaultMessage: "Day", description: "Table column: the day" },
    longDay: {
      id: "verifier.usage.longDay",
      defaultMessage: "{weekday} {date}",
      description: "A day in the usage table, e.g. 'Sat 12 Nov 2026'",
    },
  }),
);

/** Calendar days (YYYY-MM-DD), read at midday UTC so that UK time gives the same day. */
const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);
/** "Nov": the month of a calendar day, short, in the page's language (the date without its day and year). */
const monthOf = (f: Formats, date: string) =>
  f
    .calendarDate(date)
    .replace(/^\S+\s*/, "")
    .replace(/\s*\S+$/, "");

/** A round axis top at or above `max` (1, 2, 5, 10, 20, 50, …), and its ticks. */
export function axis(max: number): { top: number; ticks: number[] } {
  if (max <= 4) return { top: Math.max(max, 1), ticks: Array.from({ length: Math.max(max, 1) + 1 }, (_, i) => i) };
  const magnitude = 10 ** Math.floor(Math.log10(max / 4));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => max / s <= 5)!;
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, i) => i * step) };
}

/** Drawn at about the size it is shown (a third of the page at 1280 px), so its text reads at 11 to 12 px. */
const WIDTH = 380;
const HEIGHT = 200;
const LEFT = 28;
const BOTTOM = 34;
const TOP = 10;

/**
 * Usage Analytics: the organisation's verifications per day over the last 14 days, valid and
 * invalid stacked, as an SVG bar chart (an image with a text summary for assistive technology) and
 * the same figures as a table beneath it.
 */
export function UsageChart({ days }: { days: UsageDay[] }) {
  const intl = useIntl();
  const f = useFormats();
  const longDay = (date: string) =>
    intl.formatMessage(messages.longDay, { weekday: f.weekday(dayOf(date), "short"), date: f.calendarDate(date) });
  const titleId = useId();
  const descId = useId();
  // React's ids hold colons, which a url(#…) reference would have to escape.
  const hatchId = `hatch-${titleId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const totals = days.reduce((sum, d) => ({ valid: sum.valid + d.valid, invalid: sum.invalid + d.invalid }), {
    valid: 0,
    invalid: 0,
  });
  const busiest = days.reduce<UsageDay | null>(
    (best, d) => (d.valid + d.invalid > (best ? best.valid + best.invalid : 0) ? d : best),
    null,
  );
  const { top, ticks } = axis(Math.max(0, ...days.map((d) => d.valid + d.invalid)));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(days.length, 1);
  const barWidth = Math.min(26, slot * 0.64);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const first = days[0];
  const last = days[days.length - 1];
  const summary =
    totals.valid + totals.invalid === 0 || !first || !last
      ? intl.formatMessage(messages.none, { days: days.length })
      : [
          intl.formatMessage(messages.total, { total: totals.valid + totals.invalid }),
          intl.formatMessage(messages.period, {
            from: f.calendarDate(first.date),
            to: f.calendarDate(last.date),
            valid: totals.valid,
            invalid: totals.invalid,
          }),
          busiest
            ? intl.formatMessage(messages.busiest, {
                day: longDay(busiest.date),
                count: busiest.valid + busiest.invalid,
              })
            : "",
        ]
          .join(" ")
          .trim();

  return (
    <div data-testid="usage-chart">
      <p className="text-sm" data-testid="usage-summary">
        {summary}
      </p>
      <div className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-[2px] bg-govuk-green dark:bg-green-400" />{" "}
          {intl.formatMessage(messages.valid)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-[2px] bg-govuk-red bg-[repeating-linear-gradient(45deg,transparent_0_2px,rgb(255_255_255/0.55)_2px_4px)] dark:bg-red-400" />{" "}
          {intl.formatMessage(messages.invalid)}
        </span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        // Days run left to right and the scale sits on the left in every language (ADR 036).
        direction="ltr"
        className="mt-2 h-auto w-full text-govuk-grey dark:text-slate-400"
      >
        <title id={titleId}>{intl.formatMessage(messages.title, { days: days.length })}</title>
        <desc id={descId}>{summary}</desc>
        <defs>
          <pattern id={hatchId} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="2" height="4" fill="white" fillOpacity="0.55" />
          </pattern>
        </defs>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-300 dark:stroke-slate-700"
              strokeWidth={tick === 0 ? 1.5 : 1}
            />
            <text x={LEFT - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize="12" fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          const x = LEFT + i * slot + (slot - barWidth) / 2;
          const validTop = y(day.valid);
          const invalidTop = y(day.valid + day.invalid);
          return (
            <g key={day.date} data-date={day.date}>
              {day.valid ? (
                <rect
                  x={x}
                  y={validTop}
                  width={barWidth}
                  height={y(0) - validTop}
                  className="fill-govuk-green dark:fill-green-400"
                />
              ) : null}
              {day.invalid ? (
                <>
                  <rect
                    x={x}
                    y={invalidTop}
                    width={barWidth}
                    height={validTop - invalidTop}
                    className="fill-govuk-red dark:fill-red-400"
                  />
                  <rect
                    x={x}
                    y={invalidTop}
                    width={barWidth}
                    height={validTop - invalidTop}
                    fill={`url(#${hatchId})`}
                  />
                </>
              ) : null}
              <text x={x + barWidth / 2} y={HEIGHT - BOTTOM + 15} textAnchor="middle" fontSize="12" fill="currentColor">
                {Number(day.date.slice(8, 10))}
              </text>
              {i === 0 || day.date.endsWith("-01") ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - BOTTOM + 30}
                  textAnchor="middle"
                  fontSize="11"
                  fill="currentColor"
                >
                  {monthOf(f, day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="mt-2">
        <summary className={`cursor-pointer text-sm font-semibold ${linkClasses}`}>
          {intl.formatMessage(messages.showTable)}
        </summary>
        <table className="mt-2 w-full text-start text-sm" data-testid="usage-table">
          <caption className="sr-only">{intl.formatMessage(messages.title, { days: days.length })}</caption>
          <thead>
            <tr className="border-b border-govuk-border dark:border-slate-600">
              <th scope="col" className="py-1 pe-3">
                {intl.formatMessage(messages.day)}
              </th>
              <th scope="col" className="py-1 pe-3 text-end">
                {intl.formatMessage(messages.valid)}
              </th>
              <th scope="col" className="py-1 text-end">
                {intl.formatMessage(messages.invalid)}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-b border-govuk-border/50 dark:border-slate-700">
                <th scope="row" className="py-1 pe-3 font-normal">
                  <time dateTime={day.date}>{longDay(day.date)}</time>
                </th>
                <td className="py-1 pe-3 text-end tabular-nums">{day.valid}</td>
                <td className="py-1 text-end tabular-nums">{day.invalid}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
