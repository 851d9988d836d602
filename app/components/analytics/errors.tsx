/**
 * The Errors tab (spec 000 §2, §3 "Error record"; issue 12): error groups as an issue tracker
 * shows them (severity, type, message, where, first and last seen, how often, regressed), Mark
 * Resolved recording who and when, and a group's detail with its recent occurrences.
 */
import { type ReactNode, useEffect, useState } from "react";
import { ApiError, apiRequest, handleMutationError, messageFor } from "#app/client/api-client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { DEFAULT_LIMITS, type ErrorDetail, type ErrorRecord, REFRESH_MS } from "#core/analytics/dashboard.ts";
import { formatDateTime, formatDateTimeSeconds } from "#core/format/format.ts";
import { SeverityBadge } from "./badges.tsx";
import { ListState, Spinner } from "./lists.tsx";
import { usePolled } from "./use-polled.ts";

const SHOW = [
  { value: "false", label: "Unresolved errors" },
  { value: "true", label: "Resolved errors" },
  { value: "all", label: "All errors" },
] as const;
type Show = (typeof SHOW)[number]["value"];

/**
 * Mark Resolved: busy while it runs; on success a toast and `done` with the updated record; a 409
 * (someone resolved it first) says so plainly and `stale` re-reads; other refusals as spec 000 §8.
 */
function useResolve(done: (record: ErrorRecord) => void, stale: () => void) {
  const { toast } = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const resolve = async (error: ErrorRecord) => {
    setPending(error.id);
    try {
      const record = (await (
        await apiRequest("POST", `/api/analytics/errors/${error.id}/resolve`)
      ).json()) as ErrorRecord;
      toast({ title: "Error Resolved", description: `${record.errorType} in ${record.component} is marked resolved.` });
      done(record);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        toast({
          title: "Already Resolved",
          description: `${messageFor(failure, "This error is already resolved")}: someone marked it resolved before you. The list has been refreshed.`,
          variant: "destructive",
        });
        stale();
      } else {
        handleMutationError(failure, toast);
      }
    } finally {
      setPending(null);
    }
  };
  return { pending, resolve };
}

export function ErrorsTab({ onResolved }: { onResolved: () => void }) {
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
        label="Show"
        options={SHOW}
        value={show}
        onChange={(event) => setShow(event.target.value as Show)}
        className="max-w-xs"
        data-testid="error-filter"
      />
      <ListState polled={errors} noun="errors" empty="No errors found">
        {(rows) => (
          <ul className="grid gap-4" aria-label="Error groups, most recently seen first" data-testid="errors-list">
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
        title={opened ? `${opened.errorType} in ${opened.component}` : "Error"}
        description="Each time this error happened, newest first."
        testId="error-dialog"
      >
        {opened ? <ErrorDetailView id={opened.id} busy={pending === opened.id} onResolve={resolve} /> : null}
      </Dialog>
    </div>
  );
}

/** Severity, then `children` (the card's heading), then Regressed and the resolved state: the words, never the colour alone. */
function ErrorBadges({ error, children }: { error: ErrorRecord; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SeverityBadge severity={error.severity} />
      {children}
      {error.regressed ? (
        <StatusBadge tone="bad" solid>
          Regressed
        </StatusBadge>
      ) : null}
      {error.resolved ? (
        <StatusBadge tone="ok">Resolved</StatusBadge>
      ) : (
        <StatusBadge tone="neutral">Unresolved</StatusBadge>
      )}
    </div>
  );
}

function ResolvedLine({ error }: { error: ErrorRecord }) {
  if (!error.resolved) return null;
  return (
    <p className="mt-2 text-sm" data-testid="resolved-by">
      Resolved{error.resolvedBy ? ` by ${error.resolvedBy}` : ""}
      {error.resolvedAt ? ` on ${formatDateTime(error.resolvedAt)}` : ""}
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
  const headingId = `error-${error.id}`;
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
          <dt className="inline font-semibold">Component: </dt>
          <dd className="inline break-all">{error.component}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">First seen: </dt>
          <dd className="inline">{formatDateTime(error.firstSeen)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Last seen: </dt>
          <dd className="inline">{formatDateTime(error.timestamp)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Occurrences: </dt>
          <dd className="inline tabular-nums" data-testid="occurrences">
            {error.occurrences.toLocaleString("en-GB")}
          </dd>
        </div>
      </dl>
      <ResolvedLine error={error} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" className="px-3 py-1 text-sm" onClick={onOpen} data-testid="button-error-details">
          View details
          <span className="sr-only">
            : {error.errorType} in {error.component}
          </span>
        </Button>
        {error.resolved ? null : (
          <Button className="px-3 py-1 text-sm" onClick={onResolve} disabled={busy} data-testid="button-mark-resolved">
            {busy ? "Resolving…" : "Mark Resolved"}
            <span className="sr-only">
              : {error.errorType} in {error.component}
            </span>
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
  if (failure) return <p role="alert">This error could not be read: {failure}</p>;
  if (!detail) return <Spinner label="Loading the error…" />;
  return (
    <div className="grid gap-4" data-testid="error-detail">
      <ErrorBadges error={detail} />
      <p className="break-words">{detail.message}</p>
      <p className="text-sm">
        Seen {detail.occurrences.toLocaleString("en-GB")} {detail.occurrences === 1 ? "time" : "times"}, first on{" "}
        {formatDateTime(detail.firstSeen)}, last on {formatDateTime(detail.timestamp)}.
      </p>
      <ResolvedLine error={detail} />
      {detail.resolved ? null : (
        <Button
          className="justify-self-start"
          onClick={() => void onResolve(detail).then(() => setReads((n) => n + 1))}
          disabled={busy}
          data-testid="dialog-mark-resolved"
        >
          {busy ? "Resolving…" : "Mark Resolved"}
        </Button>
      )}
      <h3 className="text-lg font-bold">Recent occurrences</h3>
      {detail.recent.length ? (
        <ol className="grid gap-3" data-testid="occurrence-list">
          {detail.recent.map((occurrence) => (
            <li
              key={occurrence.id}
              className="rounded-sm border border-govuk-border p-3 text-sm dark:border-slate-700"
              data-testid="occurrence"
            >
              <p className="font-semibold">
                <time dateTime={occurrence.timestamp}>{formatDateTimeSeconds(occurrence.timestamp)}</time>
              </p>
              {occurrence.message && occurrence.message !== detail.message ? (
                <p className="mt-1 break-words">{occurrence.message}</p>
              ) : null}
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
                <dt className="font-semibold">Request id</dt>
                <dd className="break-all">
                  {occurrence.requestId ? <code dir="ltr">{occurrence.requestId}</code> : "None"}
                </dd>
                <dt className="font-semibold">Where</dt>
                <dd className="break-all">{occurrence.where ?? "Not recorded"}</dd>
                <dt className="font-semibold">Code</dt>
                <dd className="break-all">{occurrence.errorCode ?? "None"}</dd>
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
        <p>No data available</p>
      )}
    </div>
  );
}
