/**
 * The analytics dashboard's lists (spec 000 §2 "Analytics dashboard", §3, §8): recent events,
 * system logs filtered by level, and performance metrics, each read from its /api/analytics/*
 * call and refreshed on the spec's interval while its tab is shown.
 */
import { type ReactNode, useState } from "react";
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
import { capitalise, formatDateTimeSeconds } from "#core/format/format.ts";
import { LevelBadge, ResponseTimeBadge } from "./badges.tsx";
import { type Polled, usePolled } from "./use-polled.ts";

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6">
      <span
        className="inline-block h-6 w-6 animate-spin rounded-full border-4 border-slate-300 border-t-govuk-blue dark:border-slate-600 dark:border-t-govuk-blue-light"
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
  noun,
  empty,
  children,
}: {
  polled: Polled<T[]>;
  noun: string;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  const { data, error } = polled;
  return (
    <div aria-busy={polled.loading} className="min-w-0">
      {error ? (
        <p
          role="status"
          className="mb-3 rounded-sm border-s-4 border-govuk-red bg-red-50 p-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          The {noun} could not be read: {error}
        </p>
      ) : null}
      {data === null ? (
        error ? null : (
          <Spinner label={`Loading ${noun}…`} />
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

const when = (at: string) => <time dateTime={at}>{formatDateTimeSeconds(at)}</time>;
export const orNone = (value: string | null) =>
  value ?? <span className="text-govuk-grey dark:text-slate-400">None</span>;

export function EventsTab() {
  const events = usePolled<EventRecord[]>(`/api/analytics/events?limit=${DEFAULT_LIMITS.events}`, REFRESH_MS.events);
  return (
    <ListState polled={events} noun="events" empty="No events found">
      {(rows) => (
        <ListTable
          caption={`Recent events, newest first (up to ${DEFAULT_LIMITS.events})`}
          testId="events-table"
          rows={rows}
          columns={[
            { header: "Action", cell: (e) => <span className="font-semibold">{e.eventAction}</span> },
            { header: "Category", cell: (e) => e.eventCategory },
            { header: "Page", cell: (e) => orNone(e.page), className: "break-all" },
            { header: "Time", cell: (e) => when(e.timestamp), className: "whitespace-nowrap" },
          ]}
        />
      )}
    </ListState>
  );
}

const LEVEL_OPTIONS = [
  { value: "all", label: "All levels" },
  ...LOG_LEVELS.map((level) => ({ value: level, label: capitalise(level) })),
];

export function LogsTab() {
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
        label="Level"
        options={LEVEL_OPTIONS}
        value={level}
        onChange={(event) => setLevel(event.target.value as LogLevel | "all")}
        className="max-w-xs"
        data-testid="log-level"
      />
      <ListState polled={logs} noun="logs" empty="No logs found">
        {(rows) => (
          <ListTable
            caption={`System logs${level === "all" ? "" : ` at level ${level}`}, newest first (up to ${DEFAULT_LIMITS.logs})`}
            testId="logs-table"
            rows={rows}
            columns={[
              { header: "Level", cell: (log) => <LevelBadge level={log.level} /> },
              {
                header: "Message",
                cell: (log) => <span className="break-words">{log.message}</span>,
                className: "min-w-[16rem]",
              },
              { header: "Component", cell: (log) => orNone(log.component ?? log.category), className: "min-w-[8rem]" },
              {
                header: "Request id",
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
              { header: "Time", cell: (log) => when(log.timestamp), className: "whitespace-nowrap" },
            ]}
          />
        )}
      </ListState>
    </div>
  );
}

export function PerformanceTab() {
  const metrics = usePolled<PerformanceMetric[]>(
    `/api/analytics/performance?metricType=response_time&limit=${DEFAULT_LIMITS.performance}`,
    REFRESH_MS.performance,
  );
  return (
    <ListState polled={metrics} noun="metrics" empty="No metrics available">
      {(rows) => (
        <ListTable
          caption={`The ${SHOWN.performance} most recent response times`}
          testId="metrics-table"
          rows={rows.slice(0, SHOWN.performance)}
          columns={[
            { header: "Metric", cell: (m) => <span className="font-semibold">{m.metricName}</span> },
            {
              header: "Value",
              cell: (m) =>
                m.metricType === "response_time" && m.unit === "ms" ? (
                  <ResponseTimeBadge ms={m.value} />
                ) : (
                  <span className="tabular-nums">
                    {m.value.toLocaleString("en-GB")} {m.unit}
                  </span>
                ),
            },
            {
              header: "Endpoint",
              cell: (m) =>
                m.endpoint ? (
                  <code dir="ltr" className="break-all text-xs">
                    {m.endpoint}
                  </code>
                ) : (
                  orNone(null)
                ),
            },
            { header: "Time", cell: (m) => when(m.timestamp), className: "whitespace-nowrap" },
          ]}
        />
      )}
    </ListState>
  );
}
