/**
 * The analytics dashboard (spec 000 §2 "Analytics dashboard"; issue 12) at /analytics, for
 * administrators: four headline tiles, a time range, and the tabs Overview, Events, System Logs,
 * Security Audit (issue 13), Errors and Performance, each read from its /api/analytics/* call and
 * refreshed on the spec's interval (§9) while the browser tab is visible.
 */
import { type ReactNode, useState } from "react";
import { Card } from "#app/components/ui/card.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import {
  type AnalyticsDashboard as Dashboard,
  RANGE_LABELS,
  RANGES,
  type Range,
  REFRESH_MS,
} from "#core/analytics/dashboard.ts";
import { formatDateTime } from "#core/format/format.ts";
import { SecurityAuditTab } from "./audit.tsx";
import { ResponseTimeBadge } from "./badges.tsx";
import { ErrorsTab } from "./errors.tsx";
import { EventsTab, LogsTab, PerformanceTab, Spinner } from "./lists.tsx";
import { Overview } from "./overview.tsx";
import { Tabs } from "./tabs.tsx";
import { usePolled } from "./use-polled.ts";

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "events", label: "Events" },
  { id: "logs", label: "System Logs" },
  { id: "audit", label: "Security Audit" },
  { id: "errors", label: "Errors" },
  { id: "performance", label: "Performance" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export function AnalyticsDashboard() {
  const [range, setRange] = useState<Range>("24h");
  const [tab, setTab] = useState<TabId>("overview");
  const url = `/api/analytics/dashboard?range=${range}`;
  const dashboard = usePolled<Dashboard>(url, REFRESH_MS.dashboard);
  const data = dashboard.data;
  const updating = dashboard.loading && data !== null && dashboard.dataUrl !== url;

  return (
    <SignedInPage
      title="Analytics Dashboard"
      lead="How the service is doing: traffic, response times, errors and logs."
      aside={<RangePicker range={range} onChange={setRange} />}
    >
      <p className="mt-4 min-h-6 text-sm text-govuk-grey dark:text-slate-300" data-testid="figures-as-of">
        {updating
          ? "Updating…"
          : data
            ? `${RANGE_LABELS[data.range]} · figures as of ${formatDateTime(data.generatedAt)}, refreshed every ${REFRESH_MS.dashboard / 1000} seconds`
            : null}
      </p>
      {dashboard.error ? (
        <p
          role="alert"
          className="mt-4 rounded-sm border-s-4 border-govuk-red bg-red-50 p-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          The dashboard could not be read: {dashboard.error}
        </p>
      ) : null}

      <section
        aria-label="Headline figures"
        className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        aria-busy={data === null}
      >
        <Tile
          label="Active Users"
          icon="users"
          testId="tile-active-users"
          detail="Active in the last 15 minutes"
          value={data?.systemHealth.activeUsers.toLocaleString("en-GB")}
        />
        <Tile
          label="Avg Response Time"
          icon="clock"
          testId="tile-avg-response-time"
          detail={
            data
              ? `Mean of measured API requests, ${RANGE_LABELS[data.range].toLowerCase()}`
              : "Mean of measured API requests"
          }
          value={
            data ? (
              data.systemHealth.averageResponseTime === null ? (
                "No data"
              ) : (
                <ResponseTimeBadge ms={data.systemHealth.averageResponseTime} large />
              )
            ) : undefined
          }
        />
        <Tile
          label="Unresolved Errors"
          icon="alert"
          testId="tile-unresolved-errors"
          detail="Error groups nobody has resolved yet"
          value={data?.systemHealth.unresolvedErrors.toLocaleString("en-GB")}
        />
        <Tile
          label="Total Sessions"
          icon="chart"
          testId="tile-total-sessions"
          detail={data ? `Visits started, ${RANGE_LABELS[data.range].toLowerCase()}` : "Visits started"}
          value={data?.userEngagement.totalSessions.toLocaleString("en-GB")}
        />
      </section>
      {data === null && !dashboard.error ? <Spinner label="Loading analytics…" /> : null}

      <div className="mt-8">
        <Tabs label="Analytics" tabs={TABS} selected={tab} onSelect={setTab}>
          {(id) => {
            switch (id) {
              case "overview":
                return data ? (
                  <Overview dashboard={data} />
                ) : dashboard.error ? null : (
                  <Spinner label="Loading the overview…" />
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
            <span className="sr-only">Loading</span>
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{detail}</p>
    </Card>
  );
}

/** The time range (24 hours, 7 or 30 days): radio buttons drawn as one segmented control, so arrows move between them. */
function RangePicker({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">Time range</legend>
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
              {RANGE_LABELS[r]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
