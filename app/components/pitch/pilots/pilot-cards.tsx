import { PitchIcon, type PitchIconName } from "#app/components/pitch/icons.tsx";
import { CheckList } from "#app/components/pitch/layout.tsx";
import { PILOTS } from "#core/pitch/programme.ts";

/** Spec 001 §2 "Pilots", §9 "Pilots": the four pilots, their facts and expected outcomes. */
export interface Pilot {
  id: string;
  title: string;
  service: string;
  icon: PitchIconName;
  summary: string;
  facts: { label: string; value: string }[];
  outcomes: string[];
}

export const PILOT_CARDS: Pilot[] = [
  {
    id: "nhs",
    title: "NHS Right-to-Work",
    service: "Right-to-Work checks for new NHS starters",
    icon: "pulse",
    summary: "Nurses, doctors, porters and administrators prove their right to work once, and start sooner.",
    facts: [
      { label: "Partners", value: "3-5 NHS trusts" },
      { label: "Duration", value: "6 months" },
      { label: "Transactions", value: "500-1,000" },
      { label: "Live phase", value: "100 workers" },
      { label: "Projected savings", value: PILOTS.nhsSavings.display },
      {
        label: "Time to clear a new starter",
        value: `${PILOTS.nhsClearanceDays.before.display} to ${PILOTS.nhsClearanceDays.after.display}`,
      },
    ],
    outcomes: [
      "Fewer unfilled shifts while checks complete",
      "Automatic audit trail for every check",
      "Portable credentials between trusts",
    ],
  },
  {
    id: "housing",
    title: "Housing Right-to-Rent",
    service: "Right-to-Rent checks for housing association tenants",
    icon: "home",
    summary: "Tenants share a signed right-to-rent answer instead of documents judged by eye.",
    facts: [
      { label: "Partners", value: "2-3 housing associations" },
      { label: "Projected savings", value: PILOTS.housingSavings.display },
    ],
    outcomes: [
      "Fewer errors than manual document checks",
      "Tenants without a passport supported through assisted-digital kiosks",
      "No copies of passports kept on file",
    ],
  },
  {
    id: "education",
    title: "Education DBS",
    service: "DBS checks for school staff",
    icon: "school",
    summary: "Schools confirm a DBS result held in the wallet instead of waiting for paperwork.",
    facts: [
      { label: "Partners", value: "One local education authority" },
      { label: "Schools", value: "50-100 schools" },
      { label: "Projected savings", value: PILOTS.educationSavings.display },
      {
        label: "DBS confirmation",
        value: `${PILOTS.dbsConfirmationWeeks.before.display} to ${PILOTS.dbsConfirmationWeeks.after.display}`,
      },
    ],
    outcomes: [
      "New staff in classrooms sooner",
      "Less administration for head teachers",
      "Safeguarding checks with a clear audit trail",
    ],
  },
  {
    id: "local-authority",
    title: "Local Authority Multi-Service",
    service: "Several council identity checks on one platform",
    icon: "building",
    summary:
      "A council brings staff, housing, licensing and service checks together, with assisted-digital kiosks in council offices and libraries.",
    facts: [
      { label: "Partner", value: "A local authority" },
      { label: "Projected savings", value: PILOTS.councilSavings.display },
      { label: "Efficiency gain", value: PILOTS.councilEfficiencyPercent.display },
    ],
    outcomes: [
      "Dual control for sensitive operations by council operators",
      "One credential reused across services",
      "Kiosks tested with real residents",
    ],
  },
];

export function PilotCard({ pilot }: { pilot: Pilot }) {
  const headingId = `pilot-${pilot.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex shrink-0 rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
          <PitchIcon name={pilot.icon} className="h-7 w-7" />
        </span>
        <div>
          <h3 id={headingId} className="text-2xl font-bold text-govuk-black dark:text-slate-100">
            {pilot.title}
          </h3>
          <p className="text-govuk-grey dark:text-slate-300">{pilot.service}</p>
        </div>
      </div>
      <p className="mt-4 text-lg text-govuk-black dark:text-slate-200">{pilot.summary}</p>
      <dl className="mt-4 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700">
        {pilot.facts.map((fact) => (
          <div key={fact.label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <dt className="text-govuk-grey dark:text-slate-300">{fact.label}</dt>
            <dd className="font-bold text-govuk-black dark:text-slate-100">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 text-govuk-black dark:text-slate-200">
        <CheckList items={pilot.outcomes} />
      </div>
    </article>
  );
}
