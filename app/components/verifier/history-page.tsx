/**
 * /verifier/history: the organisation's whole verification record (each check's result and, beside
 * it, its outcome: ADR 033), newest first, 20 to a page with Previous and Next, filtered by result
 * and check through a GET form (it works without JavaScript: the filters are the page's address),
 * and Download CSV of the same filter.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { checkNameText } from "#core/verification/check-messages.ts";
import { CHECK_TYPES } from "#core/verification/checks.ts";
import { RESULT_KINDS } from "#core/verification/reasons.ts";
import type { HistoryFilters, HistoryPageData, HistoryRow } from "#server/verification/portal-pages.ts";
import { untyped } from "./messages.ts";
import { messages as recentMessages } from "./recent-verifications.tsx";
import { OutcomeLine, ResultBadge, resultLabel } from "./verification-display.tsx";

export const HISTORY_PAGE_SIZE = 20;

const messages = untyped(
  defineMessages({
    allResults: { id: "verifier.history.allResults", defaultMessage: "All results" },
    allChecks: { id: "verifier.history.allChecks", defaultMessage: "All checks" },
    byQr: { id: "verifier.history.byQr", defaultMessage: "QR code", description: "How a check was made" },
    byRequest: { id: "verifier.history.byRequest", defaultMessage: "Request", description: "How a check was made" },
    byShare: { id: "verifier.history.byShare", defaultMessage: "Share link", description: "How a check was made" },
    byCheck: {
      id: "verifier.history.byCheck",
      defaultMessage: "Check",
      description: "How a check was made, when not known",
    },
    back: { id: "verifier.history.back", defaultMessage: "Back to Verifier Portal" },
    title: { id: "verifier.history.title", defaultMessage: "Verification History" },
    lead: {
      id: "verifier.history.lead",
      defaultMessage: "Every check {organisation} has made, newest first.",
    },
    downloadFiltered: {
      id: "verifier.history.downloadFiltered",
      defaultMessage: "Download CSV<hidden> of these filtered verifications</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    downloadAll: {
      id: "verifier.history.downloadAll",
      defaultMessage: "Download CSV<hidden> of every verification</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    filter: { id: "verifier.history.filter", defaultMessage: "Filter", description: "Heading of the filters" },
    result: { id: "verifier.history.result", defaultMessage: "Result" },
    check: { id: "verifier.history.check", defaultMessage: "Check", description: "Which check was made" },
    apply: { id: "verifier.history.apply", defaultMessage: "Apply filters" },
    clear: { id: "verifier.history.clear", defaultMessage: "Clear filters" },
    verifications: { id: "verifier.history.verifications", defaultMessage: "Verifications" },
    showing: {
      id: "verifier.history.showing",
      defaultMessage: "Showing {first}–{last} of {total}",
    },
    noMatch: { id: "verifier.history.noMatch", defaultMessage: "No verifications match these filters" },
    tryOther: {
      id: "verifier.history.tryOther",
      defaultMessage: "Try other filters, or clear them to see every check.",
    },
    pages: { id: "verifier.history.pages", defaultMessage: "Pages of the history" },
    previous: {
      id: "verifier.history.previous",
      defaultMessage: "Previous<hidden> page</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    next: {
      id: "verifier.history.next",
      defaultMessage: "Next<hidden> page</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    pageOf: { id: "verifier.history.pageOf", defaultMessage: "Page {page} of {pages}" },
    checked: { id: "verifier.history.checked", defaultMessage: "Checked", description: "Column: when" },
    outcome: { id: "verifier.history.outcome", defaultMessage: "Outcome" },
    purpose: { id: "verifier.history.purpose", defaultMessage: "Purpose" },
    how: { id: "verifier.history.how", defaultMessage: "How" },
    issuer: { id: "verifier.history.issuer", defaultMessage: "Issuer" },
    receipt: { id: "verifier.history.receipt", defaultMessage: "Receipt" },
    notEvaluated: { id: "verifier.history.notEvaluated", defaultMessage: "Not evaluated" },
    personConfirmed: { id: "verifier.history.personConfirmed", defaultMessage: "Person confirmed" },
    notKnown: { id: "verifier.history.notKnown", defaultMessage: "Not known", description: "The issuer is not known" },
    pdf: {
      id: "verifier.history.pdf",
      defaultMessage: "PDF<hidden> receipt of the {check} check, {time}</hidden>",
      description: "Link to a PDF receipt; <hidden> wraps words only screen readers say",
    },
  }),
);

/** The query string of a history view (only what is not the default). */
function historyQuery(filters: HistoryFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.result !== "all") params.set("result", filters.result);
  if (filters.type !== "all") params.set("type", filters.type);
  const text = params.toString();
  return text ? `?${text}` : "";
}

const MODE = { offline: messages.byQr, online: messages.byRequest, share: messages.byShare } as const;
const modeOf = (mode: string | null) => (mode && Object.hasOwn(MODE, mode) ? MODE[mode as keyof typeof MODE] : null);

export function HistoryPage({ organisation, entries, total, page, pages, filters }: HistoryPageData) {
  const intl = useIntl();
  const resultOptions = [
    { value: "all", label: intl.formatMessage(messages.allResults) },
    ...RESULT_KINDS.map((kind) => ({ value: kind, label: resultLabel(intl, kind) })),
  ];
  const checkOptions = [
    { value: "all", label: intl.formatMessage(messages.allChecks) },
    ...CHECK_TYPES.map((code) => ({ value: code, label: checkNameText(intl, code) })),
  ];
  const filtered = filters.result !== "all" || filters.type !== "all";
  const first = total ? (page - 1) * HISTORY_PAGE_SIZE + 1 : 0;
  const last = Math.min(total, page * HISTORY_PAGE_SIZE);
  const pageLink = (to: number) => `/verifier/history${historyQuery(filters, to > 1 ? { page: String(to) } : {})}`;
  // The API gives an administrator every organisation's records unless one is named: this page shows one.
  const csv = `/api/verifications/history${historyQuery(filters, { format: "csv", organisation: organisation.id })}`;

  return (
    <SignedInPage
      back={{ to: "/verifier", label: intl.formatMessage(messages.back) }}
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead, { organisation: organisation.name })}
      aside={
        <a href={csv} download className={buttonClasses("outline")} data-testid="link-download-csv">
          <Icon name="download" className="h-5 w-5" />
          <FormattedMessage
            {...(filtered ? messages.downloadFiltered : messages.downloadAll)}
            values={{ hidden: screenReaderOnly }}
          />
        </a>
      }
    >
      <Card as="section" aria-labelledby="filters-heading" className="mt-8 p-5">
        <h2 id="filters-heading" className="text-xl font-bold">
          {intl.formatMessage(messages.filter)}
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
            label={intl.formatMessage(messages.result)}
            defaultValue={filters.result}
            options={resultOptions}
            className="min-w-48"
            data-testid="filter-result"
          />
          <SelectField
            key={`type-${filters.type}`}
            name="type"
            label={intl.formatMessage(messages.check)}
            defaultValue={filters.type}
            options={checkOptions}
            className="min-w-48"
            data-testid="filter-type"
          />
          <Button type="submit" data-testid="button-apply-filters">
            {intl.formatMessage(messages.apply)}
          </Button>
          {filtered ? (
            <TextLink to="/verifier/history" className="mb-2" data-testid="link-clear-filters">
              {intl.formatMessage(messages.clear)}
            </TextLink>
          ) : null}
        </Form>
      </Card>

      <section aria-labelledby="history-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="history-heading" className="text-2xl font-bold">
            {intl.formatMessage(messages.verifications)}
          </h2>
          <p className="text-govuk-grey dark:text-slate-400" data-testid="history-count">
            {total
              ? intl.formatMessage(messages.showing, { first, last, total })
              : filtered
                ? intl.formatMessage(messages.noMatch)
                : ""}
          </p>
        </div>
        {entries.length ? (
          <HistoryTable entries={entries} />
        ) : (
          <EmptyState
            icon="inbox"
            testId="history-empty"
            headingLevel="p"
            heading={intl.formatMessage(recentMessages.noData)}
            text={intl.formatMessage(filtered ? messages.tryOther : recentMessages.emptyHint)}
          />
        )}

        {pages > 1 ? (
          <nav
            aria-label={intl.formatMessage(messages.pages)}
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
                <span aria-hidden="true">‹</span>{" "}
                <FormattedMessage {...messages.previous} values={{ hidden: screenReaderOnly }} />
              </Link>
            ) : (
              <span />
            )}
            <p aria-current="page" data-testid="history-page">
              {intl.formatMessage(messages.pageOf, { page, pages })}
            </p>
            {page < pages ? (
              <Link
                to={pageLink(page + 1)}
                className={buttonClasses("outline")}
                rel="next"
                data-testid="link-next-page"
              >
                <FormattedMessage {...messages.next} values={{ hidden: screenReaderOnly }} />{" "}
                <span aria-hidden="true">›</span>
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
  const intl = useIntl();
  const f = useFormats();
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
            <Th>{intl.formatMessage(messages.checked)}</Th>
            <Th>{intl.formatMessage(messages.check)}</Th>
            <Th>{intl.formatMessage(messages.result)}</Th>
            <Th>{intl.formatMessage(messages.outcome)}</Th>
            <Th>{intl.formatMessage(messages.purpose)}</Th>
            <Th>{intl.formatMessage(messages.how)}</Th>
            <Th>{intl.formatMessage(messages.issuer)}</Th>
            <Th>{intl.formatMessage(messages.receipt)}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-govuk-border dark:divide-slate-700">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="history-row" data-result={entry.result} data-record-id={entry.id}>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={entry.verifiedAt}>{f.dateTime(entry.verifiedAt)}</time>
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
                  <span className="text-govuk-grey dark:text-slate-400">
                    {intl.formatMessage(messages.notEvaluated)}
                  </span>
                )}
              </td>
              <td className="max-w-xs break-words px-3 py-2">{entry.purpose}</td>
              <td className="px-3 py-2">
                {intl.formatMessage(modeOf(entry.mode) ?? messages.byCheck)}
                {entry.visualMatchAt ? (
                  <span className="block text-sm text-govuk-grey dark:text-slate-400">
                    {intl.formatMessage(messages.personConfirmed)}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">{entry.issuerName ?? intl.formatMessage(messages.notKnown)}</td>
              <td className="px-3 py-2">
                <TextLink href={`/api/verifications/${entry.id}/receipt`} download data-testid="link-receipt">
                  <FormattedMessage
                    {...messages.pdf}
                    values={{ check: entry.checkName, time: f.dateTime(entry.verifiedAt), hidden: screenReaderOnly }}
                  />
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
