/**
 * The analytics dashboard's lists (spec 000 §2 "Analytics dashboard", §3, §8): recent events,
 * system logs filtered by level, and performance metrics, each read from its /api/analytics/*
 * call and refreshed on the spec's interval while its tab is shown.
 */
import { type ReactNode, useState } from "react";
import { defineMessages, type NoMessageValues, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import {
  DEFAULT_LIMITS,
  type EventRecord,
  LOG_LEVELS,
  type LogEntry,
  type LogLevel,
  type PerformanceMetric,
  REFRESH_MS,
  SHOWN,
} from "#core/analytics/dashboard.ts";
import { LevelBadge, ResponseTimeBadge, useLevelWord } from "./badges.tsx";
import { type Polled, usePolled } from "./use-polled.ts";

type Values = {
  action: NoMessageValues;
  allLevels: NoMessageValues;
  category: NoMessageValues;
  component: NoMessageValues;
  endpoint: NoMessageValues;
  eventAction: { action: string };
  eventCategory: { category: string };
  eventsCaption: { limit: string | number };
  failed: { list: string; error: string | number };
  level: NoMessageValues;
  loading: { list: string };
  logsCaption: { limit: string | number };
  logsCaptionAtLevel: { level: string | number; limit: string | number };
  message: NoMessageValues;
  metric: NoMessageValues;
  metricName: { name: string };
  metricsCaption: { count: string | number };
  noEvents: NoMessageValues;
  noLogs: NoMessageValues;
  noMetrics: NoMessageValues;
  none: NoMessageValues;
  page: NoMessageValues;
  requestId: NoMessageValues;
  time: NoMessageValues;
  value: NoMessageValues;
  valueWithUnit: { value: string | number; unit: string | number };
};
const messages = defineMessages<Values>({
  failed: {
    id: "analytics.lists.failed",
    defaultMessage:
      "{list, select, events {The events could not be read: {error}} logs {The logs could not be read: {error}} metrics {The metrics could not be read: {error}} errors {The errors could not be read: {error}} other {The security audit could not be read: {error}}}",
    description: "A list could not be read; {error} is the server's reason, already in the page's language.",
  },
  loading: {
    id: "analytics.lists.loading",
    defaultMessage:
      "{list, select, events {Loading events…} logs {Loading logs…} metrics {Loading metrics…} errors {Loading errors…} other {Loading security audit…}}",
  },
  none: { id: "analytics.lists.none", defaultMessage: "None", description: "An empty cell: nothing recorded." },
  noEvents: { id: "analytics.lists.noEvents", defaultMessage: "No events found" },
  eventsCaption: {
    id: "analytics.lists.eventsCaption",
    defaultMessage: "Recent events, newest first (up to {limit})",
  },
  action: { id: "analytics.lists.action", defaultMessage: "Action", description: "A column: what the person did." },
  category: { id: "analytics.lists.category", defaultMessage: "Category" },
  page: { id: "analytics.lists.page", defaultMessage: "Page", description: "A column: the page's address." },
  time: { id: "analytics.lists.time", defaultMessage: "Time" },
  eventAction: {
    id: "analytics.lists.eventAction",
    defaultMessage:
      "{action, select, view_page {view_page} view {view} click {click} download {download} share {share} form_submit {form_submit} frontend_error {frontend_error} other {{action}}}",
    description:
      "What a person did, as the product records it (English shows the recorded code; another language may say it in words). Any other value is shown as recorded.",
  },
  eventCategory: {
    id: "analytics.lists.eventCategory",
    defaultMessage:
      "{category, select, navigation {navigation} user_interaction {user_interaction} credential {credential} error {error} other {{category}}}",
    description:
      "An event's kind, as the product records it (English shows the recorded code; another language may say it in words). Any other value is shown as recorded.",
  },
  allLevels: { id: "analytics.lists.allLevels", defaultMessage: "All levels" },
  level: { id: "analytics.lists.level", defaultMessage: "Level", description: "A log line's level (debug to error)." },
  noLogs: { id: "analytics.lists.noLogs", defaultMessage: "No logs found" },
  logsCaption: {
    id: "analytics.lists.logsCaption",
    defaultMessage: "System logs, newest first (up to {limit})",
  },
  logsCaptionAtLevel: {
    id: "analytics.lists.logsCaptionAtLevel",
    defaultMessage: "System logs at level {level}, newest first (up to {limit})",
    description: "{level} is a level as recorded: debug, info, warn or error.",
  },
  message: { id: "analytics.lists.message", defaultMessage: "Message" },
  component: {
    id: "analytics.lists.component",
    defaultMessage: "Component",
    description: "A column: the part of the service that wrote the line.",
  },
  requestId: { id: "analytics.lists.requestId", defaultMessage: "Request id" },
  noMetrics: { id: "analytics.lists.noMetrics", defaultMessage: "No metrics available" },
  metricsCaption: {
    id: "analytics.lists.metricsCaption",
    defaultMessage: "The {count} most recent response times",
  },
  metric: { id: "analytics.lists.metric", defaultMessage: "Metric" },
  metricName: {
    id: "analytics.lists.metricName",
    defaultMessage: "{name, select, api_request {api_request} other {{name}}}",
    description:
      "A measurement's name, as the product records it (English shows the recorded code; another language may say it in words).",
  },
  value: { id: "analytics.lists.value", defaultMessage: "Value" },
  valueWithUnit: {
    id: "analytics.lists.valueWithUnit",
    defaultMessage: "{value} {unit}",
    description: "A measurement and its unit as recorded ('12 ms').",
  },
  endpoint: { id: "analytics.lists.endpoint", defaultMessage: "Endpoint", description: "An API address." },
});

/** The lists a dashboard tab reads, for their loading and failure words. */
export type ListName = "events" | "logs" | "metrics" | "errors" | "audit";

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6">
      <span
        className="inline-block h-6 w-6 motion-safe:animate-spin rounded-full border-4 border-slate-300 border-t-govuk-blue dark:border-slate-600 dark:border-t-govuk-blue-light"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}

/**
 * What a list shows while it is read, when reading failed, when it is empty (the spec's words),
 * and otherwise the list; a failed refresh keeps the last list and says so above it.
 */
export function ListState<T>({
  polled,
  list,
  empty,
  children,
}: {
  polled: Polled<T[]>;
  list: ListName;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const intl = useIntl();
  const { data, error } = polled;
  return (
    <div aria-busy={polled.loading} className="min-w-0">
      {error ? (
        <p
          role="status"
          className="mb-3 rounded-sm border-s-4 border-govuk-red bg-red-50 p-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {intl.formatMessage(messages.failed, { list, error })}
        </p>
      ) : null}
      {data === null ? (
        error ? null : (
          <Spinner label={intl.formatMessage(messages.loading, { list })} />
        )
      ) : data.length ? (
        children(data)
      ) : (
        <p className="py-4">{empty}</p>
      )}
    </div>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * A list as a table that scrolls sideways inside its own focusable region on a narrow screen;
 * `minWidth`, the table's least width (a Tailwind class) where it has more columns.
 */
export function ListTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  testId,
  minWidth = "min-w-[48rem]",
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  testId: string;
  minWidth?: string;
}) {
  return (
    <section
      className="overflow-x-auto"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label={caption}
    >
      <table className={`w-full ${minWidth} text-start text-sm`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-govuk-border dark:border-slate-600">
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-2 py-2 font-bold">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-b border-govuk-border/60 align-top dark:border-slate-700"
              data-testid={`${testId}-row`}
            >
              {columns.map((column) => (
                <td key={column.header} className={`px-2 py-2 ${column.className ?? ""}`.trim()}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A time a line was written, to the second. */
function When({ at }: { at: string }) {
  const f = useFormats();
  return <time dateTime={at}>{f.dateTimeSeconds(at)}</time>;
}

/** An empty cell's word. */
function None() {
  const intl = useIntl();
  return <span className="text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.none)}</span>;
}

export const orNone = (value: string | null) => value ?? <None />;

export function EventsTab() {
  const intl = useIntl();
  const events = usePolled<EventRecord[]>(`/api/analytics/events?limit=${DEFAULT_LIMITS.events}`, REFRESH_MS.events);
  return (
    <ListState polled={events} list="events" empty={intl.formatMessage(messages.noEvents)}>
      {(rows) => (
        <ListTable
          caption={intl.formatMessage(messages.eventsCaption, { limit: DEFAULT_LIMITS.events })}
          testId="events-table"
          rows={rows}
          columns={[
            {
              header: intl.formatMessage(messages.action),
              cell: (e) => (
                <span className="font-semibold">
                  {intl.formatMessage(messages.eventAction, { action: e.eventAction })}
                </span>
              ),
            },
            {
              header: intl.formatMessage(messages.category),
              cell: (e) => intl.formatMessage(messages.eventCategory, { category: e.eventCategory }),
            },
            { header: intl.formatMessage(messages.page), cell: (e) => orNone(e.page), className: "break-all" },
            {
              header: intl.formatMessage(messages.time),
              cell: (e) => <When at={e.timestamp} />,
              className: "whitespace-nowrap",
            },
          ]}
        />
      )}
    </ListState>
  );
}

export function LogsTab() {
  const intl = useIntl();
  const levelWord = useLevelWord();
  const levelOptions = [
    { value: "all", label: intl.formatMessage(messages.allLevels) },
    ...LOG_LEVELS.map((level) => ({ value: level, label: levelWord(level) })),
  ];
  const [level, setLevel] = useState<LogLevel | "all">("all");
  // Spec 000 §7: the level is left out for "all".
  const logs = usePolled<LogEntry[]>(
    `/api/analytics/logs?${level === "all" ? "" : `level=${level}&`}limit=${DEFAULT_LIMITS.logs}`,
    REFRESH_MS.logs,
  );
  return (
    <div className="grid gap-4">
      <SelectField
        compact
        label={intl.formatMessage(messages.level)}
        options={levelOptions}
        value={level}
        onChange={(event) => setLevel(event.target.value as LogLevel | "all")}
        className="max-w-xs"
        data-testid="log-level"
      />
      <ListState polled={logs} list="logs" empty={intl.formatMessage(messages.noLogs)}>
        {(rows) => (
          <ListTable
            caption={
              level === "all"
                ? intl.formatMessage(messages.logsCaption, { limit: DEFAULT_LIMITS.logs })
                : intl.formatMessage(messages.logsCaptionAtLevel, { level, limit: DEFAULT_LIMITS.logs })
            }
            testId="logs-table"
            rows={rows}
            columns={[
              { header: intl.formatMessage(messages.level), cell: (log) => <LevelBadge level={log.level} /> },
              {
                header: intl.formatMessage(messages.message),
                cell: (log) => <span className="break-words">{log.message}</span>,
                className: "min-w-[16rem]",
              },
              {
                header: intl.formatMessage(messages.component),
                cell: (log) => orNone(log.component ?? log.category),
                className: "min-w-[8rem]",
              },
              {
                header: intl.formatMessage(messages.requestId),
                cell: (log) =>
                  log.requestId ? (
                    <code dir="ltr" className="break-all text-xs">
                      {log.requestId}
                    </code>
                  ) : (
                    orNone(null)
                  ),
                className: "min-w-[12rem]",
              },
              {
                header: intl.formatMessage(messages.time),
                cell: (log) => <When at={log.timestamp} />,
                className: "whitespace-nowrap",
              },
            ]}
          />
        )}
      </ListState>
    </div>
  );
}

export function PerformanceTab() {
  const intl = useIntl();
  const f = useFormats();
  const metrics = usePolled<PerformanceMetric[]>(
    `/api/analytics/performance?metricType=response_time&limit=${DEFAULT_LIMITS.performance}`,
    REFRESH_MS.performance,
  );
  return (
    <ListState polled={metrics} list="metrics" empty={intl.formatMessage(messages.noMetrics)}>
      {(rows) => (
        <ListTable
          caption={intl.formatMessage(messages.metricsCaption, { count: SHOWN.performance })}
          testId="metrics-table"
          rows={rows.slice(0, SHOWN.performance)}
          columns={[
            {
              header: intl.formatMessage(messages.metric),
              cell: (m) => (
                <span className="font-semibold">{intl.formatMessage(messages.metricName, { name: m.metricName })}</span>
              ),
            },
            {
              header: intl.formatMessage(messages.value),
              cell: (m) =>
                m.metricType === "response_time" && m.unit === "ms" ? (
                  <ResponseTimeBadge ms={m.value} />
                ) : (
                  <span className="tabular-nums">
                    {intl.formatMessage(messages.valueWithUnit, { value: f.number(m.value), unit: m.unit })}
                  </span>
                ),
            },
            {
              header: intl.formatMessage(messages.endpoint),
              cell: (m) =>
                m.endpoint ? (
                  <code dir="ltr" className="break-all text-xs">
                    {m.endpoint}
                  </code>
                ) : (
                  orNone(null)
                ),
            },
            {
              header: intl.formatMessage(messages.time),
              cell: (m) => <When at={m.timestamp} />,
              className: "whitespace-nowrap",
            },
          ]}
        />
      )}
    </ListState>
  );
}
