import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from "react-intl";
import { PitchIcon, type PitchIconName } from "#app/components/pitch/icons.tsx";
import { CheckList } from "#app/components/pitch/layout.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { PILOTS } from "#core/pitch/programme.ts";

/** Spec 001 §2 "Pilots", §9 "Pilots": the four pilots, their facts and expected outcomes. */

const m = defineMessages({
  partners: { id: "pitch.pilots.fact.partners", defaultMessage: "Partners" },
  partner: { id: "pitch.pilots.fact.partner", defaultMessage: "Partner" },
  duration: { id: "pitch.pilots.fact.duration", defaultMessage: "Duration" },
  transactions: { id: "pitch.pilots.fact.transactions", defaultMessage: "Transactions" },
  livePhase: { id: "pitch.pilots.fact.livePhase", defaultMessage: "Live phase" },
  savings: { id: "pitch.pilots.fact.savings", defaultMessage: "Projected savings" },
  schools: { id: "pitch.pilots.fact.schools", defaultMessage: "Schools" },
  efficiency: { id: "pitch.pilots.fact.efficiency", defaultMessage: "Efficiency gain" },
  nhsTitle: { id: "pitch.pilots.nhs.title", defaultMessage: "NHS Right-to-Work" },
  nhsService: { id: "pitch.pilots.nhs.service", defaultMessage: "Right-to-Work checks for new NHS starters" },
  nhsSummary: {
    id: "pitch.pilots.nhs.summary",
    defaultMessage: "Nurses, doctors, porters and administrators prove their right to work once, and start sooner.",
  },
  nhsPartners: { id: "pitch.pilots.nhs.partners", defaultMessage: "3-5 NHS trusts" },
  nhsTransactions: { id: "pitch.pilots.nhs.transactions", defaultMessage: "500-1,000" },
  nhsLive: { id: "pitch.pilots.nhs.livePhase", defaultMessage: "100 workers" },
  nhsClearance: { id: "pitch.pilots.nhs.clearance", defaultMessage: "Time to clear a new starter" },
  nhsShifts: { id: "pitch.pilots.nhs.outcome.shifts", defaultMessage: "Fewer unfilled shifts while checks complete" },
  nhsAudit: { id: "pitch.pilots.nhs.outcome.audit", defaultMessage: "Automatic audit trail for every check" },
  nhsPortable: { id: "pitch.pilots.nhs.outcome.portable", defaultMessage: "Portable credentials between trusts" },
  housingTitle: { id: "pitch.pilots.housing.title", defaultMessage: "Housing Right-to-Rent" },
  housingService: {
    id: "pitch.pilots.housing.service",
    defaultMessage: "Right-to-Rent checks for housing association tenants",
  },
  housingSummary: {
    id: "pitch.pilots.housing.summary",
    defaultMessage: "Tenants share a signed right-to-rent answer instead of documents judged by eye.",
  },
  housingPartners: { id: "pitch.pilots.housing.partners", defaultMessage: "2-3 housing associations" },
  housingErrors: {
    id: "pitch.pilots.housing.outcome.errors",
    defaultMessage: "Fewer errors than manual document checks",
  },
  housingKiosks: {
    id: "pitch.pilots.housing.outcome.kiosks",
    defaultMessage: "Tenants without a passport supported through assisted-digital kiosks",
  },
  housingCopies: { id: "pitch.pilots.housing.outcome.copies", defaultMessage: "No copies of passports kept on file" },
  educationTitle: { id: "pitch.pilots.education.title", defaultMessage: "Education DBS" },
  educationService: { id: "pitch.pilots.education.service", defaultMessage: "DBS checks for school staff" },
  educationSummary: {
    id: "pitch.pilots.education.summary",
    defaultMessage: "Schools confirm a DBS result held in the wallet instead of waiting for paperwork.",
  },
  educationPartners: { id: "pitch.pilots.education.partners", defaultMessage: "One local education authority" },
  educationSchools: { id: "pitch.pilots.education.schools", defaultMessage: "50-100 schools" },
  educationConfirmation: { id: "pitch.pilots.education.confirmation", defaultMessage: "DBS confirmation" },
  educationSooner: { id: "pitch.pilots.education.outcome.sooner", defaultMessage: "New staff in classrooms sooner" },
  educationAdmin: {
    id: "pitch.pilots.education.outcome.admin",
    defaultMessage: "Less administration for head teachers",
  },
  educationSafeguarding: {
    id: "pitch.pilots.education.outcome.safeguarding",
    defaultMessage: "Safeguarding checks with a clear audit trail",
  },
  councilTitle: { id: "pitch.pilots.council.title", defaultMessage: "Local Authority Multi-Service" },
  councilService: {
    id: "pitch.pilots.council.service",
    defaultMessage: "Several council identity checks on one platform",
  },
  councilSummary: {
    id: "pitch.pilots.council.summary",
    defaultMessage:
      "A council brings staff, housing, licensing and service checks together, with assisted-digital kiosks in council offices and libraries.",
  },
  councilPartner: { id: "pitch.pilots.council.partner", defaultMessage: "A local authority" },
  councilDual: {
    id: "pitch.pilots.council.outcome.dual",
    defaultMessage: "Dual control for sensitive operations by council operators",
  },
  councilReuse: { id: "pitch.pilots.council.outcome.reuse", defaultMessage: "One credential reused across services" },
  councilKiosks: { id: "pitch.pilots.council.outcome.kiosks", defaultMessage: "Kiosks tested with real residents" },
});

const ranges = defineMessages<{ change: { before: string; after: string } }>({
  change: {
    id: "pitch.pilots.fact.change",
    defaultMessage: "{before} to {after}",
    description: "A time that falls from one figure to another, e.g. 'eight weeks to two weeks'.",
  },
});

/** A fact's value: words in the catalogs, or a figure from core/pitch shown as it is. */
type FactValue = MessageDescriptor | string | ((intl: IntlShape) => string);

export interface Pilot {
  id: string;
  title: MessageDescriptor;
  service: MessageDescriptor;
  icon: PitchIconName;
  summary: MessageDescriptor;
  facts: { label: MessageDescriptor; value: FactValue }[];
  outcomes: MessageDescriptor[];
}

const change =
  (before: string, after: string) =>
  (intl: IntlShape): string =>
    intl.formatMessage(ranges.change, { before, after });

export const PILOT_CARDS: Pilot[] = [
  {
    id: "nhs",
    title: m.nhsTitle,
    service: m.nhsService,
    icon: "pulse",
    summary: m.nhsSummary,
    facts: [
      { label: m.partners, value: m.nhsPartners },
      { label: m.duration, value: (intl) => intl.formatMessage(DURATION.months, { count: 6 }) },
      { label: m.transactions, value: m.nhsTransactions },
      { label: m.livePhase, value: m.nhsLive },
      { label: m.savings, value: PILOTS.nhsSavings.display },
      {
        label: m.nhsClearance,
        value: change(PILOTS.nhsClearanceDays.before.display, PILOTS.nhsClearanceDays.after.display),
      },
    ],
    outcomes: [m.nhsShifts, m.nhsAudit, m.nhsPortable],
  },
  {
    id: "housing",
    title: m.housingTitle,
    service: m.housingService,
    icon: "home",
    summary: m.housingSummary,
    facts: [
      { label: m.partners, value: m.housingPartners },
      { label: m.savings, value: PILOTS.housingSavings.display },
    ],
    outcomes: [m.housingErrors, m.housingKiosks, m.housingCopies],
  },
  {
    id: "education",
    title: m.educationTitle,
    service: m.educationService,
    icon: "school",
    summary: m.educationSummary,
    facts: [
      { label: m.partners, value: m.educationPartners },
      { label: m.schools, value: m.educationSchools },
      { label: m.savings, value: PILOTS.educationSavings.display },
      {
        label: m.educationConfirmation,
        value: change(PILOTS.dbsConfirmationWeeks.before.display, PILOTS.dbsConfirmationWeeks.after.display),
      },
    ],
    outcomes: [m.educationSooner, m.educationAdmin, m.educationSafeguarding],
  },
  {
    id: "local-authority",
    title: m.councilTitle,
    service: m.councilService,
    icon: "building",
    summary: m.councilSummary,
    facts: [
      { label: m.partner, value: m.councilPartner },
      { label: m.savings, value: PILOTS.councilSavings.display },
      { label: m.efficiency, value: PILOTS.councilEfficiencyPercent.display },
    ],
    outcomes: [m.councilDual, m.councilReuse, m.councilKiosks],
  },
];

export function PilotCard({ pilot }: { pilot: Pilot }) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const value = (fact: FactValue) =>
    typeof fact === "string" ? fact : typeof fact === "function" ? fact(intl) : intl.formatMessage(fact);
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
            {t(pilot.title)}
          </h3>
          <p className="text-govuk-grey dark:text-slate-300">{t(pilot.service)}</p>
        </div>
      </div>
      <p className="mt-4 text-lg text-govuk-black dark:text-slate-200">{t(pilot.summary)}</p>
      <dl className="mt-4 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700">
        {pilot.facts.map((fact) => (
          <div key={fact.label.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <dt className="text-govuk-grey dark:text-slate-300">{t(fact.label)}</dt>
            <dd className="font-bold text-govuk-black dark:text-slate-100">{value(fact.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 text-govuk-black dark:text-slate-200">
        <CheckList items={pilot.outcomes.map(t)} />
      </div>
    </article>
  );
}
