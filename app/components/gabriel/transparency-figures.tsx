/**
 * Gabriel's figures on the public transparency page (/gabriel-ai): cases raised, the share a person
 * has decided, cases still open, the median time to a decision and the agents' runs, in total and
 * per agent (server/gabriel/transparency.ts). Totals and durations only: no case, person or
 * reviewer is ever named. When nothing has been raised yet the page says so, rather than showing a
 * row of zeros and "no data".
 */

import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Stat } from "#app/components/pitch/layout.tsx";
import type { Formats } from "#core/format/locale.ts";
import { agentName } from "#core/gabriel/agent-words.ts";
import type { AgentType } from "#core/gabriel/events.ts";
import type {
  ReviewFigures as FiguresView,
  TransparencyFigures as TransparencyFiguresData,
} from "#server/gabriel/transparency.ts";

const messagesDeclared = defineMessages({
  underMinute: { id: "gabriel.figures.underMinute", defaultMessage: "Under a minute" },
  minutes: { id: "gabriel.figures.minutes", defaultMessage: "{count, plural, one {# minute} other {# minutes}}" },
  hours: { id: "gabriel.figures.hours", defaultMessage: "{count, plural, one {# hour} other {# hours}}" },
  days: { id: "gabriel.figures.days", defaultMessage: "{count, plural, one {# day} other {# days}}" },
  pair: {
    id: "gabriel.figures.pair",
    defaultMessage: "{larger} {smaller}",
    description: "A duration in two units, e.g. '3 hours' and '5 minutes'.",
  },
  noData: { id: "gabriel.figures.noData", defaultMessage: "No data" },
  noDecisions: { id: "gabriel.figures.noDecisions", defaultMessage: "No decisions in the last 30 days" },
  unavailable: {
    id: "gabriel.figures.unavailable",
    defaultMessage:
      "The figures cannot be read just now. Please try again in a minute; the descriptions of the agents above are not affected.",
  },
  asOf: {
    id: "gabriel.figures.asOf",
    defaultMessage: "Figures as of {when} (UK time), read afresh each time this page loads.",
  },
  noCases: { id: "gabriel.figures.noCases", defaultMessage: "No cases have been raised yet." },
  ranNothingFound: {
    id: "gabriel.figures.ranNothingFound",
    defaultMessage:
      "{count, plural, one {The agents have run # time in the last 30 days and found nothing that needed a person to look at it.} other {The agents have run # times in the last 30 days and found nothing that needed a person to look at it.}}",
  },
  notRun: { id: "gabriel.figures.notRun", defaultMessage: "The agents have not run in the last 30 days." },
  whenRaised: {
    id: "gabriel.figures.whenRaised",
    defaultMessage:
      "When an agent raises a case, how many were raised, how many people have decided and how long decisions took will be shown here.",
  },
  totalsLabel: { id: "gabriel.figures.totalsLabel", defaultMessage: "Gabriel's figures, all agents together" },
  raised: { id: "gabriel.figures.raised", defaultMessage: "Cases raised for a person to review, since Gabriel began" },
  raisedRecently: { id: "gabriel.figures.raisedRecently", defaultMessage: "Cases raised in the last 30 days" },
  decidedOf: {
    id: "gabriel.figures.decidedOf",
    defaultMessage: "Decided by a person ({decided} of {raised} cases)",
    description: "decided and raised: numbers of cases (raised is never 1 here in practice, but may be).",
  },
  open: { id: "gabriel.figures.open", defaultMessage: "Cases waiting for a person to decide" },
  medianLabel: {
    id: "gabriel.figures.medianLabel",
    defaultMessage:
      "{count, plural, one {Median time from a case being raised to a person's decision, over the # case decided in the last 30 days} other {Median time from a case being raised to a person's decision, over the # cases decided in the last 30 days}}",
  },
  runs: { id: "gabriel.figures.runs", defaultMessage: "Times the agents ran in the last 30 days" },
  byAgent: { id: "gabriel.figures.byAgent", defaultMessage: "Figures by agent" },
  colAgent: { id: "gabriel.figures.col.agent", defaultMessage: "Agent" },
  colRaised: { id: "gabriel.figures.col.raised", defaultMessage: "Cases raised" },
  colRaisedRecently: { id: "gabriel.figures.col.raisedRecently", defaultMessage: "Raised in the last 30 days" },
  colDecided: { id: "gabriel.figures.col.decided", defaultMessage: "Decided by a person" },
  colWaiting: { id: "gabriel.figures.col.waiting", defaultMessage: "Waiting for a person" },
  colMedian: { id: "gabriel.figures.col.median", defaultMessage: "Median time to decision (last 30 days)" },
  colRuns: { id: "gabriel.figures.col.runs", defaultMessage: "Runs in the last 30 days" },
  noCasesCell: { id: "gabriel.figures.noCasesCell", defaultMessage: "No cases" },
  decidedCell: { id: "gabriel.figures.decidedCell", defaultMessage: "{decided} ({percent})" },
  explainer: {
    id: "gabriel.figures.explainer",
    defaultMessage:
      "Agents cannot decide a case: every decision counted here was made by a member of staff reviewing it, and is recorded in Gabriel's audit trail. Cases still waiting are counted as raised but not decided. The median is the middle time of the cases decided in the last 30 days (the mean of the two middle ones when there is an even number), worked out in the database.",
  },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

/** A duration in words in the page's language, to the minute (as formatDuration says it in English). */
export function duration(intl: IntlShape, ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return intl.formatMessage(messages.underMinute);
  const say = (unit: MessageDescriptor, count: number) => intl.formatMessage(unit, { count });
  const pair = (larger: string, smaller: string) => intl.formatMessage(messages.pair, { larger, smaller });
  if (minutes < 60) return say(messages.minutes, minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return minutes % 60
      ? pair(say(messages.hours, hours), say(messages.minutes, minutes % 60))
      : say(messages.hours, hours);
  const days = Math.floor(hours / 24);
  return hours % 24 ? pair(say(messages.days, days), say(messages.hours, hours % 24)) : say(messages.days, days);
}

const median = (intl: IntlShape, f: FiguresView) =>
  f.medianDecisionMs === null ? intl.formatMessage(messages.noDecisions) : duration(intl, f.medianDecisionMs);

/** The figures, or the empty state; `agents` names the agents in the order the page lists them. */
export function TransparencyFigures({
  figures,
  agents,
}: {
  figures: TransparencyFiguresData | null;
  agents: readonly { type: AgentType; name: string }[];
}) {
  const intl = useIntl();
  const fmt: Formats = useFormats();
  const whole = fmt.number;
  const percent = (value: number | null) => (value === null ? intl.formatMessage(messages.noData) : fmt.percent(value));
  if (!figures) {
    return (
      <p className="max-w-3xl rounded-sm border-s-4 border-govuk-border bg-white p-4 text-lg text-govuk-black dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100">
        {intl.formatMessage(messages.unavailable)}
      </p>
    );
  }
  const { total } = figures;
  const asOf = intl.formatMessage(messages.asOf, { when: fmt.dateTime(figures.asOf) });

  if (total.raised === 0) {
    return (
      <div className="max-w-3xl space-y-3">
        <div className="rounded-sm border-s-4 border-govuk-blue bg-white p-5 dark:border-govuk-blue-light dark:bg-slate-900">
          <p className="text-xl font-bold text-govuk-black dark:text-slate-100">
            {intl.formatMessage(messages.noCases)}
          </p>
          <p className="mt-2 text-govuk-black dark:text-slate-200">
            {total.runsRecently > 0
              ? intl.formatMessage(messages.ranNothingFound, { count: total.runsRecently })
              : intl.formatMessage(messages.notRun)}{" "}
            {intl.formatMessage(messages.whenRaised)}
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
        aria-label={intl.formatMessage(messages.totalsLabel)}
      >
        <li className="flex *:flex-1">
          <Stat value={whole(total.raised)} label={intl.formatMessage(messages.raised)} />
        </li>
        <li className="flex *:flex-1">
          <Stat value={whole(total.raisedRecently)} label={intl.formatMessage(messages.raisedRecently)} />
        </li>
        <li className="flex *:flex-1">
          <Stat
            value={percent(total.decidedByPeoplePercent)}
            label={intl.formatMessage(messages.decidedOf, {
              decided: whole(total.decided),
              raised: whole(total.raised),
            })}
          />
        </li>
        <li className="flex *:flex-1">
          <Stat value={whole(total.open)} label={intl.formatMessage(messages.open)} />
        </li>
        <li className="flex *:flex-1">
          <Stat
            value={median(intl, total)}
            label={intl.formatMessage(messages.medianLabel, { count: total.decidedRecently })}
          />
        </li>
        <li className="flex *:flex-1">
          <Stat value={whole(total.runsRecently)} label={intl.formatMessage(messages.runs)} />
        </li>
      </ul>

      <section
        className="mt-8 overflow-x-auto rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
        tabIndex={0}
        aria-label={intl.formatMessage(messages.byAgent)}
      >
        <table className="w-full border-collapse text-start text-sm sm:text-base">
          <caption className="px-3 pt-4 pb-2 text-start text-lg font-bold text-govuk-black sm:px-4 dark:text-slate-100">
            {intl.formatMessage(messages.byAgent)}
          </caption>
          <thead>
            <tr className="bg-govuk-grey-light dark:bg-slate-800">
              {[
                messages.colAgent,
                messages.colRaised,
                messages.colRaisedRecently,
                messages.colDecided,
                messages.colWaiting,
                messages.colMedian,
                messages.colRuns,
              ].map((heading) => (
                <th
                  key={heading.id}
                  scope="col"
                  className="border-b border-govuk-border px-4 py-3 align-bottom font-bold text-govuk-black dark:border-slate-700 dark:text-slate-100"
                >
                  {intl.formatMessage(heading)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="text-govuk-black dark:text-slate-200">
            {agents.map(({ type }) => {
              const f = figures.agents[type];
              return (
                <tr key={type} data-agent={type}>
                  <th
                    scope="row"
                    className="border-b border-govuk-border px-4 py-3 font-semibold dark:border-slate-700"
                  >
                    {agentName(intl, type)}
                  </th>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{whole(f.raised)}</td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">
                    {whole(f.raisedRecently)}
                  </td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">
                    {f.raised === 0
                      ? intl.formatMessage(messages.noCasesCell)
                      : intl.formatMessage(messages.decidedCell, {
                          decided: whole(f.decided),
                          percent: percent(f.decidedByPeoplePercent),
                        })}
                  </td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{whole(f.open)}</td>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{median(intl, f)}</td>
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
        <p>{intl.formatMessage(messages.explainer)}</p>
        <p>{asOf}</p>
      </div>
    </div>
  );
}
