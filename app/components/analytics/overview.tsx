/**
 * The Overview tab (spec 000 §2 "Analytics dashboard", §9; issue 12): requests and p50/p95
 * response time over time, errors by severity, sessions and devices as charts; the top 5 pages,
 * the 3 most recent errors, the average session in minutes and unique users as figures.
 */

import { defineMessages, type IntlShape, type NoMessageValues, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import {
  type AnalyticsDashboard,
  type CountPoint,
  type ErrorPoint,
  type RequestPoint,
  SEVERITIES,
  SHOWN,
} from "#core/analytics/dashboard.ts";
import { capitalise } from "#core/format/format.ts";
import { SEVERITY_COLOURS, SeverityBadge, useSeverityWords } from "./badges.tsx";
import { BarList, type ChartSeries, Figures, TimeChart } from "./charts.tsx";
import { useTimeWords } from "./time.ts";

type Values = {
  averageSession: NoMessageValues;
  bySeverity: { span: string | number };
  device: { device: string; name: string | number };
  devices: NoMessageValues;
  devicesLabel: { span: string | number };
  engagement: NoMessageValues;
  engagementNote: { span: string | number };
  errorCount: { count: number };
  errorsSummary: {
    errors: string | number;
    span: string | number;
    critical: string | number;
    high: string | number;
    medium: string | number;
    low: string | number;
  };
  errorsTitle: { granularity: string };
  latencySummary: { granularity: string; span: string | number; at: string | number; peak: string | number };
  latencySummaryQuiet: { granularity: string; span: string | number };
  latencyTitle: NoMessageValues;
  minutes: { minutes: string | number };
  noData: NoMessageValues;
  occurrenceCount: { count: number };
  p50: NoMessageValues;
  p95: NoMessageValues;
  recentErrorLine: { component: string | number; when: string | number; occurrences: string | number };
  recentErrors: NoMessageValues;
  requestCount: { count: number };
  requests: NoMessageValues;
  requestsSummary: {
    requests: string | number;
    span: string | number;
    granularity: string;
    at: string | number;
    peak: string | number;
  };
  requestsSummaryQuiet: { requests: string | number; span: string | number };
  requestsTitle: { granularity: string };
  resolved: NoMessageValues;
  sessionCount: { count: number };
  sessions: NoMessageValues;
  sessionsSummary: {
    sessions: string | number;
    span: string | number;
    granularity: string;
    at: string | number;
    peak: string | number;
  };
  sessionsSummaryQuiet: { sessions: string | number; span: string | number };
  sessionsTitle: { granularity: string };
  topPages: NoMessageValues;
  topPagesLabel: { count: string | number; span: string | number };
  totalSessions: NoMessageValues;
  uniqueUsers: NoMessageValues;
  unknownPage: NoMessageValues;
  views: { count: number };
};
const messages = defineMessages<Values>({
  requestsTitle: {
    id: "analytics.overview.requestsTitle",
    defaultMessage: "{granularity, select, hour {Requests per hour} other {Requests per day}}",
  },
  requests: { id: "analytics.overview.requests", defaultMessage: "Requests", description: "A chart's series." },
  requestCount: {
    id: "analytics.overview.requestCount",
    defaultMessage: "{count, plural, one {# measured API request} other {# measured API requests}}",
  },
  errorCount: {
    id: "analytics.overview.errorCount",
    defaultMessage: "{count, plural, one {# error} other {# errors}}",
  },
  occurrenceCount: {
    id: "analytics.overview.occurrenceCount",
    defaultMessage: "{count, plural, one {# occurrence} other {# occurrences}}",
    description: "How many times an error happened.",
  },
  requestsSummary: {
    id: "analytics.overview.requestsSummary",
    defaultMessage:
      "{requests} {span}; the busiest {granularity, select, hour {hour} other {day}} was {at} with {peak}.",
    description: "A chart's summary. {span}: the time range ('last 7 days'); {at}: an hour or a day; {peak}: a number.",
  },
  requestsSummaryQuiet: {
    id: "analytics.overview.requestsSummaryQuiet",
    defaultMessage: "{requests} {span}.",
    description: "A chart's summary. {span}: the time range ('last 7 days').",
  },
  latencyTitle: { id: "analytics.overview.latencyTitle", defaultMessage: "Response Time" },
  p50: { id: "analytics.overview.p50", defaultMessage: "Median (p50)" },
  p95: { id: "analytics.overview.p95", defaultMessage: "95th percentile (p95)" },
  latencySummary: {
    id: "analytics.overview.latencySummary",
    defaultMessage:
      "Median and 95th percentile response time {granularity, select, hour {per hour} other {per day}}, in milliseconds, {span}; the slowest {granularity, select, hour {hour} other {day}} was {at} with a p95 of {peak} ms.",
    description: "A chart's summary. {span}: the time range ('last 7 days'); {at}: an hour or a day; {peak}: a number.",
  },
  latencySummaryQuiet: {
    id: "analytics.overview.latencySummaryQuiet",
    defaultMessage:
      "Median and 95th percentile response time {granularity, select, hour {per hour} other {per day}}, in milliseconds, {span}.",
  },
  errorsTitle: {
    id: "analytics.overview.errorsTitle",
    defaultMessage: "{granularity, select, hour {Errors per hour by Severity} other {Errors per day by Severity}}",
  },
  errorsSummary: {
    id: "analytics.overview.errorsSummary",
    defaultMessage: "{errors} {span}: {critical} critical, {high} high, {medium} medium, {low} low.",
    description: "A chart's summary: how many errors of each severity. {span}: the time range ('last 7 days').",
  },
  bySeverity: { id: "analytics.overview.bySeverity", defaultMessage: "Errors by severity, {span}" },
  recentErrors: { id: "analytics.overview.recentErrors", defaultMessage: "Recent Errors" },
  resolved: { id: "analytics.overview.resolved", defaultMessage: "Resolved", description: "An error's state." },
  recentErrorLine: {
    id: "analytics.overview.recentErrorLine",
    defaultMessage: "{component} · last seen {when} · {occurrences}",
    description: "{component}: where the error happened (a code name); {when}: a date and time.",
  },
  noData: { id: "analytics.overview.noData", defaultMessage: "No data available" },
  sessionsTitle: {
    id: "analytics.overview.sessionsTitle",
    defaultMessage: "{granularity, select, hour {Sessions per hour} other {Sessions per day}}",
  },
  sessions: { id: "analytics.overview.sessions", defaultMessage: "Sessions", description: "A chart's series: visits." },
  sessionsSummary: {
    id: "analytics.overview.sessionsSummary",
    defaultMessage:
      "{sessions} started {span}; the busiest {granularity, select, hour {hour} other {day}} was {at} with {peak}.",
    description: "A chart's summary. {span}: the time range ('last 7 days'); {at}: an hour or a day; {peak}: a number.",
  },
  sessionsSummaryQuiet: {
    id: "analytics.overview.sessionsSummaryQuiet",
    defaultMessage: "{sessions} started {span}.",
  },
  engagement: { id: "analytics.overview.engagement", defaultMessage: "User Engagement" },
  totalSessions: { id: "analytics.overview.totalSessions", defaultMessage: "Total sessions" },
  uniqueUsers: { id: "analytics.overview.uniqueUsers", defaultMessage: "Unique users" },
  averageSession: { id: "analytics.overview.averageSession", defaultMessage: "Average session" },
  minutes: {
    id: "analytics.overview.minutes",
    defaultMessage: "{minutes} min",
    description: "A duration in minutes, abbreviated; {minutes} has one decimal ('4.5').",
  },
  engagementNote: {
    id: "analytics.overview.engagementNote",
    defaultMessage:
      "Average session: visits that ended {span}. Unique users: people signed in, and each anonymous visit once.",
  },
  topPages: { id: "analytics.overview.topPages", defaultMessage: "Top Pages" },
  topPagesLabel: { id: "analytics.overview.topPagesLabel", defaultMessage: "The {count} most viewed pages, {span}" },
  unknownPage: { id: "analytics.overview.unknownPage", defaultMessage: "(unknown)" },
  views: { id: "analytics.overview.views", defaultMessage: "{count, plural, one {# view} other {# views}}" },
  devices: { id: "analytics.overview.devices", defaultMessage: "Devices" },
  devicesLabel: { id: "analytics.overview.devicesLabel", defaultMessage: "Sessions by device, {span}" },
  device: {
    id: "analytics.overview.device",
    defaultMessage: "{device, select, mobile {Mobile} tablet {Tablet} desktop {Desktop} other {{name}}}",
    description: "A kind of device a visit came from; {name} is an unknown kind as recorded.",
  },
  sessionCount: {
    id: "analytics.overview.sessionCount",
    defaultMessage: "{count, plural, one {# session} other {# sessions}}",
  },
});

/** Spec 000 §9: the average session in minutes (seconds divided by 60), to one decimal. */
const sessionMinutes = (intl: IntlShape, seconds: number | null) =>
  seconds === null
    ? intl.formatMessage(messages.noData)
    : intl.formatMessage(messages.minutes, { minutes: (seconds / 60).toFixed(1) });

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
  const intl = useIntl();
  const f = useFormats();
  const words = useTimeWords();
  const severityWords = useSeverityWords();
  const { systemHealth, userEngagement, charts, granularity } = dashboard;
  const span = words.span(dashboard.range);
  const at = (iso: string) => words.pointLong(iso, granularity);

  const requests: ChartSeries<RequestPoint>[] = [
    {
      key: "requests",
      label: intl.formatMessage(messages.requests),
      value: (p) => p.requests,
      mark: "fill-govuk-blue dark:fill-govuk-blue-light",
      swatch: "bg-govuk-blue dark:bg-govuk-blue-light",
    },
  ];
  const latency: ChartSeries<RequestPoint>[] = [
    {
      key: "p50",
      label: intl.formatMessage(messages.p50),
      value: (p) => p.p50,
      mark: "stroke-govuk-blue dark:stroke-govuk-blue-light",
      swatch: "border-govuk-blue dark:border-govuk-blue-light",
    },
    {
      key: "p95",
      label: intl.formatMessage(messages.p95),
      value: (p) => p.p95,
      mark: "stroke-orange-700 dark:stroke-orange-300",
      swatch: "border-orange-700 dark:border-orange-300",
      dashed: true,
    },
  ];
  const errors: ChartSeries<ErrorPoint>[] = SEVERITIES.map((severity) => ({
    key: severity,
    label: severityWords.label(severity),
    value: (p) => p[severity],
    mark: SEVERITY_COLOURS[severity].fill,
    swatch: SEVERITY_COLOURS[severity].swatch,
  }));
  const sessions: ChartSeries<CountPoint>[] = [
    {
      key: "sessions",
      label: intl.formatMessage(messages.sessions),
      value: (p) => p.count,
      mark: "fill-teal-700 dark:fill-teal-400",
      swatch: "bg-teal-700 dark:bg-teal-400",
    },
  ];

  const totalRequests = charts.requests.reduce((sum, p) => sum + p.requests, 0);
  const busiest = peak(charts.requests, (p) => p.requests);
  const slowest = peak(charts.requests, (p) => p.p95);
  const totalErrors = SEVERITIES.reduce((sum, s) => sum + systemHealth.errorsBySeverity[s], 0);
  const busiestSessions = peak(charts.sessions, (p) => p.count);
  const peakOf = (point: { at: string; value: number }) => ({ at: at(point.at), peak: f.number(point.value) });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Panel title={intl.formatMessage(messages.requestsTitle, { granularity })} id="requests-heading">
        <TimeChart
          kind="bars"
          points={charts.requests}
          series={requests}
          granularity={granularity}
          unit="requests"
          testId="chart-requests"
          summary={
            busiest
              ? intl.formatMessage(messages.requestsSummary, {
                  requests: intl.formatMessage(messages.requestCount, { count: totalRequests }),
                  span,
                  granularity,
                  ...peakOf(busiest),
                })
              : intl.formatMessage(messages.requestsSummaryQuiet, {
                  requests: intl.formatMessage(messages.requestCount, { count: totalRequests }),
                  span,
                })
          }
        />
      </Panel>
      <Panel title={intl.formatMessage(messages.latencyTitle)} id="latency-heading">
        <TimeChart
          kind="lines"
          points={charts.requests}
          series={latency}
          granularity={granularity}
          unit="ms"
          testId="chart-latency"
          summary={
            slowest
              ? intl.formatMessage(messages.latencySummary, { span, granularity, ...peakOf(slowest) })
              : intl.formatMessage(messages.latencySummaryQuiet, { span, granularity })
          }
        />
      </Panel>
      <Panel title={intl.formatMessage(messages.errorsTitle, { granularity })} id="error-chart-heading">
        <TimeChart
          kind="bars"
          points={charts.errors}
          series={errors}
          granularity={granularity}
          unit="errors"
          testId="chart-errors"
          summary={intl.formatMessage(messages.errorsSummary, {
            errors: intl.formatMessage(messages.errorCount, { count: totalErrors }),
            span,
            critical: f.number(systemHealth.errorsBySeverity.critical),
            high: f.number(systemHealth.errorsBySeverity.high),
            medium: f.number(systemHealth.errorsBySeverity.medium),
            low: f.number(systemHealth.errorsBySeverity.low),
          })}
        />
        <h3 className="mt-4 font-bold">{intl.formatMessage(messages.bySeverity, { span })}</h3>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="errors-by-severity">
          {SEVERITIES.map((severity) => (
            <li
              key={severity}
              className="flex items-center justify-between gap-2 rounded-sm border border-govuk-border px-2 py-1 dark:border-slate-700"
            >
              <SeverityBadge severity={severity} />
              <span className="font-bold tabular-nums" data-testid={`severity-${severity}`}>
                {f.number(systemHealth.errorsBySeverity[severity])}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={intl.formatMessage(messages.recentErrors)} id="recent-errors-heading">
        {systemHealth.recentErrors.length ? (
          <ol className="grid gap-3" data-testid="recent-errors">
            {systemHealth.recentErrors.slice(0, SHOWN.recentErrors).map((error) => (
              <li key={error.id} className="rounded-sm border border-govuk-border p-3 dark:border-slate-700">
                <div className="flex flex-wrap items-center gap-2">
                  <SeverityBadge severity={error.severity} />
                  <span className="break-all font-semibold">{error.errorType}</span>
                  {error.resolved ? <StatusBadge tone="ok">{intl.formatMessage(messages.resolved)}</StatusBadge> : null}
                </div>
                <p className="mt-1 break-words text-sm">{error.message}</p>
                <p className="mt-1 text-sm text-govuk-grey dark:text-slate-300">
                  {intl.formatMessage(messages.recentErrorLine, {
                    component: error.component,
                    when: f.dateTime(error.timestamp),
                    occurrences: intl.formatMessage(messages.occurrenceCount, { count: error.occurrences }),
                  })}
                </p>
              </li>
            ))}
          </ol>
        ) : (
          <p>{intl.formatMessage(messages.noData)}</p>
        )}
      </Panel>
      <Panel title={intl.formatMessage(messages.sessionsTitle, { granularity })} id="sessions-heading">
        <TimeChart
          kind="bars"
          points={charts.sessions}
          series={sessions}
          granularity={granularity}
          unit="sessions"
          testId="chart-sessions"
          summary={
            busiestSessions
              ? intl.formatMessage(messages.sessionsSummary, {
                  sessions: intl.formatMessage(messages.sessionCount, { count: userEngagement.totalSessions }),
                  span,
                  granularity,
                  ...peakOf(busiestSessions),
                })
              : intl.formatMessage(messages.sessionsSummaryQuiet, {
                  sessions: intl.formatMessage(messages.sessionCount, { count: userEngagement.totalSessions }),
                  span,
                })
          }
        />
      </Panel>
      <Panel title={intl.formatMessage(messages.engagement)} id="engagement-heading">
        <Figures
          rows={[
            [intl.formatMessage(messages.totalSessions), f.number(userEngagement.totalSessions)],
            [
              intl.formatMessage(messages.uniqueUsers),
              <span key="unique-users" data-testid="unique-users">
                {f.number(userEngagement.uniqueUsers)}
              </span>,
            ],
            [
              intl.formatMessage(messages.averageSession),
              <span key="average-session" data-testid="average-session">
                {sessionMinutes(intl, userEngagement.averageDuration)}
              </span>,
            ],
          ]}
        />
        <p className="mt-3 text-sm text-govuk-grey dark:text-slate-300">
          {intl.formatMessage(messages.engagementNote, { span })}
        </p>
      </Panel>
      <Panel title={intl.formatMessage(messages.topPages)} id="top-pages-heading">
        <BarList
          label={intl.formatMessage(messages.topPagesLabel, { count: SHOWN.topPages, span })}
          testId="top-pages"
          items={userEngagement.topPages.slice(0, SHOWN.topPages).map((p) => ({
            key: p.page,
            label: (
              <code dir="ltr" className="break-all">
                {p.page || intl.formatMessage(messages.unknownPage)}
              </code>
            ),
            value: p.views,
            detail: intl.formatMessage(messages.views, { count: p.views }),
          }))}
        />
      </Panel>
      <Panel title={intl.formatMessage(messages.devices)} id="devices-heading">
        <BarList
          label={intl.formatMessage(messages.devicesLabel, { span })}
          testId="devices"
          mark="fill-teal-700 dark:fill-teal-400"
          items={charts.devices.map((d) => ({
            key: d.device,
            label: intl.formatMessage(messages.device, { device: d.device, name: capitalise(d.device) }),
            value: d.sessions,
            detail: intl.formatMessage(messages.sessionCount, { count: d.sessions }),
          }))}
        />
      </Panel>
    </div>
  );
}
