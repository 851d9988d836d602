/**
 * The analytics dashboard (spec 000 §2 "Analytics dashboard"; issue 12) at /analytics, for
 * administrators: four headline tiles, a time range, and the tabs Overview, Events, System Logs,
 * Security Audit (issue 13), Errors and Performance, each read from its /api/analytics/* call and
 * refreshed on the spec's interval (§9) while the browser tab is visible.
 */
import { type ReactNode, useState } from "react";
import { defineMessages, type NoMessageValues, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { type AnalyticsDashboard as Dashboard, RANGES, type Range, REFRESH_MS } from "#core/analytics/dashboard.ts";
import { SecurityAuditTab } from "./audit.tsx";
import { ResponseTimeBadge } from "./badges.tsx";
import { ErrorsTab } from "./errors.tsx";
import { EventsTab, LogsTab, PerformanceTab, Spinner } from "./lists.tsx";
import { Overview } from "./overview.tsx";
import { Tabs } from "./tabs.tsx";
import { useTimeWords } from "./time.ts";
import { usePolled } from "./use-polled.ts";

type Values = {
  activeUsers: NoMessageValues;
  activeUsersDetail: NoMessageValues;
  asOf: { range: string | number; when: string | number; interval: string | number };
  averageResponse: NoMessageValues;
  averageResponseDetail: NoMessageValues;
  averageResponseDetailSpan: { span: string | number };
  headline: NoMessageValues;
  interval: { seconds: number };
  lead: NoMessageValues;
  loading: NoMessageValues;
  loadingAnalytics: NoMessageValues;
  loadingOverview: NoMessageValues;
  noData: NoMessageValues;
  readFailed: { error: string | number };
  tabAudit: NoMessageValues;
  tabErrors: NoMessageValues;
  tabEvents: NoMessageValues;
  tabLogs: NoMessageValues;
  tabOverview: NoMessageValues;
  tabPerformance: NoMessageValues;
  tabs: NoMessageValues;
  timeRange: NoMessageValues;
  title: NoMessageValues;
  totalSessions: NoMessageValues;
  totalSessionsDetail: NoMessageValues;
  totalSessionsDetailSpan: { span: string | number };
  unresolvedErrors: NoMessageValues;
  unresolvedErrorsDetail: NoMessageValues;
  updating: NoMessageValues;
};
const messages = defineMessages<Values>({
  title: { id: "analytics.dashboard.title", defaultMessage: "Analytics Dashboard" },
  lead: {
    id: "analytics.dashboard.lead",
    defaultMessage: "How the service is doing: traffic, response times, errors and logs.",
  },
  updating: { id: "analytics.dashboard.updating", defaultMessage: "Updating…" },
  asOf: {
    id: "analytics.dashboard.asOf",
    defaultMessage: "{range} · figures as of {when}, refreshed every {interval}",
    description:
      "{range} is the time range ('Last 24 hours'); {when} a date and time; {interval} how often ('30 seconds').",
  },
  interval: {
    id: "analytics.dashboard.interval",
    defaultMessage: "{seconds, plural, one {# second} other {# seconds}}",
    description: "How often the figures are read again.",
  },
  readFailed: {
    id: "analytics.dashboard.readFailed",
    defaultMessage: "The dashboard could not be read: {error}",
    description: "{error} is the server's reason, already in the page's language.",
  },
  headline: { id: "analytics.dashboard.headline", defaultMessage: "Headline figures" },
  activeUsers: { id: "analytics.dashboard.activeUsers", defaultMessage: "Active Users" },
  activeUsersDetail: { id: "analytics.dashboard.activeUsersDetail", defaultMessage: "Active in the last 15 minutes" },
  averageResponse: { id: "analytics.dashboard.averageResponse", defaultMessage: "Avg Response Time" },
  averageResponseDetail: {
    id: "analytics.dashboard.averageResponseDetail",
    defaultMessage: "Mean of measured API requests",
  },
  averageResponseDetailSpan: {
    id: "analytics.dashboard.averageResponseDetailSpan",
    defaultMessage: "Mean of measured API requests, {span}",
    description: "{span} is the time range inside a sentence ('last 7 days').",
  },
  noData: { id: "analytics.dashboard.noData", defaultMessage: "No data" },
  unresolvedErrors: { id: "analytics.dashboard.unresolvedErrors", defaultMessage: "Unresolved Errors" },
  unresolvedErrorsDetail: {
    id: "analytics.dashboard.unresolvedErrorsDetail",
    defaultMessage: "Error groups nobody has resolved yet",
  },
  totalSessions: { id: "analytics.dashboard.totalSessions", defaultMessage: "Total Sessions" },
  totalSessionsDetail: { id: "analytics.dashboard.totalSessionsDetail", defaultMessage: "Visits started" },
  totalSessionsDetailSpan: {
    id: "analytics.dashboard.totalSessionsDetailSpan",
    defaultMessage: "Visits started, {span}",
    description: "{span} is the time range inside a sentence ('last 7 days').",
  },
  loadingAnalytics: { id: "analytics.dashboard.loadingAnalytics", defaultMessage: "Loading analytics…" },
  loadingOverview: { id: "analytics.dashboard.loadingOverview", defaultMessage: "Loading the overview…" },
  loading: { id: "analytics.dashboard.loading", defaultMessage: "Loading" },
  tabs: { id: "analytics.dashboard.tabs", defaultMessage: "Analytics", description: "The tab list's name." },
  tabOverview: { id: "analytics.dashboard.tabOverview", defaultMessage: "Overview" },
  tabEvents: { id: "analytics.dashboard.tabEvents", defaultMessage: "Events" },
  tabLogs: { id: "analytics.dashboard.tabLogs", defaultMessage: "System Logs" },
  tabAudit: { id: "analytics.dashboard.tabAudit", defaultMessage: "Security Audit" },
  tabErrors: { id: "analytics.dashboard.tabErrors", defaultMessage: "Errors" },
  tabPerformance: { id: "analytics.dashboard.tabPerformance", defaultMessage: "Performance" },
  timeRange: { id: "analytics.dashboard.timeRange", defaultMessage: "Time range" },
});

const TABS = [
  { id: "overview", label: messages.tabOverview },
  { id: "events", label: messages.tabEvents },
  { id: "logs", label: messages.tabLogs },
  { id: "audit", label: messages.tabAudit },
  { id: "errors", label: messages.tabErrors },
  { id: "performance", label: messages.tabPerformance },
] as const;
type TabId = (typeof TABS)[number]["id"];

export function AnalyticsDashboard() {
  const intl = useIntl();
  const f = useFormats();
  const words = useTimeWords();
  const [range, setRange] = useState<Range>("24h");
  const [tab, setTab] = useState<TabId>("overview");
  const url = `/api/analytics/dashboard?range=${range}`;
  const dashboard = usePolled<Dashboard>(url, REFRESH_MS.dashboard);
  const data = dashboard.data;
  const updating = dashboard.loading && data !== null && dashboard.dataUrl !== url;

  return (
    <SignedInPage
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead)}
      aside={<RangePicker range={range} onChange={setRange} />}
    >
      <p className="mt-4 min-h-6 text-sm text-govuk-grey dark:text-slate-300" data-testid="figures-as-of">
        {updating
          ? intl.formatMessage(messages.updating)
          : data
            ? intl.formatMessage(messages.asOf, {
                range: words.range(data.range),
                when: f.dateTime(data.generatedAt),
                interval: intl.formatMessage(messages.interval, { seconds: REFRESH_MS.dashboard / 1000 }),
              })
            : null}
      </p>
      {dashboard.error ? (
        <p
          role="alert"
          className="mt-4 rounded-sm border-s-4 border-govuk-red bg-red-50 p-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {intl.formatMessage(messages.readFailed, { error: dashboard.error })}
        </p>
      ) : null}

      <section
        aria-label={intl.formatMessage(messages.headline)}
        className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        aria-busy={data === null}
      >
        <Tile
          label={intl.formatMessage(messages.activeUsers)}
          icon="users"
          testId="tile-active-users"
          detail={intl.formatMessage(messages.activeUsersDetail)}
          value={data ? f.number(data.systemHealth.activeUsers) : undefined}
        />
        <Tile
          label={intl.formatMessage(messages.averageResponse)}
          icon="clock"
          testId="tile-avg-response-time"
          detail={
            data
              ? intl.formatMessage(messages.averageResponseDetailSpan, { span: words.span(data.range) })
              : intl.formatMessage(messages.averageResponseDetail)
          }
          value={
            data ? (
              data.systemHealth.averageResponseTime === null ? (
                intl.formatMessage(messages.noData)
              ) : (
                <ResponseTimeBadge ms={data.systemHealth.averageResponseTime} large />
              )
            ) : undefined
          }
        />
        <Tile
          label={intl.formatMessage(messages.unresolvedErrors)}
          icon="alert"
          testId="tile-unresolved-errors"
          detail={intl.formatMessage(messages.unresolvedErrorsDetail)}
          value={data ? f.number(data.systemHealth.unresolvedErrors) : undefined}
        />
        <Tile
          label={intl.formatMessage(messages.totalSessions)}
          icon="chart"
          testId="tile-total-sessions"
          detail={
            data
              ? intl.formatMessage(messages.totalSessionsDetailSpan, { span: words.span(data.range) })
              : intl.formatMessage(messages.totalSessionsDetail)
          }
          value={data ? f.number(data.userEngagement.totalSessions) : undefined}
        />
      </section>
      {data === null && !dashboard.error ? <Spinner label={intl.formatMessage(messages.loadingAnalytics)} /> : null}

      <div className="mt-8">
        <Tabs
          label={intl.formatMessage(messages.tabs)}
          tabs={TABS.map((t) => ({ id: t.id, label: intl.formatMessage(t.label) }))}
          selected={tab}
          onSelect={setTab}
        >
          {(id) => {
            switch (id) {
              case "overview":
                return data ? (
                  <Overview dashboard={data} />
                ) : dashboard.error ? null : (
                  <Spinner label={intl.formatMessage(messages.loadingOverview)} />
                );
              case "events":
                return <EventsTab />;
              case "logs":
                return <LogsTab />;
              case "audit":
                return <SecurityAuditTab />;
              case "errors":
                return <ErrorsTab onResolved={dashboard.refresh} />;
              case "performance":
                return <PerformanceTab />;
            }
          }}
        </Tabs>
      </div>
    </SignedInPage>
  );
}

function Tile({
  label,
  icon,
  detail,
  value,
  testId,
}: {
  label: string;
  icon: IconName;
  detail: string;
  value: ReactNode | undefined;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <Card className="border-t-4 border-t-govuk-blue p-4 sm:p-5 dark:border-t-govuk-blue-light" data-testid={testId}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-govuk-grey dark:text-slate-300">{label}</h2>
        <span className="hidden text-govuk-blue sm:block dark:text-govuk-blue-light">
          <Icon name={icon} />
        </span>
      </div>
      <p className="mt-3 min-h-10 text-3xl font-bold tabular-nums sm:text-4xl" data-testid={`${testId}-value`}>
        {value ?? (
          <>
            <span className="text-govuk-grey dark:text-slate-400" aria-hidden="true">
              …
            </span>
            <span className="sr-only">{intl.formatMessage(messages.loading)}</span>
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{detail}</p>
    </Card>
  );
}

/** The time range (24 hours, 7 or 30 days): radio buttons drawn as one segmented control, so arrows move between them. */
function RangePicker({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const intl = useIntl();
  const words = useTimeWords();
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{intl.formatMessage(messages.timeRange)}</legend>
      <div className="mt-1 grid grid-cols-3 rounded-sm border-2 border-govuk-black dark:border-slate-400">
        {RANGES.map((r) => (
          <label key={r} className="cursor-pointer">
            <input
              type="radio"
              name="range"
              value={r}
              checked={range === r}
              onChange={() => onChange(r)}
              className="peer sr-only"
              data-testid={`range-${r}`}
            />
            <span className="block h-full px-2 py-1.5 text-center text-sm font-semibold sm:px-3 sm:text-base peer-checked:bg-govuk-blue peer-checked:text-white peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-0 peer-focus-visible:outline-govuk-yellow peer-focus-visible:outline-solid hover:bg-slate-100 peer-checked:hover:bg-govuk-blue dark:hover:bg-slate-800 dark:peer-checked:bg-govuk-blue-light dark:peer-checked:text-govuk-black">
              {words.range(r)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
