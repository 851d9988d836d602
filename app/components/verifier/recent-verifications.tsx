import { Link } from "@remix-run/react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { elapsed } from "#core/format/format.ts";
import type { Formats } from "#core/format/locale.ts";
import type { VerificationRow } from "#server/verification/portal-pages.ts";
import { untyped } from "./messages.ts";
import { OutcomeLine, ResultBadge } from "./verification-display.tsx";

export const messages = untyped(
  defineMessages({
    /** Spec 000 §8: the generic empty-list text. */
    noData: { id: "verifier.recent.noData", defaultMessage: "No data available" },
    heading: { id: "verifier.recent.heading", defaultMessage: "Recent Verifications" },
    viewAll: {
      id: "verifier.recent.viewAll",
      defaultMessage: "View All<hidden> verifications</hidden>",
      description: "<hidden> wraps words only screen readers say",
    },
    viewAllCounted: {
      id: "verifier.recent.viewAllCounted",
      defaultMessage: "View All<hidden> verifications ({total})</hidden>",
      description: "<hidden> wraps words only screen readers say; {total} is how many there are",
    },
    byQr: { id: "verifier.recent.byQr", defaultMessage: "QR code", description: "How a check was made: by QR code" },
    byRequest: {
      id: "verifier.recent.byRequest",
      defaultMessage: "Request",
      description: "How a check was made: by request",
    },
    personConfirmed: { id: "verifier.recent.personConfirmed", defaultMessage: "Person confirmed" },
    emptyHint: {
      id: "verifier.recent.emptyHint",
      defaultMessage: "Checks your organisation makes, by QR code or by request, appear here.",
    },
    justNow: { id: "verifier.recent.justNow", defaultMessage: "just now" },
    minutesAgo: {
      id: "verifier.recent.minutesAgo",
      defaultMessage: "{count, plural, one {# minute ago} other {# minutes ago}}",
    },
    hoursAgo: {
      id: "verifier.recent.hoursAgo",
      defaultMessage: "{count, plural, one {# hour ago} other {# hours ago}}",
    },
    daysAgo: {
      id: "verifier.recent.daysAgo",
      defaultMessage: "{count, plural, one {yesterday} other {# days ago}}",
    },
  }),
);

/** "5 minutes ago": the runtime's words where it has them, else ours (Welsh, Panjabi: ADR 038). */
function ago(intl: ReturnType<typeof useIntl>, f: Formats, iso: string, now: string): string {
  if (f.relativeTime) return f.relativeTime(iso, now);
  const step = elapsed(iso, now);
  switch (step.unit) {
    case "now":
      return intl.formatMessage(messages.justNow);
    case "minute":
      return intl.formatMessage(messages.minutesAgo, { count: step.count });
    case "hour":
      return intl.formatMessage(messages.hoursAgo, { count: step.count });
    case "day":
      return intl.formatMessage(messages.daysAgo, { count: step.count });
    case "date":
      return f.date(iso);
  }
}

/**
 * Recent Verifications (spec 000 §2): the organisation's five newest checks from the record,
 * each with its check, result (and for a valid one the check's outcome: ADR 033), purpose and
 * time, and View All (the full history).
 */
export function RecentVerifications({
  entries,
  total,
  now,
}: {
  entries: VerificationRow[];
  total: number;
  now: string;
}) {
  const intl = useIntl();
  const f = useFormats();
  return (
    <Card as="section" aria-labelledby="recent-heading" className="p-5" data-testid="recent-verifications">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-heading" className="text-xl font-bold">
          {intl.formatMessage(messages.heading)}
        </h2>
        <Link
          to="/verifier/history"
          className={buttonClasses("outline", "px-3 py-1 text-sm")}
          data-testid="link-view-all"
        >
          <FormattedMessage
            {...(total ? messages.viewAllCounted : messages.viewAll)}
            values={{ total, hidden: screenReaderOnly }}
          />
        </Link>
      </div>
      {entries.length ? (
        <ol className="mt-3 divide-y divide-govuk-border dark:divide-slate-700" data-testid="recent-list">
          {entries.map((entry) => (
            <li key={entry.id} className="py-3" data-testid="recent-item" data-record-id={entry.id}>
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <p className="font-semibold">{entry.checkName}</p>
                <ResultBadge result={entry.result} />
              </div>
              {entry.result === "valid" ? (
                <OutcomeLine outcome={entry.outcome} className="mt-0.5 block text-sm" />
              ) : null}
              <p className="mt-0.5 break-words text-sm">{entry.purpose}</p>
              <p className="mt-0.5 text-sm text-govuk-grey dark:text-slate-400">
                <time dateTime={entry.verifiedAt} title={f.dateTime(entry.verifiedAt)}>
                  {ago(intl, f, entry.verifiedAt, now)}
                </time>
                {entry.mode === "offline"
                  ? ` · ${intl.formatMessage(messages.byQr)}`
                  : entry.mode === "online"
                    ? ` · ${intl.formatMessage(messages.byRequest)}`
                    : ""}
                {entry.visualMatchAt ? ` · ${intl.formatMessage(messages.personConfirmed)}` : ""}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <div
          className="mt-4 rounded-sm border border-dashed border-govuk-border p-6 text-center dark:border-slate-600"
          data-testid="recent-empty"
        >
          <Icon name="inbox" className="mx-auto h-8 w-8 text-govuk-grey dark:text-slate-400" />
          <p className="mt-2 font-semibold">{intl.formatMessage(messages.noData)}</p>
          <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.emptyHint)}</p>
        </div>
      )}
    </Card>
  );
}
