/**
 * The Security Audit tab (issue 13 "Audit"): the one audit log of security events (sign-ins and
 * their failures, passkeys, refused access, revocations, API keys, dual-control decisions, agent
 * controls and review decisions), filtered by category, event, person and a UTC time range, and
 * paged newest first. Every time is shown in UTC as ISO 8601, so it matches the logs and the
 * request ids administrators quote to each other. Names and reasons arrive escaped from the API:
 * a name typed with a line break or a terminal escape shows as its escape, never as a new row.
 */
import { type FormEvent, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import {
  AUDIT_CATEGORIES,
  AUDIT_CATEGORY_LABELS,
  type AuditCategory,
  type AuditEntry,
  type AuditPage,
  AuditQuery,
  isoUtcSeconds,
  KNOWN_AUDIT_EVENTS,
} from "#core/analytics/audit.ts";
import { DEFAULT_LIMITS, REFRESH_MS } from "#core/analytics/dashboard.ts";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { LevelBadge } from "./badges.tsx";
import { ListState, ListTable, orNone } from "./lists.tsx";
import { type Polled, usePolled } from "./use-polled.ts";

interface Filters {
  category: AuditCategory | "all";
  event: string;
  /** A username, or a user id (a UUID). */
  user: string;
  /** datetime-local values ("2026-11-24T09:30" or with seconds), read as UTC. */
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { category: "all", event: "", user: "", from: "", to: "" };
const CATEGORY_OPTIONS = [
  { value: "all", label: "All categories" },
  ...AUDIT_CATEGORIES.map((category) => ({ value: category, label: AUDIT_CATEGORY_LABELS[category] })),
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The API's query for the filters: the picker's local-looking times are UTC (the labels say so). */
function queryOf(filters: Filters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.category !== "all") query.category = filters.category;
  if (filters.event.trim()) query.event = filters.event.trim();
  const user = filters.user.trim();
  if (user) query[UUID.test(user) ? "userId" : "username"] = user;
  if (filters.from) query.from = `${filters.from}Z`;
  if (filters.to) query.to = `${filters.to}Z`;
  return query;
}

const auditUrl = (filters: Filters, cursor: string | null) =>
  `/api/analytics/audit?${new URLSearchParams({ ...queryOf(filters), limit: String(DEFAULT_LIMITS.audit), ...(cursor ? { cursor } : {}) })}`;

/** What the table holds, in words, for its caption. */
function describe(filters: Filters): string {
  const parts = [
    filters.category === "all" ? null : AUDIT_CATEGORY_LABELS[filters.category],
    filters.event.trim() ? `event "${filters.event.trim()}"` : null,
    filters.user.trim() ? `user ${filters.user.trim()}` : null,
    filters.from ? `from ${filters.from} UTC` : null,
    filters.to ? `to ${filters.to} UTC` : null,
  ].filter(Boolean);
  return parts.length ? `filtered by ${parts.join(", ")}` : "all events";
}

export function SecurityAuditTab() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  // Filters the API would refuse are said here, before anything is read (the same rules: core/analytics/audit.ts).
  const [problem, setProblem] = useState<string | null>(null);
  // The cursors of the pages before this one: going back pops, going on pushes.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const summary = useRef<HTMLParagraphElement>(null);
  const cursor = cursors.at(-1) ?? null;
  const url = auditUrl(applied, cursor);
  const page = usePolled<AuditPage>(url, REFRESH_MS.audit);
  // Only the page this URL answered: while a new filter or page loads, the table waits with the summary.
  const shown = page.data && page.dataUrl === url ? page.data : null;
  const entries: Polled<AuditEntry[]> = {
    ...page,
    data: shown ? shown.entries : null,
    update: (change) => page.update((p) => ({ ...p, entries: change(p.entries) })),
  };

  const change = (field: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  // What every typed filter shares: its name and test id from the field, and its value in the draft.
  const typed = (field: Exclude<keyof Filters, "category">) => ({
    compact: true,
    name: `audit-${field}`,
    value: draft[field],
    onChange: change(field),
    "data-testid": `audit-${field}`,
  });
  const show = (filters: Filters, pages: (string | null)[]) => {
    setApplied(filters);
    setCursors(pages);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = AuditQuery.safeParse(queryOf(draft), SPEC_WORDING);
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? "These filters cannot be used"));
    if (checked.success) show(draft, [null]);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setProblem(null);
    show(NO_FILTERS, [null]);
  };
  // The pressed button may go (no newer page): the summary of the new page takes the focus, and is read out.
  const turn = (pages: (string | null)[]) => {
    setCursors(pages);
    requestAnimationFrame(() => summary.current?.focus());
  };
  const suggestions =
    draft.category === "all"
      ? [...new Set(Object.values(KNOWN_AUDIT_EVENTS).flat())]
      : KNOWN_AUDIT_EVENTS[draft.category];

  return (
    <div className="grid gap-4">
      <p className="max-w-3xl">
        Security events from the one audit log: sign-ins and their failures, passkeys, refused access, revocations, API
        keys, dual-control decisions and agent controls. Times are in UTC (ISO 8601); the request id is the one the
        response carried (X-Request-Id).
      </p>
      <search aria-label="Filter the security audit">
        <form
          onSubmit={apply}
          className="grid gap-3 rounded-sm border border-govuk-border p-3 dark:border-slate-600"
          data-testid="audit-filters"
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField
              compact
              label="Category"
              options={CATEGORY_OPTIONS}
              value={draft.category}
              onChange={change("category")}
              data-testid="audit-category"
            />
            <TextField
              label="Event"
              hint="A whole event, e.g. login failed"
              list="audit-event-suggestions"
              autoComplete="off"
              {...typed("event")}
            />
            <TextField
              label="User"
              hint="A username or a user id"
              autoComplete="off"
              spellCheck={false}
              {...typed("user")}
            />
            <TextField label="From (UTC)" type="datetime-local" step={1} {...typed("from")} />
            <TextField label="To (UTC)" type="datetime-local" step={1} {...typed("to")} />
          </div>
          <datalist id="audit-event-suggestions">
            {suggestions.map((event) => (
              <option key={event} value={event} />
            ))}
          </datalist>
          {problem ? (
            <p
              role="alert"
              className="font-semibold text-govuk-red dark:text-red-400"
              data-testid="audit-filter-problem"
            >
              <span className="sr-only">Error: </span>
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" data-testid="button-apply-audit-filters">
              Apply filters
            </Button>
            <Button variant="secondary" onClick={clear} data-testid="button-clear-audit-filters">
              Clear filters
            </Button>
          </div>
        </form>
      </search>

      <p
        ref={summary}
        tabIndex={-1}
        aria-live="polite"
        className="min-h-6 text-sm font-semibold focus:outline-none"
        data-testid="audit-summary"
      >
        {shown
          ? `Page ${cursors.length}: ${shown.entries.length.toLocaleString("en-GB")} ${shown.entries.length === 1 ? "entry" : "entries"}, newest first, ${describe(applied)}`
          : null}
      </p>
      <ListState polled={entries} noun="security audit" empty="No audit events match these filters">
        {(rows) => (
          <ListTable
            caption={`Security audit log, newest first, ${describe(applied)} (page ${cursors.length}, up to ${DEFAULT_LIMITS.audit} entries)`}
            testId="audit-table"
            minWidth="min-w-[72rem]"
            rows={rows}
            columns={[
              {
                header: "Time (UTC)",
                cell: (e) => <time dateTime={e.at}>{isoUtcSeconds(e.at)}</time>,
                className: "whitespace-nowrap font-mono text-xs",
              },
              {
                header: "Category",
                cell: (e) => AUDIT_CATEGORY_LABELS[e.category as AuditCategory] ?? e.category,
                className: "min-w-[8rem]",
              },
              {
                header: "Event",
                cell: (e) => (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{e.event}</span>
                    {e.level === "info" ? null : <LevelBadge level={e.level} />}
                  </span>
                ),
                className: "min-w-[10rem]",
              },
              { header: "Who", cell: (e) => <Who entry={e} />, className: "min-w-[12rem]" },
              {
                header: "Address code",
                cell: (e) =>
                  e.ip ? (
                    <code dir="ltr" className="break-all text-xs">
                      {e.ip}
                    </code>
                  ) : (
                    orNone(null)
                  ),
                className: "min-w-[8rem]",
              },
              {
                header: "Request id",
                cell: (e) =>
                  e.requestId ? (
                    <code dir="ltr" className="break-all text-xs">
                      {e.requestId}
                    </code>
                  ) : (
                    orNone(null)
                  ),
                className: "min-w-[12rem]",
              },
              { header: "Reason and details", cell: (e) => <Details entry={e} />, className: "min-w-[16rem]" },
            ]}
          />
        )}
      </ListState>
      <nav aria-label="Audit pages" className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={cursors.length === 1}
          onClick={() => turn(cursors.slice(0, -1))}
          data-testid="button-audit-newer"
        >
          Newer entries
        </Button>
        <Button
          variant="outline"
          disabled={!shown?.nextCursor}
          onClick={() => shown?.nextCursor && turn([...cursors, shown.nextCursor])}
          data-testid="button-audit-older"
        >
          Older entries
        </Button>
      </nav>
    </div>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.username && !entry.userId) return orNone(null);
  return (
    <span className="grid gap-0.5">
      {entry.username ? <span className="break-all font-semibold">{entry.username}</span> : null}
      {entry.userId ? (
        <code dir="ltr" className="break-all text-xs">
          {entry.userId}
        </code>
      ) : (
        <span className="text-xs text-govuk-grey dark:text-slate-400">No account id</span>
      )}
    </span>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  const facts = [...(entry.reason ? [{ name: "reason", value: entry.reason }] : []), ...entry.details];
  if (!facts.length) return orNone(null);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
      {facts.map((fact) => (
        <div key={fact.name} className="contents">
          <dt className="font-semibold">{fact.name}</dt>
          <dd className="break-all">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
