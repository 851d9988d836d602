/**
 * Gabriel's figures on the public transparency page (/gabriel-ai): cases raised, the share a person
 * has decided, cases still open, the median time to a decision and the agents' runs, in total and
 * per agent (server/gabriel/transparency.ts). Totals and durations only: no case, person or
 * reviewer is ever named. When nothing has been raised yet the page says so, rather than showing a
 * row of zeros and "no data".
 */

import { Stat } from "#app/components/pitch/layout.tsx";
import { formatDateTime, formatPercent } from "#core/format/format.ts";
import type { AgentType } from "#core/gabriel/events.ts";
import type {
  ReviewFigures as FiguresView,
  TransparencyFigures as TransparencyFiguresData,
} from "#server/gabriel/transparency.ts";

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
const whole = (n: number) => n.toLocaleString("en-GB");

/** A duration in words, to the minute: "Under a minute", "45 minutes", "3 hours 5 minutes", "2 days 4 hours". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "Under a minute";
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return minutes % 60 ? `${plural(hours, "hour")} ${plural(minutes % 60, "minute")}` : plural(hours, "hour");
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${plural(days, "day")} ${plural(hours % 24, "hour")}` : plural(days, "day");
}

const median = (f: FiguresView) =>
  f.medianDecisionMs === null ? "No decisions in the last 30 days" : formatDuration(f.medianDecisionMs);

/** The figures, or the empty state; `agents` names the agents in the order the page lists them. */
export function TransparencyFigures({
  figures,
  agents,
}: {
  figures: TransparencyFiguresData | null;
  agents: readonly { type: AgentType; name: string }[];
}) {
  if (!figures) {
    return (
      <p className="max-w-3xl rounded-sm border-s-4 border-govuk-border bg-white p-4 text-lg text-govuk-black dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100">
        The figures cannot be read just now. Please try again in a minute; the descriptions of the agents above are not
        affected.
      </p>
    );
  }
  const { total } = figures;
  const asOf = `Figures as of ${formatDateTime(figures.asOf)} (UK time), read afresh each time this page loads.`;

  if (total.raised === 0) {
    return (
      <div className="max-w-3xl space-y-3">
        <div className="rounded-sm border-s-4 border-govuk-blue bg-white p-5 dark:border-govuk-blue-light dark:bg-slate-900">
          <p className="text-xl font-bold text-govuk-black dark:text-slate-100">No cases have been raised yet.</p>
          <p className="mt-2 text-govuk-black dark:text-slate-200">
            {total.runsRecently > 0
              ? `The agents have run ${plural(total.runsRecently, "time")} in the last 30 days and found nothing that needed a person to look at it.`
              : "The agents have not run in the last 30 days."}{" "}
            When an agent raises a case, how many were raised, how many people have decided and how long decisions took
            will be shown here.
          </p>
        </div>
        <p className="text-govuk-grey dark:text-slate-300">{asOf}</p>
      </div>
    );
  }

  return (
    <div>
      <ul
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Gabriel's figures, all agents together"
      >
        <li className="flex *:flex-1">
          <Stat value={whole(total.raised)} label="Cases raised for a person to review, since Gabriel began" />
        </li>
        <li className="flex *:flex-1">
          <Stat value={whole(total.raisedRecently)} label="Cases raised in the last 30 days" />
        </li>
        <li className="flex *:flex-1">
          <Stat
            value={formatPercent(total.decidedByPeoplePercent)}
            label={`Decided by a person (${whole(total.decided)} of ${whole(total.raised)} cases)`}
          />
        </li>
        <li className="flex *:flex-1">
          <Stat value={whole(total.open)} label="Cases waiting for a person to decide" />
        </li>
        <li className="flex *:flex-1">
          <Stat
            value={median(total)}
            label={`Median time from a case being raised to a person's decision, over the ${plural(total.decidedRecently, "case")} decided in the last 30 days`}
          />
        </li>
        <li className="flex *:flex-1">
          <Stat value={whole(total.runsRecently)} label="Times the agents ran in the last 30 days" />
        </li>
      </ul>

      <section
        className="mt-8 overflow-x-auto rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        aria-label="Figures by agent"
      >
        <table className="w-full border-collapse text-start text-sm sm:text-base">
          <caption className="px-3 pt-4 pb-2 text-start text-lg font-bold text-govuk-black sm:px-4 dark:text-slate-100">
            Figures by agent
          </caption>
          <thead>
            <tr className="bg-govuk-grey-light dark:bg-slate-800">
              {[
                "Agent",
                "Cases raised",
                "Raised in the last 30 days",
                "Decided by a person",
                "Waiting for a person",
                "Median time to decision (last 30 days)",
                "Runs in the last 30 days",
              ].map((heading) => (
                <th
                  key={heading}
                  scope="col"
                  className="border-b border-govuk-border px-4 py-3 align-bottom font-bold text-govuk-black dark:border-slate-700 dark:text-slate-100"
                >
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="text-govuk-black dark:text-slate-200">
            {agents.map(({ type, name }) => {
              const f = figures.agents[type];
              return (
                <tr key={type} data-agent={type}>
                  <th
                    scope="row"
                    className="border-b border-govuk-border px-4 py-3 font-semibold dark:border-slate-700"
                  >
                    {name}
                  </th>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{whole(f.raised)}</td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">
                    {whole(f.raisedRecently)}
                  </td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">
                    {f.raised === 0 ? "No cases" : `${whole(f.decided)} (${formatPercent(f.decidedByPeoplePercent)})`}
                  </td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{whole(f.open)}</td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{median(f)}</td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">
                    {whole(f.runsRecently)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <div className="mt-6 max-w-3xl space-y-2 text-govuk-grey dark:text-slate-300">
        <p>
          Agents cannot decide a case: every decision counted here was made by a member of staff reviewing it, and is
          recorded in Gabriel&apos;s audit trail. Cases still waiting are counted as raised but not decided. The median
          is the middle time of the cases decided in the last 30 days (the mean of the two middle ones when there is an
          even number), worked out in the database.
        </p>
        <p>{asOf}</p>
      </div>
    </div>
  );
}
