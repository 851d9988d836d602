import { defineMessages, useIntl } from "react-intl";
import { MVP, NATIONAL_SSO } from "#core/pitch/programme.ts";

const messages = defineMessages({
  caption: { id: "pitch.home.costs.caption", defaultMessage: "Development cost comparison" },
  ours: { id: "pitch.home.costs.ours", defaultMessage: "Privacy-first digital identity MVP" },
  theirs: { id: "pitch.home.costs.theirs", defaultMessage: "National single sign-on" },
});

/** Spec 001 §1: the home page bar chart labels the comparison figure 305m+. */
const COST_BARS = [
  { key: "ours", label: messages.ours, value: MVP.cost.display, millions: MVP.cost.value / 1e6 },
  {
    key: "theirs",
    label: messages.theirs,
    value: NATIONAL_SSO.comparedCost.display,
    millions: NATIONAL_SSO.comparedCost.value / 1e6,
  },
] as const;

/**
 * Spec 001 §2 "Cost comparison bars". The bars are decorative: each row's label and value are
 * text, so the figure reads the same without seeing the bars.
 */
export function CostComparison() {
  const intl = useIntl();
  const max = Math.max(...COST_BARS.map((bar) => bar.millions));
  return (
    <figure className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="text-xl font-bold text-govuk-black dark:text-slate-100">
        {intl.formatMessage(messages.caption)}
      </figcaption>
      <ul className="mt-6 space-y-6">
        {COST_BARS.map((bar) => (
          <li key={bar.key}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-semibold text-govuk-black dark:text-slate-100">
                {intl.formatMessage(bar.label)}
              </span>
              <span className="text-2xl font-bold text-govuk-black dark:text-slate-100">{bar.value}</span>
            </p>
            <div aria-hidden="true" className="mt-2 h-8 w-full rounded-sm bg-govuk-grey-light dark:bg-slate-800">
              <div
                className={`h-8 rounded-sm ${bar.key === "ours" ? "bg-govuk-green dark:bg-green-500" : "bg-govuk-red dark:bg-red-400"}`}
                style={{ width: `max(0.75rem, ${(bar.millions / max) * 100}%)` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
