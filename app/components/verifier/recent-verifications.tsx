import { Link } from "@remix-run/react";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { formatDateTime, relativeTime } from "#core/format/format.ts";
import type { VerificationRow } from "#server/verification/portal-pages.ts";
import { OutcomeLine, ResultBadge } from "./verification-display.tsx";

/** Spec 000 §8: the generic empty-list text. */
export const NO_DATA = "No data available";

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
  return (
    <Card as="section" aria-labelledby="recent-heading" className="p-5" data-testid="recent-verifications">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-heading" className="text-xl font-bold">
          Recent Verifications
        </h2>
        <Link
          to="/verifier/history"
          className={buttonClasses("outline", "px-3 py-1 text-sm")}
          data-testid="link-view-all"
        >
          View All<span className="sr-only"> verifications{total ? ` (${total})` : ""}</span>
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
                <time dateTime={entry.verifiedAt} title={formatDateTime(entry.verifiedAt)}>
                  {relativeTime(entry.verifiedAt, now)}
                </time>
                {entry.mode === "offline" ? " · QR code" : entry.mode === "online" ? " · Request" : ""}
                {entry.visualMatchAt ? " · Person confirmed" : ""}
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
          <p className="mt-2 font-semibold">{NO_DATA}</p>
          <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
            Checks your organisation makes, by QR code or by request, appear here.
          </p>
        </div>
      )}
    </Card>
  );
}
