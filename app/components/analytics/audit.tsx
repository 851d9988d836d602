/**
 * The Security Audit tab (issue 13 "Audit"): the one audit log of security events (sign-ins and
 * their failures, passkeys, refused access, revocations, API keys, dual-control decisions, agent
 * controls and review decisions), filtered by category, event, person and a UTC time range, and
 * paged newest first. Every time is shown in UTC as ISO 8601, so it matches the logs and the
 * request ids administrators quote to each other. Names and reasons arrive escaped from the API:
 * a name typed with a line break or a terminal escape shows as its escape, never as a new row.
 */
import { type FormEvent, useRef, useState } from "react";
import { defineMessages, type IntlShape, type NoMessageValues, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import {
  AUDIT_CATEGORIES,
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

type Values = {
  address: NoMessageValues;
  allCategories: NoMessageValues;
  allEvents: NoMessageValues;
  apply: NoMessageValues;
  caption: { filters: string | number; page: string | number; limit: string | number };
  category: { category: string };
  categoryLabel: NoMessageValues;
  clear: NoMessageValues;
  details: NoMessageValues;
  entries: { count: number };
  errorPrefix: NoMessageValues;
  event: { code: string; event: string | number };
  eventHint: NoMessageValues;
  eventLabel: NoMessageValues;
  filterAudit: NoMessageValues;
  filterEvent: { event: string | number };
  filterFrom: { from: string | number };
  filterTo: { to: string | number };
  filterUser: { user: string | number };
  filteredBy: { filters: string | number };
  fromLabel: NoMessageValues;
  intro: NoMessageValues;
  newer: NoMessageValues;
  noAccountId: NoMessageValues;
  noEntries: NoMessageValues;
  older: NoMessageValues;
  pages: NoMessageValues;
  problem: NoMessageValues;
  requestId: NoMessageValues;
  summary: { page: string | number; entries: string | number; filters: string | number };
  time: NoMessageValues;
  toLabel: NoMessageValues;
  userHint: NoMessageValues;
  userLabel: NoMessageValues;
  who: NoMessageValues;
};
const messages = defineMessages<Values>({
  category: {
    id: "analytics.audit.category",
    defaultMessage:
      "{category, select, auth {Sign-in and accounts} authz {Refused access} assisted {Assisted digital} admin {Administration} security {Credentials, shares and API keys} agents {Gabriel agents} audit {Audit log} other {{category}}}",
    description: "What each category of the security audit log holds; any other value is shown as recorded.",
  },
  event: {
    id: "analytics.audit.event",
    defaultMessage:
      "{code, select, login_succeeded {login succeeded} login_failed {login failed} login_refused {login refused} logout {logout} account_registered {account registered} registration_refused {registration refused} passkey_added {passkey added} passkey_removed {passkey removed} passkey_registration_refused {passkey registration refused} passkey_sign_in_succeeded {passkey sign-in succeeded} passkey_sign_in_failed {passkey sign-in failed} permission_denied {permission denied} session_started {Session started} approval_requested {Approval requested} approval_given {Approval given} approval_denied {Approval denied} approval_void {Approval void} supervisor_called {Supervisor called} credentials_issued {Credentials issued} session_ended {Session ended} records_read {Records read} paper_credentials_printed {Paper credentials printed} credential_revoked {credential revoked} organisation_registered {organisation registered} organisation_member_assigned {organisation member assigned} organisation_attestation_renewed {organisation attestation renewed} error_resolved {error resolved} share_revoked {share revoked} older_copy_revoked {older copy revoked} api_key_created {API key created} api_key_revoked {API key revoked} agents_paused {agents paused} agents_resumed {agents resumed} emergency_stop {emergency stop} agent_policy_changed {agent policy changed} human_review_approved {human review approved} human_review_escalated {human review escalated} human_review_assigned {human review assigned} agents_run_now {agents run now} other {{event}}}",
    description:
      "A security event as the audit log records it (English shows the recorded phrase); {event} is any other as recorded.",
  },
  allCategories: { id: "analytics.audit.allCategories", defaultMessage: "All categories" },
  filterEvent: {
    id: "analytics.audit.filterEvent",
    defaultMessage: 'event "{event}"',
    description: "Part of a list of filters.",
  },
  filterUser: {
    id: "analytics.audit.filterUser",
    defaultMessage: "user {user}",
    description: "Part of a list of filters.",
  },
  filterFrom: {
    id: "analytics.audit.filterFrom",
    defaultMessage: "from {from} UTC",
    description: "Part of a list of filters.",
  },
  filterTo: {
    id: "analytics.audit.filterTo",
    defaultMessage: "to {to} UTC",
    description: "Part of a list of filters.",
  },
  filteredBy: {
    id: "analytics.audit.filteredBy",
    defaultMessage: "filtered by {filters}",
    description: "{filters}: the filters, separated by commas.",
  },
  allEvents: { id: "analytics.audit.allEvents", defaultMessage: "all events", description: "No filter: every entry." },
  problem: { id: "analytics.audit.problem", defaultMessage: "These filters cannot be used" },
  intro: {
    id: "analytics.audit.intro",
    defaultMessage:
      "Security events from the one audit log: sign-ins and their failures, passkeys, refused access, revocations, API keys, dual-control decisions and agent controls. Times are in UTC (ISO 8601); the request id is the one the response carried (X-Request-Id).",
  },
  filterAudit: { id: "analytics.audit.filterAudit", defaultMessage: "Filter the security audit" },
  categoryLabel: { id: "analytics.audit.categoryLabel", defaultMessage: "Category" },
  eventLabel: { id: "analytics.audit.eventLabel", defaultMessage: "Event" },
  eventHint: {
    id: "analytics.audit.eventHint",
    defaultMessage: "A whole event, e.g. login failed",
    description: "'login failed' is an event as the log records it, in English: keep it as it is.",
  },
  userLabel: { id: "analytics.audit.userLabel", defaultMessage: "User" },
  userHint: { id: "analytics.audit.userHint", defaultMessage: "A username or a user id" },
  fromLabel: { id: "analytics.audit.fromLabel", defaultMessage: "From (UTC)" },
  toLabel: { id: "analytics.audit.toLabel", defaultMessage: "To (UTC)" },
  errorPrefix: {
    id: "analytics.audit.errorPrefix",
    defaultMessage: "Error:",
    description: "Read by screen readers before a problem with the filters.",
  },
  apply: { id: "analytics.audit.apply", defaultMessage: "Apply filters" },
  clear: { id: "analytics.audit.clear", defaultMessage: "Clear filters" },
  summary: {
    id: "analytics.audit.summary",
    defaultMessage: "Page {page}: {entries}, newest first, {filters}",
    description: "{entries}: how many entries ('12 entries'); {filters}: 'all events', or 'filtered by …'.",
  },
  entries: { id: "analytics.audit.entries", defaultMessage: "{count, plural, one {# entry} other {# entries}}" },
  noEntries: { id: "analytics.audit.noEntries", defaultMessage: "No audit events match these filters" },
  caption: {
    id: "analytics.audit.caption",
    defaultMessage: "Security audit log, newest first, {filters} (page {page}, up to {limit} entries)",
    description: "{filters}: 'all events', or 'filtered by …'.",
  },
  time: { id: "analytics.audit.time", defaultMessage: "Time (UTC)" },
  who: { id: "analytics.audit.who", defaultMessage: "Who" },
  address: {
    id: "analytics.audit.address",
    defaultMessage: "Address code",
    description: "A column: a code standing for the network address a request came from.",
  },
  requestId: { id: "analytics.audit.requestId", defaultMessage: "Request id" },
  details: { id: "analytics.audit.details", defaultMessage: "Reason and details" },
  pages: {
    id: "analytics.audit.pages",
    defaultMessage: "Audit pages",
    description: "Buttons to turn the log's pages.",
  },
  newer: { id: "analytics.audit.newer", defaultMessage: "Newer entries" },
  older: { id: "analytics.audit.older", defaultMessage: "Older entries" },
  noAccountId: { id: "analytics.audit.noAccountId", defaultMessage: "No account id" },
});

/** A recorded event phrase as a select key: "passkey sign-in failed" is passkey_sign_in_failed. */
const eventKey = (event: string) => event.toLowerCase().replace(/[^a-z0-9]+/g, "_");

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
function describe(intl: IntlShape, filters: Filters): string {
  const parts = [
    filters.category === "all" ? null : intl.formatMessage(messages.category, { category: filters.category }),
    filters.event.trim() ? intl.formatMessage(messages.filterEvent, { event: filters.event.trim() }) : null,
    filters.user.trim() ? intl.formatMessage(messages.filterUser, { user: filters.user.trim() }) : null,
    filters.from ? intl.formatMessage(messages.filterFrom, { from: filters.from }) : null,
    filters.to ? intl.formatMessage(messages.filterTo, { to: filters.to }) : null,
  ].filter(Boolean);
  return parts.length
    ? intl.formatMessage(messages.filteredBy, { filters: parts.join(", ") })
    : intl.formatMessage(messages.allEvents);
}

export function SecurityAuditTab() {
  const intl = useIntl();
  const f = useFormats();
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
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? intl.formatMessage(messages.problem)));
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
      <p className="max-w-3xl">{intl.formatMessage(messages.intro)}</p>
      <search aria-label={intl.formatMessage(messages.filterAudit)}>
        <form
          onSubmit={apply}
          className="grid gap-3 rounded-sm border border-govuk-border p-3 dark:border-slate-600"
          data-testid="audit-filters"
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField
              compact
              label={intl.formatMessage(messages.categoryLabel)}
              options={[
                { value: "all", label: intl.formatMessage(messages.allCategories) },
                ...AUDIT_CATEGORIES.map((category) => ({
                  value: category,
                  label: intl.formatMessage(messages.category, { category }),
                })),
              ]}
              value={draft.category}
              onChange={change("category")}
              data-testid="audit-category"
            />
            <TextField
              label={intl.formatMessage(messages.eventLabel)}
              hint={intl.formatMessage(messages.eventHint)}
              list="audit-event-suggestions"
              autoComplete="off"
              {...typed("event")}
            />
            <TextField
              label={intl.formatMessage(messages.userLabel)}
              hint={intl.formatMessage(messages.userHint)}
              autoComplete="off"
              spellCheck={false}
              {...typed("user")}
            />
            <TextField
              label={intl.formatMessage(messages.fromLabel)}
              type="datetime-local"
              step={1}
              {...typed("from")}
            />
            <TextField label={intl.formatMessage(messages.toLabel)} type="datetime-local" step={1} {...typed("to")} />
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
              <span className="sr-only">{intl.formatMessage(messages.errorPrefix)} </span>
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" data-testid="button-apply-audit-filters">
              {intl.formatMessage(messages.apply)}
            </Button>
            <Button variant="secondary" onClick={clear} data-testid="button-clear-audit-filters">
              {intl.formatMessage(messages.clear)}
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
          ? intl.formatMessage(messages.summary, {
              page: f.number(cursors.length),
              entries: intl.formatMessage(messages.entries, { count: shown.entries.length }),
              filters: describe(intl, applied),
            })
          : null}
      </p>
      <ListState polled={entries} list="audit" empty={intl.formatMessage(messages.noEntries)}>
        {(rows) => (
          <ListTable
            caption={intl.formatMessage(messages.caption, {
              filters: describe(intl, applied),
              page: f.number(cursors.length),
              limit: f.number(DEFAULT_LIMITS.audit),
            })}
            testId="audit-table"
            minWidth="min-w-[72rem]"
            rows={rows}
            columns={[
              {
                header: intl.formatMessage(messages.time),
                cell: (e) => <time dateTime={e.at}>{isoUtcSeconds(e.at)}</time>,
                className: "whitespace-nowrap font-mono text-xs",
              },
              {
                header: intl.formatMessage(messages.categoryLabel),
                cell: (e) => intl.formatMessage(messages.category, { category: e.category }),
                className: "min-w-[8rem]",
              },
              {
                header: intl.formatMessage(messages.eventLabel),
                cell: (e) => (
                  <span className="flex flex-wrap items-center gap-2">
                    <EventName event={e.event} />
                    {e.level === "info" ? null : <LevelBadge level={e.level} />}
                  </span>
                ),
                className: "min-w-[10rem]",
              },
              { header: intl.formatMessage(messages.who), cell: (e) => <Who entry={e} />, className: "min-w-[12rem]" },
              {
                header: intl.formatMessage(messages.address),
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
                header: intl.formatMessage(messages.requestId),
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
              {
                header: intl.formatMessage(messages.details),
                cell: (e) => <Details entry={e} />,
                className: "min-w-[16rem]",
              },
            ]}
          />
        )}
      </ListState>
      <nav aria-label={intl.formatMessage(messages.pages)} className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={cursors.length === 1}
          onClick={() => turn(cursors.slice(0, -1))}
          data-testid="button-audit-newer"
        >
          {intl.formatMessage(messages.newer)}
        </Button>
        <Button
          variant="outline"
          disabled={!shown?.nextCursor}
          onClick={() => shown?.nextCursor && turn([...cursors, shown.nextCursor])}
          data-testid="button-audit-older"
        >
          {intl.formatMessage(messages.older)}
        </Button>
      </nav>
    </div>
  );
}

/**
 * An event in the page's language; where that differs from the phrase the log records, the phrase
 * follows in small type, since the Event filter takes the recorded phrase.
 */
function EventName({ event }: { event: string }) {
  const intl = useIntl();
  const words = intl.formatMessage(messages.event, { code: eventKey(event), event });
  return (
    <span className="grid gap-0.5">
      <span className="font-semibold">{words}</span>
      {words === event ? null : (
        <code dir="ltr" className="text-xs">
          {event}
        </code>
      )}
    </span>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  if (!entry.username && !entry.userId) return orNone(null);
  return (
    <span className="grid gap-0.5">
      {entry.username ? <span className="break-all font-semibold">{entry.username}</span> : null}
      {entry.userId ? (
        <code dir="ltr" className="break-all text-xs">
          {entry.userId}
        </code>
      ) : (
        <span className="text-xs text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.noAccountId)}</span>
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
