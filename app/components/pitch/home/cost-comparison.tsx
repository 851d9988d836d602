import { MVP, NATIONAL_SSO } from "#core/pitch/programme.ts";

/** Spec 001 §1: the home page bar chart labels the comparison figure 305m+. */
const COST_BARS: { label: string; value: string; millions: number; tone: "ours" | "theirs" }[] = [
  {
    label: "Privacy-first digital identity MVP",
    value: MVP.cost.display,
    millions: MVP.cost.value / 1e6,
    tone: "ours",
  },
  {
    label: "National single sign-on",
    value: NATIONAL_SSO.comparedCost.display,
    millions: NATIONAL_SSO.comparedCost.value / 1e6,
    tone: "theirs",
  },
];

/**
 * Spec 001 §2 "Cost comparison bars". The bars are decorative: each row's label and value are
 * text, so the figure reads the same without seeing the bars.
 */
export function CostComparison() {
  const max = Math.max(...COST_BARS.map((bar) => bar.millions));
  return (
    <figure className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <figcaption className="text-xl font-bold text-govuk-black dark:text-slate-100">
        Development cost comparison
      </figcaption>
      <ul className="mt-6 space-y-6">
        {COST_BARS.map((bar) => (
          <li key={bar.label}>
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="font-semibold text-govuk-black dark:text-slate-100">{bar.label}</span>
              <span className="text-2xl font-bold text-govuk-black dark:text-slate-100">{bar.value}</span>
            </p>
            <div aria-hidden="true" className="mt-2 h-8 w-full rounded-sm bg-govuk-grey-light dark:bg-slate-800">
              <div
                className={`h-8 rounded-sm ${bar.tone === "ours" ? "bg-govuk-green dark:bg-green-500" : "bg-govuk-red dark:bg-red-400"}`}
                style={{ width: `max(0.75rem, ${(bar.millions / max) * 100}%)` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
