/**
 * /verifier/history: the organisation's whole verification record (each check's result and, beside
 * it, its outcome: ADR 033), newest first, 20 to a page with Previous and Next, filtered by result
 * and check through a GET form (it works without JavaScript: the filters are the page's address),
 * and Download CSV of the same filter.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { formatDateTime } from "#core/format/format.ts";
import { authorityName } from "#core/issuers/registry.ts";
import { CHECK_TYPES, CHECKS } from "#core/verification/checks.ts";
import { RESULT_KINDS } from "#core/verification/reasons.ts";
import type { HistoryFilters, HistoryPageData, HistoryRow } from "#server/verification/portal-pages.ts";
import { NO_DATA } from "./recent-verifications.tsx";
import { OutcomeLine, ResultBadge, resultLabel } from "./verification-display.tsx";

export const HISTORY_PAGE_SIZE = 20;

const RESULT_OPTIONS = [
  { value: "all", label: "All results" },
  ...RESULT_KINDS.map((kind) => ({ value: kind, label: resultLabel(kind) })),
];
const CHECK_OPTIONS = [
  { value: "all", label: "All checks" },
  ...CHECK_TYPES.map((code) => ({ value: code, label: CHECKS[code].name })),
];

/** The query string of a history view (only what is not the default). */
function historyQuery(filters: HistoryFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.result !== "all") params.set("result", filters.result);
  if (filters.type !== "all") params.set("type", filters.type);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const MODE: Record<string, string> = { offline: "QR code", online: "Request", share: "Share link" };

export function HistoryPage({ organisation, entries, total, page, pages, filters }: HistoryPageData) {
  const filtered = filters.result !== "all" || filters.type !== "all";
  const first = total ? (page - 1) * HISTORY_PAGE_SIZE + 1 : 0;
  const last = Math.min(total, page * HISTORY_PAGE_SIZE);
  const pageLink = (to: number) => `/verifier/history${historyQuery(filters, to > 1 ? { page: String(to) } : {})}`;
  // The API gives an administrator every organisation's records unless one is named: this page shows one.
  const csv = `/api/verifications/history${historyQuery(filters, { format: "csv", organisation: organisation.id })}`;

  return (
    <SignedInPage
      back={{ to: "/verifier", label: "Back to Verifier Portal" }}
      title="Verification History"
      lead={`Every check ${organisation.name} has made, newest first.`}
      aside={
        <a href={csv} download className={buttonClasses("outline")} data-testid="link-download-csv">
          <Icon name="download" className="h-5 w-5" />
          Download CSV
          <span className="sr-only"> of {filtered ? "these filtered verifications" : "every verification"}</span>
        </a>
      }
    >
      <Card as="section" aria-labelledby="filters-heading" className="mt-8 p-5">
        <h2 id="filters-heading" className="text-xl font-bold">
          Filter
        </h2>
        <Form
          method="get"
          action="/verifier/history"
          className="mt-3 flex flex-wrap items-end gap-4"
          data-testid="history-filters"
        >
          {/* Keyed by the value, so a new address (Back, Clear filters) shows its own filters. */}
          <SelectField
            key={`result-${filters.result}`}
            name="result"
            label="Result"
            defaultValue={filters.result}
            options={RESULT_OPTIONS}
            className="min-w-48"
            data-testid="filter-result"
          />
          <SelectField
            key={`type-${filters.type}`}
            name="type"
            label="Check"
            defaultValue={filters.type}
            options={CHECK_OPTIONS}
            className="min-w-48"
            data-testid="filter-type"
          />
          <Button type="submit" data-testid="button-apply-filters">
            Apply filters
          </Button>
          {filtered ? (
            <TextLink to="/verifier/history" className="mb-2" data-testid="link-clear-filters">
              Clear filters
            </TextLink>
          ) : null}
        </Form>
      </Card>

      <section aria-labelledby="history-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="history-heading" className="text-2xl font-bold">
            Verifications
          </h2>
          <p className="text-govuk-grey dark:text-slate-400" data-testid="history-count">
            {total ? `Showing ${first}–${last} of ${total}` : filtered ? "No verifications match these filters" : ""}
          </p>
        </div>
        {entries.length ? (
          <HistoryTable entries={entries} />
        ) : (
          <Card className="mt-4 p-8 text-center" data-testid="history-empty">
            <Icon name="inbox" className="mx-auto h-10 w-10 text-govuk-grey dark:text-slate-400" />
            <p className="mt-3 text-xl font-bold">{NO_DATA}</p>
            <p className="mt-2 text-govuk-grey dark:text-slate-400">
              {filtered
                ? "Try other filters, or clear them to see every check."
                : "Checks your organisation makes, by QR code or by request, appear here."}
            </p>
          </Card>
        )}

        {pages > 1 ? (
          <nav
            aria-label="Pages of the history"
            className="mt-6 flex flex-wrap items-center justify-between gap-4"
            data-testid="history-pagination"
          >
            {page > 1 ? (
              <Link
                to={pageLink(page - 1)}
                className={buttonClasses("outline")}
                rel="prev"
                data-testid="link-previous-page"
              >
                <span aria-hidden="true">‹</span> Previous<span className="sr-only"> page</span>
              </Link>
            ) : (
              <span />
            )}
            <p aria-current="page" data-testid="history-page">
              Page {page} of {pages}
            </p>
            {page < pages ? (
              <Link
                to={pageLink(page + 1)}
                className={buttonClasses("outline")}
                rel="next"
                data-testid="link-next-page"
              >
                Next<span className="sr-only"> page</span> <span aria-hidden="true">›</span>
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </SignedInPage>
  );
}

function HistoryTable({ entries }: { entries: HistoryRow[] }) {
  return (
    // Scrolls sideways on a narrow screen; focusable so a keyboard can scroll it too.
    // biome-ignore lint/a11y/useSemanticElements: a labelled scroll box inside the history section, not a section of the page
    <div
      role="region"
      aria-labelledby="history-heading"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable so a keyboard can scroll it (WCAG 2.1.1)
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900"
    >
      <table className="w-full min-w-[64rem] text-start" data-testid="history-table">
        <thead className="bg-govuk-grey-light dark:bg-slate-800">
          <tr>
            <Th>Checked</Th>
            <Th>Check</Th>
            <Th>Result</Th>
            <Th>Outcome</Th>
            <Th>Purpose</Th>
            <Th>How</Th>
            <Th>Issuer</Th>
            <Th>Receipt</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-govuk-border dark:divide-slate-700">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="history-row" data-result={entry.result} data-record-id={entry.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={entry.verifiedAt}>{formatDateTime(entry.verifiedAt)}</time>
              </td>
              <td className="px-3 py-2 font-semibold">{entry.checkName}</td>
              <td className="px-3 py-2">
                <ResultBadge result={entry.result} />
              </td>
              {/* ADR 033: whether the check passed; only a valid credential is judged against it. */}
              <td className="px-3 py-2 text-sm" data-testid="history-outcome">
                {entry.result === "valid" ? (
                  <OutcomeLine outcome={entry.outcome} />
                ) : (
                  <span className="text-govuk-grey dark:text-slate-400">Not evaluated</span>
                )}
              </td>
              <td className="max-w-xs break-words px-3 py-2">{entry.purpose}</td>
              <td className="px-3 py-2">
                {(entry.mode && MODE[entry.mode]) ?? "Check"}
                {entry.visualMatchAt ? (
                  <span className="block text-sm text-govuk-grey dark:text-slate-400">Person confirmed</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{entry.issuer ? authorityName(entry.issuer) : "Not known"}</td>
              <td className="px-3 py-2">
                <TextLink href={`/api/verifications/${entry.id}/receipt`} download data-testid="link-receipt">
                  PDF
                  <span className="sr-only">
                    {" "}
                    receipt of the {entry.checkName} check, {formatDateTime(entry.verifiedAt)}
                  </span>
                </TextLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Th({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-3 py-2 text-sm font-bold">
      {children}
    </th>
  );
}
