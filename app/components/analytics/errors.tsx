/**
 * The Errors tab (spec 000 §2, §3 "Error record"; issue 12): error groups as an issue tracker
 * shows them (severity, type, message, where, first and last seen, how often, regressed), Mark
 * Resolved recording who and when, and a group's detail with its recent occurrences.
 */
import { type ReactNode, useEffect, useState } from "react";
import { defineMessages, type NoMessageValues, useIntl } from "react-intl";
import { ApiError, apiRequest, handleMutationError, messageFor } from "#app/client/api-client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { DEFAULT_LIMITS, type ErrorDetail, type ErrorRecord, REFRESH_MS } from "#core/analytics/dashboard.ts";
import { SeverityBadge } from "./badges.tsx";
import { ListState, Spinner } from "./lists.tsx";
import { usePolled } from "./use-polled.ts";

type Values = {
  allErrors: NoMessageValues;
  alreadyDescription: { reason: string | number };
  alreadyReason: NoMessageValues;
  alreadyTitle: NoMessageValues;
  code: NoMessageValues;
  component: NoMessageValues;
  dialogDescription: NoMessageValues;
  dialogTitle: { type: string | number; component: string | number };
  error: NoMessageValues;
  firstSeen: NoMessageValues;
  groups: NoMessageValues;
  lastSeen: NoMessageValues;
  loadingError: NoMessageValues;
  markResolved: NoMessageValues;
  noData: NoMessageValues;
  noErrors: NoMessageValues;
  none: NoMessageValues;
  notRecorded: NoMessageValues;
  occurrences: NoMessageValues;
  readFailed: { reason: string | number };
  recentOccurrences: NoMessageValues;
  regressed: NoMessageValues;
  requestId: NoMessageValues;
  resolved: NoMessageValues;
  resolvedByLine: { name: string | number };
  resolvedByOnLine: { name: string | number; when: string | number };
  resolvedDescription: { type: string | number; component: string | number };
  resolvedErrors: NoMessageValues;
  resolvedLine: NoMessageValues;
  resolvedOnLine: { when: string | number };
  resolvedTitle: NoMessageValues;
  resolving: NoMessageValues;
  seen: { times: string | number; first: string | number; last: string | number };
  show: NoMessageValues;
  times: { count: number };
  unresolved: NoMessageValues;
  unresolvedErrors: NoMessageValues;
  viewDetails: NoMessageValues;
  where: NoMessageValues;
  which: { type: string | number; component: string | number };
};
const messages = defineMessages<Values>({
  unresolvedErrors: { id: "analytics.errors.unresolvedErrors", defaultMessage: "Unresolved errors" },
  resolvedErrors: { id: "analytics.errors.resolvedErrors", defaultMessage: "Resolved errors" },
  allErrors: { id: "analytics.errors.allErrors", defaultMessage: "All errors" },
  show: { id: "analytics.errors.show", defaultMessage: "Show", description: "A filter's label: which errors to list." },
  resolvedTitle: {
    id: "analytics.errors.resolvedTitle",
    defaultMessage: "Error Resolved",
    description: "A toast's title.",
  },
  resolvedDescription: {
    id: "analytics.errors.resolvedDescription",
    defaultMessage: "{type} in {component} is marked resolved.",
    description:
      "{type}: the error's type (a code name, e.g. TypeError); {component}: where it happened (a code name).",
  },
  alreadyTitle: {
    id: "analytics.errors.alreadyTitle",
    defaultMessage: "Already Resolved",
    description: "A toast's title.",
  },
  alreadyDescription: {
    id: "analytics.errors.alreadyDescription",
    defaultMessage: "{reason}: someone marked it resolved before you. The list has been refreshed.",
    description: "{reason}: the server's words, already in the page's language ('This error is already resolved').",
  },
  alreadyReason: { id: "analytics.errors.alreadyReason", defaultMessage: "This error is already resolved" },
  noErrors: { id: "analytics.errors.noErrors", defaultMessage: "No errors found" },
  groups: { id: "analytics.errors.groups", defaultMessage: "Error groups, most recently seen first" },
  dialogTitle: {
    id: "analytics.errors.dialogTitle",
    defaultMessage: "{type} in {component}",
    description: "{type}: the error's type (a code name); {component}: where it happened (a code name).",
  },
  error: {
    id: "analytics.errors.error",
    defaultMessage: "Error",
    description: "A dialog's title while nothing is open.",
  },
  dialogDescription: {
    id: "analytics.errors.dialogDescription",
    defaultMessage: "Each time this error happened, newest first.",
  },
  regressed: {
    id: "analytics.errors.regressed",
    defaultMessage: "Regressed",
    description: "An error that came back after it was marked resolved.",
  },
  resolved: { id: "analytics.errors.resolved", defaultMessage: "Resolved", description: "An error's state." },
  unresolved: { id: "analytics.errors.unresolved", defaultMessage: "Unresolved", description: "An error's state." },
  resolvedLine: {
    id: "analytics.errors.resolvedLine",
    defaultMessage: "Resolved",
    description: "Who resolved an error and when, when neither is recorded.",
  },
  resolvedByLine: { id: "analytics.errors.resolvedByLine", defaultMessage: "Resolved by {name}" },
  resolvedOnLine: { id: "analytics.errors.resolvedOnLine", defaultMessage: "Resolved on {when}" },
  resolvedByOnLine: { id: "analytics.errors.resolvedByOnLine", defaultMessage: "Resolved by {name} on {when}" },
  component: {
    id: "analytics.errors.component",
    defaultMessage: "Component:",
    description: "Where the error happened.",
  },
  firstSeen: { id: "analytics.errors.firstSeen", defaultMessage: "First seen:" },
  lastSeen: { id: "analytics.errors.lastSeen", defaultMessage: "Last seen:" },
  occurrences: { id: "analytics.errors.occurrences", defaultMessage: "Occurrences:" },
  viewDetails: { id: "analytics.errors.viewDetails", defaultMessage: "View details" },
  markResolved: { id: "analytics.errors.markResolved", defaultMessage: "Mark Resolved" },
  resolving: { id: "analytics.errors.resolving", defaultMessage: "Resolving…" },
  which: {
    id: "analytics.errors.which",
    defaultMessage: ": {type} in {component}",
    description:
      "Read after a button's words by screen readers ('View details: TypeError in api'); keep the leading colon.",
  },
  readFailed: {
    id: "analytics.errors.readFailed",
    defaultMessage: "This error could not be read: {reason}",
    description: "{reason}: the server's words, already in the page's language.",
  },
  loadingError: { id: "analytics.errors.loadingError", defaultMessage: "Loading the error…" },
  seen: {
    id: "analytics.errors.seen",
    defaultMessage: "Seen {times}, first on {first}, last on {last}.",
    description: "{times}: how many times ('3 times'); {first} and {last} are dates with times.",
  },
  times: { id: "analytics.errors.times", defaultMessage: "{count, plural, one {# time} other {# times}}" },
  recentOccurrences: { id: "analytics.errors.recentOccurrences", defaultMessage: "Recent occurrences" },
  requestId: { id: "analytics.errors.requestId", defaultMessage: "Request id" },
  none: { id: "analytics.errors.none", defaultMessage: "None", description: "Nothing recorded." },
  where: {
    id: "analytics.errors.where",
    defaultMessage: "Where",
    description: "The request or page the error happened on.",
  },
  notRecorded: { id: "analytics.errors.notRecorded", defaultMessage: "Not recorded" },
  code: { id: "analytics.errors.code", defaultMessage: "Code", description: "The error's code (a code name)." },
  noData: { id: "analytics.errors.noData", defaultMessage: "No data available" },
});

type Show = "false" | "true" | "all";

/**
 * Mark Resolved: busy while it runs; on success a toast and `done` with the updated record; a 409
 * (someone resolved it first) says so plainly and `stale` re-reads; other refusals as spec 000 §8.
 */
function useResolve(done: (record: ErrorRecord) => void, stale: () => void) {
  const intl = useIntl();
  const { toast } = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const resolve = async (error: ErrorRecord) => {
    setPending(error.id);
    try {
      const record = (await (
        await apiRequest("POST", `/api/analytics/errors/${error.id}/resolve`)
      ).json()) as ErrorRecord;
      toast({
        title: intl.formatMessage(messages.resolvedTitle),
        description: intl.formatMessage(messages.resolvedDescription, {
          type: record.errorType,
          component: record.component,
        }),
      });
      done(record);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        toast({
          title: intl.formatMessage(messages.alreadyTitle),
          description: intl.formatMessage(messages.alreadyDescription, {
            reason: messageFor(failure, intl.formatMessage(messages.alreadyReason)),
          }),
          variant: "destructive",
        });
        stale();
      } else {
        handleMutationError(failure, toast, intl);
      }
    } finally {
      setPending(null);
    }
  };
  return { pending, resolve };
}

export function ErrorsTab({ onResolved }: { onResolved: () => void }) {
  const intl = useIntl();
  const [show, setShow] = useState<Show>("false");
  const [opened, setOpened] = useState<ErrorRecord | null>(null);
  const errors = usePolled<ErrorRecord[]>(
    `/api/analytics/errors?${show === "all" ? "" : `resolved=${show}&`}limit=${DEFAULT_LIMITS.errors}`,
    REFRESH_MS.errors,
  );
  const { pending, resolve } = useResolve(
    (record) => {
      errors.update((rows) =>
        show === "false"
          ? rows.filter((row) => row.id !== record.id)
          : rows.map((row) => (row.id === record.id ? record : row)),
      );
      errors.refresh();
      onResolved();
    },
    () => {
      errors.refresh();
      onResolved();
    },
  );

  return (
    <div className="grid gap-4">
      <SelectField
        compact
        label={intl.formatMessage(messages.show)}
        options={[
          { value: "false", label: intl.formatMessage(messages.unresolvedErrors) },
          { value: "true", label: intl.formatMessage(messages.resolvedErrors) },
          { value: "all", label: intl.formatMessage(messages.allErrors) },
        ]}
        value={show}
        onChange={(event) => setShow(event.target.value as Show)}
        className="max-w-xs"
        data-testid="error-filter"
      />
      <ListState polled={errors} list="errors" empty={intl.formatMessage(messages.noErrors)}>
        {(rows) => (
          <ul className="grid gap-4" aria-label={intl.formatMessage(messages.groups)} data-testid="errors-list">
            {rows.map((error) => (
              <ErrorCard
                key={error.id}
                error={error}
                busy={pending === error.id}
                onResolve={() => void resolve(error)}
                onOpen={() => setOpened(error)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Dialog
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={
          opened
            ? intl.formatMessage(messages.dialogTitle, { type: opened.errorType, component: opened.component })
            : intl.formatMessage(messages.error)
        }
        description={intl.formatMessage(messages.dialogDescription)}
        testId="error-dialog"
      >
        {opened ? <ErrorDetailView id={opened.id} busy={pending === opened.id} onResolve={resolve} /> : null}
      </Dialog>
    </div>
  );
}

/** Severity, then `children` (the card's heading), then Regressed and the resolved state: the words, never the colour alone. */
function ErrorBadges({ error, children }: { error: ErrorRecord; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SeverityBadge severity={error.severity} />
      {children}
      {error.regressed ? (
        <StatusBadge tone="bad" solid>
          {intl.formatMessage(messages.regressed)}
        </StatusBadge>
      ) : null}
      {error.resolved ? (
        <StatusBadge tone="ok">{intl.formatMessage(messages.resolved)}</StatusBadge>
      ) : (
        <StatusBadge tone="neutral">{intl.formatMessage(messages.unresolved)}</StatusBadge>
      )}
    </div>
  );
}

function ResolvedLine({ error }: { error: ErrorRecord }) {
  const intl = useIntl();
  const f = useFormats();
  if (!error.resolved) return null;
  const name = error.resolvedBy;
  const when = error.resolvedAt ? f.dateTime(error.resolvedAt) : null;
  const line =
    name && when
      ? intl.formatMessage(messages.resolvedByOnLine, { name, when })
      : name
        ? intl.formatMessage(messages.resolvedByLine, { name })
        : when
          ? intl.formatMessage(messages.resolvedOnLine, { when })
          : intl.formatMessage(messages.resolvedLine);
  return (
    <p className="mt-2 text-sm" data-testid="resolved-by">
      {line}
    </p>
  );
}

function ErrorCard({
  error,
  busy,
  onResolve,
  onOpen,
}: {
  error: ErrorRecord;
  busy: boolean;
  onResolve: () => void;
  onOpen: () => void;
}) {
  const intl = useIntl();
  const f = useFormats();
  const headingId = `error-${error.id}`;
  const which = intl.formatMessage(messages.which, { type: error.errorType, component: error.component });
  return (
    <Card as="li" aria-labelledby={headingId} className="p-4" data-testid="error-item" data-error-id={error.id}>
      <ErrorBadges error={error}>
        <h3 id={headingId} className="me-auto break-all font-bold">
          {error.errorType}
        </h3>
      </ErrorBadges>
      <p className="mt-2 break-words">{error.message}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="inline font-semibold">{intl.formatMessage(messages.component)} </dt>
          <dd className="inline break-all">{error.component}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">{intl.formatMessage(messages.firstSeen)} </dt>
          <dd className="inline">{f.dateTime(error.firstSeen)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">{intl.formatMessage(messages.lastSeen)} </dt>
          <dd className="inline">{f.dateTime(error.timestamp)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">{intl.formatMessage(messages.occurrences)} </dt>
          <dd className="inline tabular-nums" data-testid="occurrences">
            {f.number(error.occurrences)}
          </dd>
        </div>
      </dl>
      <ResolvedLine error={error} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" className="px-3 py-1 text-sm" onClick={onOpen} data-testid="button-error-details">
          {intl.formatMessage(messages.viewDetails)}
          <span className="sr-only">{which}</span>
        </Button>
        {error.resolved ? null : (
          <Button className="px-3 py-1 text-sm" onClick={onResolve} disabled={busy} data-testid="button-mark-resolved">
            {intl.formatMessage(busy ? messages.resolving : messages.markResolved)}
            <span className="sr-only">{which}</span>
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The group and its recent occurrences, read when the dialog opens and again after Mark Resolved here (to show who and when). */
function ErrorDetailView({
  id,
  busy,
  onResolve,
}: {
  id: string;
  busy: boolean;
  onResolve: (record: ErrorRecord) => Promise<unknown>;
}) {
  const intl = useIntl();
  const f = useFormats();
  const [detail, setDetail] = useState<ErrorDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` is the re-read trigger: resolving bumps it so the detail is fetched again
  useEffect(() => {
    let stopped = false;
    apiRequest("GET", `/api/analytics/errors/${id}`)
      .then((response) => response.json() as Promise<ErrorDetail>)
      .then((answer) => {
        if (stopped) return;
        setDetail(answer);
        setFailure(null);
      })
      .catch((error) => {
        if (!stopped) setFailure(messageFor(error, error instanceof Error ? error.message : String(error)));
      });
    return () => {
      stopped = true;
    };
  }, [id, reads]);
  if (failure) return <p role="alert">{intl.formatMessage(messages.readFailed, { reason: failure })}</p>;
  if (!detail) return <Spinner label={intl.formatMessage(messages.loadingError)} />;
  return (
    <div className="grid gap-4" data-testid="error-detail">
      <ErrorBadges error={detail} />
      <p className="break-words">{detail.message}</p>
      <p className="text-sm">
        {intl.formatMessage(messages.seen, {
          times: intl.formatMessage(messages.times, { count: detail.occurrences }),
          first: f.dateTime(detail.firstSeen),
          last: f.dateTime(detail.timestamp),
        })}
      </p>
      <ResolvedLine error={detail} />
      {detail.resolved ? null : (
        <Button
          className="justify-self-start"
          onClick={() => void onResolve(detail).then(() => setReads((n) => n + 1))}
          disabled={busy}
          data-testid="dialog-mark-resolved"
        >
          {intl.formatMessage(busy ? messages.resolving : messages.markResolved)}
        </Button>
      )}
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.recentOccurrences)}</h3>
      {detail.recent.length ? (
        <ol className="grid gap-3" data-testid="occurrence-list">
          {detail.recent.map((occurrence) => (
            <li
              key={occurrence.id}
              className="rounded-sm border border-govuk-border p-3 text-sm dark:border-slate-700"
              data-testid="occurrence"
            >
              <p className="font-semibold">
                <time dateTime={occurrence.timestamp}>{f.dateTimeSeconds(occurrence.timestamp)}</time>
              </p>
              {occurrence.message && occurrence.message !== detail.message ? (
                <p className="mt-1 break-words">{occurrence.message}</p>
              ) : null}
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
                <dt className="font-semibold">{intl.formatMessage(messages.requestId)}</dt>
                <dd className="break-all">
                  {occurrence.requestId ? (
                    <code dir="ltr">{occurrence.requestId}</code>
                  ) : (
                    intl.formatMessage(messages.none)
                  )}
                </dd>
                <dt className="font-semibold">{intl.formatMessage(messages.where)}</dt>
                <dd className="break-all">
                  {occurrence.where ? <bdi>{occurrence.where}</bdi> : intl.formatMessage(messages.notRecorded)}
                </dd>
                <dt className="font-semibold">{intl.formatMessage(messages.code)}</dt>
                <dd className="break-all">
                  {occurrence.errorCode ? <bdi>{occurrence.errorCode}</bdi> : intl.formatMessage(messages.none)}
                </dd>
              </dl>
              {occurrence.stackTrace ? (
                <pre
                  dir="ltr"
                  className="mt-2 max-h-48 overflow-auto rounded-sm bg-slate-100 p-2 text-xs text-govuk-black dark:bg-slate-800 dark:text-slate-100"
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
                  tabIndex={0}
                >
                  {occurrence.stackTrace}
                </pre>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>{intl.formatMessage(messages.noData)}</p>
      )}
    </div>
  );
}
