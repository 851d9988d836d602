/**
 * The Overview tab (spec 000 §2 "Analytics dashboard", §9; issue 12): requests and p50/p95
 * response time over time, errors by severity, sessions and devices as charts; the top 5 pages,
 * the 3 most recent errors, the average session in minutes and unique users as figures.
 */

import { Panel } from "#app/components/ui/panel.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import {
  type AnalyticsDashboard,
  type CountPoint,
  type ErrorPoint,
  RANGE_LABELS,
  type RequestPoint,
  SEVERITIES,
  SHOWN,
} from "#core/analytics/dashboard.ts";
import { capitalise, formatDateTime } from "#core/format/format.ts";
import { SEVERITY_COLOURS, SeverityBadge } from "./badges.tsx";
import { BarList, type ChartSeries, Figures, TimeChart } from "./charts.tsx";
import { pointLabelLong } from "./time.ts";

const count = (n: number) => n.toLocaleString("en-GB");
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** Spec 000 §9: the average session in minutes (seconds divided by 60), to one decimal. */
const sessionMinutes = (seconds: number | null) => (seconds === null ? "No data" : `${(seconds / 60).toFixed(1)} min`);

const REQUESTS: ChartSeries<RequestPoint>[] = [
  {
    key: "requests",
    label: "Requests",
    value: (p) => p.requests,
    mark: "fill-govuk-blue dark:fill-govuk-blue-light",
    swatch: "bg-govuk-blue dark:bg-govuk-blue-light",
  },
];
const LATENCY: ChartSeries<RequestPoint>[] = [
  {
    key: "p50",
    label: "Median (p50)",
    value: (p) => p.p50,
    mark: "stroke-govuk-blue dark:stroke-govuk-blue-light",
    swatch: "border-govuk-blue dark:border-govuk-blue-light",
  },
  {
    key: "p95",
    label: "95th percentile (p95)",
    value: (p) => p.p95,
    mark: "stroke-orange-700 dark:stroke-orange-300",
    swatch: "border-orange-700 dark:border-orange-300",
    dashed: true,
  },
];
const ERRORS: ChartSeries<ErrorPoint>[] = SEVERITIES.map((severity) => ({
  key: severity,
  label: capitalise(severity),
  value: (p) => p[severity],
  mark: SEVERITY_COLOURS[severity].fill,
  swatch: SEVERITY_COLOURS[severity].swatch,
}));
const SESSIONS: ChartSeries<CountPoint>[] = [
  {
    key: "sessions",
    label: "Sessions",
    value: (p) => p.count,
    mark: "fill-teal-700 dark:fill-teal-400",
    swatch: "bg-teal-700 dark:bg-teal-400",
  },
];

/** The point with the highest `value`, for a chart's summary ("the busiest hour was …"). */
function peak<P extends { at: string }>(
  points: P[],
  value: (p: P) => number | null,
): { at: string; value: number } | null {
  let best: { at: string; value: number } | null = null;
  for (const p of points) {
    const v = value(p);
    if (v !== null && v > 0 && (!best || v > best.value)) best = { at: p.at, value: v };
  }
  return best;
}

export function Overview({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const { systemHealth, userEngagement, charts, granularity } = dashboard;
  const span = RANGE_LABELS[dashboard.range].toLowerCase();
  const per = granularity === "hour" ? "per hour" : "per day";
  const unit = granularity === "hour" ? "hour" : "day";
  const at = (iso: string) => pointLabelLong(iso, granularity);

  const totalRequests = charts.requests.reduce((sum, p) => sum + p.requests, 0);
  const busiest = peak(charts.requests, (p) => p.requests);
  const slowest = peak(charts.requests, (p) => p.p95);
  const totalErrors = SEVERITIES.reduce((sum, s) => sum + systemHealth.errorsBySeverity[s], 0);
  const busiestSessions = peak(charts.sessions, (p) => p.count);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title={`Requests ${per}`} id="requests-heading">
        <TimeChart
          kind="bars"
          points={charts.requests}
          series={REQUESTS}
          granularity={granularity}
          unit="requests"
          testId="chart-requests"
          summary={
            `${plural(totalRequests, "measured API request")} ${span}` +
            (busiest ? `; the busiest ${unit} was ${at(busiest.at)} with ${count(busiest.value)}.` : ".")
          }
        />
      </Panel>
      <Panel title="Response Time" id="latency-heading">
        <TimeChart
          kind="lines"
          points={charts.requests}
          series={LATENCY}
          granularity={granularity}
          unit="ms"
          testId="chart-latency"
          summary={
            `Median and 95th percentile response time ${per}, in milliseconds, ${span}` +
            (slowest ? `; the slowest ${unit} was ${at(slowest.at)} with a p95 of ${count(slowest.value)} ms.` : ".")
          }
        />
      </Panel>
      <Panel title={`Errors ${per} by Severity`} id="error-chart-heading">
        <TimeChart
          kind="bars"
          points={charts.errors}
          series={ERRORS}
          granularity={granularity}
          unit="errors"
          testId="chart-errors"
          summary={`${plural(totalErrors, "error")} ${span}: ${SEVERITIES.map((s) => `${count(systemHealth.errorsBySeverity[s])} ${s}`).join(", ")}.`}
        />
        <h3 className="mt-4 font-bold">Errors by severity, {span}</h3>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="errors-by-severity">
          {SEVERITIES.map((severity) => (
            <li
              key={severity}
              className="flex items-center justify-between gap-2 rounded-sm border border-govuk-border px-2 py-1 dark:border-slate-700"
            >
              <SeverityBadge severity={severity} />
              <span className="font-bold tabular-nums" data-testid={`severity-${severity}`}>
                {count(systemHealth.errorsBySeverity[severity])}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Recent Errors" id="recent-errors-heading">
        {systemHealth.recentErrors.length ? (
          <ol className="grid gap-3" data-testid="recent-errors">
            {systemHealth.recentErrors.slice(0, SHOWN.recentErrors).map((error) => (
              <li key={error.id} className="rounded-sm border border-govuk-border p-3 dark:border-slate-700">
                <div className="flex flex-wrap items-center gap-2">
                  <SeverityBadge severity={error.severity} />
                  <span className="break-all font-semibold">{error.errorType}</span>
                  {error.resolved ? <StatusBadge tone="ok">Resolved</StatusBadge> : null}
                </div>
                <p className="mt-1 break-words text-sm">{error.message}</p>
                <p className="mt-1 text-sm text-govuk-grey dark:text-slate-300">
                  {error.component} · last seen {formatDateTime(error.timestamp)} ·{" "}
                  {plural(error.occurrences, "occurrence")}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p>No data available</p>
        )}
      </Panel>
      <Panel title={`Sessions ${per}`} id="sessions-heading">
        <TimeChart
          kind="bars"
          points={charts.sessions}
          series={SESSIONS}
          granularity={granularity}
          unit="sessions"
          testId="chart-sessions"
          summary={
            `${plural(userEngagement.totalSessions, "session")} started ${span}` +
            (busiestSessions
              ? `; the busiest ${unit} was ${at(busiestSessions.at)} with ${count(busiestSessions.value)}.`
              : ".")
          }
        />
      </Panel>
      <Panel title="User Engagement" id="engagement-heading">
        <Figures
          rows={[
            ["Total sessions", count(userEngagement.totalSessions)],
            [
              "Unique users",
              <span key="unique-users" data-testid="unique-users">
                {count(userEngagement.uniqueUsers)}
              </span>,
            ],
            [
              "Average session",
              <span key="average-session" data-testid="average-session">
                {sessionMinutes(userEngagement.averageDuration)}
              </span>,
            ],
          ]}
        />
        <p className="mt-3 text-sm text-govuk-grey dark:text-slate-300">
          Average session: visits that ended {span}. Unique users: people signed in, and each anonymous visit once.
        </p>
      </Panel>
      <Panel title="Top Pages" id="top-pages-heading">
        <BarList
          label={`The ${SHOWN.topPages} most viewed pages, ${span}`}
          testId="top-pages"
          items={userEngagement.topPages.slice(0, SHOWN.topPages).map((p) => ({
            key: p.page,
            label: (
              <code dir="ltr" className="break-all">
                {p.page || "(unknown)"}
              </code>
            ),
            value: p.views,
            detail: plural(p.views, "view"),
          }))}
        />
      </Panel>
      <Panel title="Devices" id="devices-heading">
        <BarList
          label={`Sessions by device, ${span}`}
          testId="devices"
          mark="fill-teal-700 dark:fill-teal-400"
          items={charts.devices.map((d) => ({
            key: d.device,
            label: capitalise(d.device),
            value: d.sessions,
            detail: plural(d.sessions, "session"),
          }))}
        />
      </Panel>
    </div>
  );
}
