/**
 * The analytics charts (issue 12: "charts people would rather look at than read"), drawn as small
 * inline SVG with no chart library. The plot stretches to its box (bars and lines only, with
 * strokes that do not scale), while the axis labels are HTML, so they stay readable from a phone
 * to a wide screen. Every chart is an image with a written summary for assistive technology, and
 * "Show data" gives the same figures as a table. Colour never carries meaning alone: the legend
 * names each series, and the second line is dashed.
 */
import { Fragment, type ReactNode } from "react";
import { defineMessages, type NoMessageValues, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { axis } from "#app/components/verifier/usage-chart.tsx";
import { type Granularity, useTimeWords } from "./time.ts";

type Values = {
  dashed: NoMessageValues;
  data: { caption: string | number };
  day: NoMessageValues;
  hour: NoMessageValues;
  inMilliseconds: { series: string | number };
  legend: NoMessageValues;
  noData: NoMessageValues;
  none: NoMessageValues;
  showData: NoMessageValues;
};
const messages = defineMessages<Values>({
  noData: { id: "analytics.charts.noData", defaultMessage: "No data available" },
  hour: { id: "analytics.charts.hour", defaultMessage: "Hour", description: "A chart table's column of hours." },
  day: { id: "analytics.charts.day", defaultMessage: "Day", description: "A chart table's column of days." },
  inMilliseconds: {
    id: "analytics.charts.inMilliseconds",
    defaultMessage: "{series} (ms)",
    description: "A chart table's column: a series measured in milliseconds ('Median (p50) (ms)').",
  },
  legend: { id: "analytics.charts.legend", defaultMessage: "Legend", description: "A chart's key to its colours." },
  dashed: { id: "analytics.charts.dashed", defaultMessage: "(dashed line)" },
  showData: { id: "analytics.charts.showData", defaultMessage: "Show data" },
  data: {
    id: "analytics.charts.data",
    defaultMessage: "{caption}: data",
    description: "The name of a chart's table of figures; {caption} is the chart's summary.",
  },
  none: { id: "analytics.charts.none", defaultMessage: "None", description: "No figure for this hour or day." },
});

export interface ChartSeries<P> {
  key: string;
  label: string;
  value: (point: P) => number | null;
  /** Classes of the mark: a fill for bars, a stroke for lines (light and dark). */
  mark: string;
  /** Classes of the legend's swatch. */
  swatch: string;
  dashed?: boolean;
}

/** One slot per point in the plot's own units; the plot is 100 units high. */
const SLOT = 10;

/** How many points sit between two labelled ones, so about six labels fit on a phone; counted back from the newest, which is always labelled. */
const labelEvery = (points: number) => Math.max(1, Math.ceil(points / 6));

export function TimeChart<P extends { at: string }>({
  kind,
  points,
  series,
  granularity,
  summary,
  unit,
  testId,
}: {
  kind: "bars" | "lines";
  points: P[];
  series: ChartSeries<P>[];
  granularity: Granularity;
  /** What the chart shows, in a sentence: the image's accessible name. */
  summary: string;
  /** What the values count, for the axis: "requests", "ms". */
  unit: string;
  testId: string;
}) {
  const intl = useIntl();
  const f = useFormats();
  const words = useTimeWords();
  const totals = points.map((p) => series.reduce((sum, s) => sum + (s.value(p) ?? 0), 0));
  const highest =
    kind === "bars"
      ? Math.max(0, ...totals)
      : Math.max(0, ...points.flatMap((p) => series.map((s) => s.value(p) ?? 0)));
  if (highest === 0) {
    return (
      <p className="py-6" data-testid={testId}>
        {intl.formatMessage(messages.noData)}
      </p>
    );
  }
  const { top, ticks } = axis(highest);
  const y = (value: number) => 100 - (value / top) * 100;
  const every = labelEvery(points.length);

  return (
    <div data-testid={testId}>
      <Legend series={series} kind={kind} />
      {/* Time runs left to right and the scale sits on the left in every language (ADR 036): the plot
          is drawn in physical coordinates, and its table below reads in the page's direction. */}
      <div className="mt-3 grid grid-cols-[auto_1fr] gap-x-2" dir="ltr">
        <div className="relative h-40 w-10 text-end text-xs text-govuk-grey dark:text-slate-300" aria-hidden="true">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute inset-e-0 -translate-y-1/2 tabular-nums"
              style={{ top: `${y(tick)}%` }}
            >
              {f.number(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-40">
          <svg
            viewBox={`0 0 ${points.length * SLOT} 100`}
            preserveAspectRatio="none"
            role="img"
            aria-label={summary}
            className="absolute inset-0 h-full w-full overflow-visible"
            data-points={points.length}
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={points.length * SLOT}
                y1={y(tick)}
                y2={y(tick)}
                vectorEffect="non-scaling-stroke"
                strokeWidth={tick === 0 ? 1.5 : 1}
                className="stroke-slate-300 dark:stroke-slate-600"
              />
            ))}
            {kind === "bars" ? (
              <Bars points={points} series={series} y={y} />
            ) : (
              <Lines points={points} series={series} y={y} />
            )}
          </svg>
        </div>
        <div />
        <div className="relative mt-1 h-5 text-xs text-govuk-grey dark:text-slate-300" aria-hidden="true">
          {points.map((point, i) =>
            (points.length - 1 - i) % every === 0 ? (
              <span
                key={point.at}
                className="absolute -translate-x-1/2 whitespace-nowrap"
                style={{ left: `${((i + 0.5) / points.length) * 100}%` }}
              >
                {words.point(point.at, granularity)}
              </span>
            ) : null,
          )}
        </div>
      </div>
      <DataTable
        caption={summary}
        headers={[
          intl.formatMessage(granularity === "hour" ? messages.hour : messages.day),
          ...series.map((s) =>
            unit === "ms" ? intl.formatMessage(messages.inMilliseconds, { series: s.label }) : s.label,
          ),
        ]}
        rows={points.map((point) => ({
          key: point.at,
          label: words.pointLong(point.at, granularity),
          values: series.map((s) => s.value(point)),
        }))}
      />
    </div>
  );
}

function Bars<P extends { at: string }>({
  points,
  series,
  y,
}: {
  points: P[];
  series: ChartSeries<P>[];
  y: (value: number) => number;
}) {
  return (
    <>
      {points.map((point, i) => {
        let base = 0;
        return (
          <g key={point.at}>
            {series.map((s) => {
              const value = s.value(point) ?? 0;
              if (!value) return null;
              const bottom = base;
              base += value;
              return (
                <rect
                  key={s.key}
                  x={i * SLOT + 1.5}
                  width={SLOT - 3}
                  y={y(base)}
                  height={y(bottom) - y(base)}
                  className={s.mark}
                  data-series={s.key}
                />
              );
            })}
          </g>
        );
      })}
    </>
  );
}

/** A line per series; a missing value (no requests that hour) breaks the line, and a point alone shows as a short level dash across its slot. */
function Lines<P>({ points, series, y }: { points: P[]; series: ChartSeries<P>[]; y: (value: number) => number }) {
  return (
    <>
      {series.map((s) => {
        let penDown = false;
        const path = points
          .map((point, i) => {
            const value = s.value(point);
            if (value === null) {
              penDown = false;
              return "";
            }
            const alone = !penDown && (i === points.length - 1 || s.value(points[i + 1]!) === null);
            const step = alone
              ? `M${i * SLOT + 1.5},${y(value)}h${SLOT - 3}`
              : `${penDown ? "L" : "M"}${i * SLOT + SLOT / 2},${y(value)}`;
            penDown = true;
            return step;
          })
          .join("");
        return (
          <path
            key={s.key}
            d={path}
            fill="none"
            vectorEffect="non-scaling-stroke"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeDasharray={s.dashed ? "6 4" : undefined}
            className={s.mark}
            data-series={s.key}
          />
        );
      })}
    </>
  );
}

function Legend<P>({ series, kind }: { series: ChartSeries<P>[]; kind: "bars" | "lines" }) {
  const intl = useIntl();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={intl.formatMessage(messages.legend)}>
      {series.map((s) => (
        <li key={s.key} className="inline-flex items-center gap-1.5">
          {kind === "bars" ? (
            <span className={`inline-block h-3 w-3 rounded-[2px] ${s.swatch}`} aria-hidden="true" />
          ) : (
            <span
              className={`inline-block w-5 border-t-[3px] ${s.dashed ? "border-dashed" : "border-solid"} ${s.swatch}`}
              aria-hidden="true"
            />
          )}
          {s.label}
          {s.dashed ? <span className="sr-only"> {intl.formatMessage(messages.dashed)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The chart's figures as a table, behind a "Show data" disclosure. */
function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  /** One row a point: its key (the point's time), its label and one value a series. */
  rows: { key: string; label: string; values: (number | null)[] }[];
}) {
  const intl = useIntl();
  const f = useFormats();
  return (
    <details className="mt-2">
      <summary className={`cursor-pointer text-sm font-semibold ${linkClasses}`}>
        {intl.formatMessage(messages.showData)}
      </summary>
      <section
        className="mt-2 max-h-72 overflow-y-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        aria-label={intl.formatMessage(messages.data, { caption })}
      >
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-govuk-border dark:border-slate-600">
              {headers.map((header, i) => (
                <th key={header} scope="col" className={`py-1 pe-3 ${i ? "text-end" : ""}`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, label, values }) => (
              <tr key={key} className="border-b border-govuk-border/50 dark:border-slate-700">
                <th scope="row" className="py-1 pe-3 font-normal">
                  {label}
                </th>
                {values.map((value, i) => (
                  <td key={headers[i + 1]} className="py-1 pe-3 text-end tabular-nums">
                    {value === null ? intl.formatMessage(messages.none) : f.number(value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

/**
 * Shares of a whole as horizontal bars (devices, top pages): each row names its item and its
 * figure in text, so the bars (SVG, hidden from assistive technology) only repeat what is written.
 */
export function BarList({
  items,
  label,
  testId,
  mark = "fill-govuk-blue dark:fill-govuk-blue-light",
  empty,
}: {
  items: { key: string; label: ReactNode; value: number; detail?: string }[];
  label: string;
  testId: string;
  mark?: string;
  empty?: string;
}) {
  const intl = useIntl();
  const f = useFormats();
  const highest = Math.max(0, ...items.map((item) => item.value));
  if (!items.length || highest === 0) return <p data-testid={testId}>{empty ?? intl.formatMessage(messages.noData)}</p>;
  return (
    <ol className="grid gap-3" aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={item.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words font-semibold">{item.label}</span>
            <span className="shrink-0 tabular-nums">{item.detail ?? f.number(item.value)}</span>
          </div>
          <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1 h-2 w-full" aria-hidden="true">
            <rect x={0} y={0} width={100} height={6} className="fill-slate-200 dark:fill-slate-700" />
            <rect x={0} y={0} width={Math.max(1, (item.value / highest) * 100)} height={6} className={mark} />
          </svg>
        </li>
      ))}
    </ol>
  );
}

/** A label and its figure, for the small summaries beside the charts. */
export function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd className="text-end font-semibold tabular-nums">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
