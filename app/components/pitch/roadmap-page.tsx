import type { ReactNode } from "react";
import { defineMessages, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { Icon } from "#app/components/ui/icons.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { DELIVERY, MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, PageHero, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Roadmap": four phases, each with activities and success metrics (figures from spec
 * 001 §9 "Claims and delivery"), then a link to /costs-benefits. The phases are an ordered list:
 * their order is the plan.
 */

const m = defineMessages({
  discoveryName: { id: "pitch.roadmap.discovery.name", defaultMessage: "Discovery" },
  discoveryMonths: { id: "pitch.roadmap.discovery.months", defaultMessage: "Months 0-2" },
  discoverySummary: {
    id: "pitch.roadmap.discovery.summary",
    defaultMessage: "Understand the people and organisations who will use the service, and set the foundations.",
  },
  discoveryResearch: {
    id: "pitch.roadmap.discovery.research",
    defaultMessage: "User research with citizens, employers, landlords and schools",
  },
  discoveryDpia: {
    id: "pitch.roadmap.discovery.dpia",
    defaultMessage: "Data protection impact assessment (DPIA) and threat modelling",
  },
  discoveryArchitecture: {
    id: "pitch.roadmap.discovery.architecture",
    defaultMessage: "Architecture and standards decisions",
  },
  discoveryRecruit: { id: "pitch.roadmap.discovery.recruit", defaultMessage: "Recruit pilot partners" },
  discoveryDpiaDone: { id: "pitch.roadmap.discovery.dpiaDone", defaultMessage: "DPIA completed" },
  discoveryAgreed: {
    id: "pitch.roadmap.discovery.agreed",
    defaultMessage: "Architecture agreed against DIATF, GPG45/44 and UK GDPR",
  },
  discoveryConfirmed: { id: "pitch.roadmap.discovery.confirmed", defaultMessage: "Pilot partners confirmed" },
  alphaName: { id: "pitch.roadmap.alpha.name", defaultMessage: "Alpha" },
  alphaMonths: { id: "pitch.roadmap.alpha.months", defaultMessage: "Months 3-6" },
  alphaSummary: {
    id: "pitch.roadmap.alpha.summary",
    defaultMessage: "Prove right-to-work checks end to end with real employers.",
  },
  alphaBuild: { id: "pitch.roadmap.alpha.build", defaultMessage: "Build the citizen wallet and verifier portal" },
  alphaIssue: {
    id: "pitch.roadmap.alpha.issue",
    defaultMessage: "Issue right-to-work credentials with selective disclosure",
  },
  alphaRun: { id: "pitch.roadmap.alpha.run", defaultMessage: "Run live right-to-work checks with employer partners" },
  betaName: { id: "pitch.roadmap.beta.name", defaultMessage: "Beta" },
  betaMonths: { id: "pitch.roadmap.beta.months", defaultMessage: "Months 6-9" },
  betaSummary: {
    id: "pitch.roadmap.beta.summary",
    defaultMessage: "Add the other checks, assisted digital support and AI.",
  },
  betaRent: { id: "pitch.roadmap.beta.rent", defaultMessage: "Add right-to-rent credentials" },
  betaDbs: { id: "pitch.roadmap.beta.dbs", defaultMessage: "Add DBS credentials" },
  betaKiosks: {
    id: "pitch.roadmap.beta.kiosks",
    defaultMessage: "Open assisted digital kiosks at councils and libraries",
  },
  betaGabriel: {
    id: "pitch.roadmap.beta.gabriel",
    defaultMessage: "Introduce Gabriel, the AI orchestration layer, with human-in-the-loop oversight",
  },
  mvpName: { id: "pitch.roadmap.mvp.name", defaultMessage: "MVP" },
  mvpMonths: { id: "pitch.roadmap.mvp.months", defaultMessage: "Months 9-12" },
  mvpSummary: {
    id: "pitch.roadmap.mvp.summary",
    defaultMessage: "Scale to a minimum viable national service, certified and open to scrutiny.",
  },
  mvpCertification: { id: "pitch.roadmap.mvp.certification", defaultMessage: "Achieve CE+ certification" },
  mvpReport: { id: "pitch.roadmap.mvp.report", defaultMessage: "Publish transparency report v1" },
  mvpOnboard: { id: "pitch.roadmap.mvp.onboard", defaultMessage: "Onboard employers and landlords at scale" },
  mvpCertified: { id: "pitch.roadmap.mvp.certified", defaultMessage: "CE+ certification achieved" },
  mvpPublished: { id: "pitch.roadmap.mvp.published", defaultMessage: "Transparency report v1 published" },
  eyebrow: { id: "pitch.roadmap.eyebrow", defaultMessage: "Roadmap" },
  title: { id: "pitch.roadmap.title", defaultMessage: "Delivery Roadmap" },
  phasesTitle: { id: "pitch.roadmap.phases.title", defaultMessage: "Four Phases to MVP" },
  costsTitle: { id: "pitch.roadmap.costs.title", defaultMessage: "What It Costs and What It Saves" },
  costsText: {
    id: "pitch.roadmap.costs.text",
    defaultMessage:
      "See the build cost comparison, implementation costs, revenue model and the benefits for citizens, employers, landlords and government.",
  },
  costsLink: { id: "pitch.roadmap.costs.link", defaultMessage: "View Costs and Benefits" },
  activities: { id: "pitch.roadmap.phase.activities", defaultMessage: "Activities" },
  metrics: { id: "pitch.roadmap.phase.metrics", defaultMessage: "Success metrics" },
});

type Bold = { b: MessageTag };

/** A success metric with its figure in bold: `<b>` marks the figure. */
const metric = defineMessages<{
  employers: { figure: string } & Bold;
  pilotCitizens: Bold;
  citizens: Bold;
  organisations: Bold;
  centres: Bold;
  ai: Bold;
  users: { figure: string } & Bold;
  employersLandlords: Bold;
  availability: { figure: string } & Bold;
  satisfaction: Bold;
}>({
  employers: { id: "pitch.roadmap.alpha.metric.employers", defaultMessage: "<b>{figure}</b> employer partners" },
  pilotCitizens: { id: "pitch.roadmap.alpha.metric.citizens", defaultMessage: "<b>500</b> pilot citizens" },
  citizens: { id: "pitch.roadmap.beta.metric.citizens", defaultMessage: "<b>10,000</b> citizens" },
  organisations: { id: "pitch.roadmap.beta.metric.organisations", defaultMessage: "<b>25</b> organisations" },
  centres: { id: "pitch.roadmap.beta.metric.centres", defaultMessage: "<b>15</b> assisted centres" },
  ai: { id: "pitch.roadmap.beta.metric.ai", defaultMessage: "<b>80%</b> of routine requests handled by AI" },
  users: { id: "pitch.roadmap.mvp.metric.users", defaultMessage: "<b>{figure}</b> users" },
  employersLandlords: { id: "pitch.roadmap.mvp.metric.employers", defaultMessage: "<b>1,000+</b> employers/landlords" },
  availability: { id: "pitch.roadmap.mvp.metric.availability", defaultMessage: "<b>{figure}</b> availability" },
  satisfaction: { id: "pitch.roadmap.mvp.metric.satisfaction", defaultMessage: "<b>95%+</b> satisfaction" },
});

const counted = defineMessages<{
  scale: { users: string };
  lead: { mvp: string; pilots: string };
  phase: { number: number; name: string };
  metaTitle: Record<never, MessageTag>;
  metaDescription: { mvp: string; employers: string; users: string };
}>({
  scale: { id: "pitch.roadmap.mvp.scale", defaultMessage: "Scale to {users} users" },
  lead: {
    id: "pitch.roadmap.lead",
    defaultMessage:
      "Four phases take the platform from discovery to a working MVP in {mvp}, with visible pilots in {pilots}. Each phase has clear success metrics.",
  },
  phase: { id: "pitch.roadmap.phase.heading", defaultMessage: "Phase {number}: {name}" },
  metaTitle: { id: "pitch.roadmap.meta.title", defaultMessage: "Delivery Roadmap" },
  metaDescription: {
    id: "pitch.roadmap.meta.description",
    defaultMessage:
      "Four phases to a privacy-first digital identity MVP in {mvp}: discovery, alpha with {employers} employer partners, beta, and an MVP with {users} users.",
  },
});

/** The page's title and description (the route's meta formats them in the page's language). */
export const ROADMAP_META = { title: counted.metaTitle, description: counted.metaDescription };

/** A metric is its text, or a figure in bold and what it counts (a message with a `<b>` tag). */
type Metric = MessageDescriptor | { message: MessageDescriptor; figure?: string };

interface Phase {
  number: number;
  name: MessageDescriptor;
  months: MessageDescriptor;
  summary: MessageDescriptor;
  activities: (MessageDescriptor | { message: MessageDescriptor; users: string })[];
  metrics: Metric[];
}

const PHASES: Phase[] = [
  {
    number: 0,
    name: m.discoveryName,
    months: m.discoveryMonths,
    summary: m.discoverySummary,
    activities: [m.discoveryResearch, m.discoveryDpia, m.discoveryArchitecture, m.discoveryRecruit],
    metrics: [m.discoveryDpiaDone, m.discoveryAgreed, m.discoveryConfirmed],
  },
  {
    number: 1,
    name: m.alphaName,
    months: m.alphaMonths,
    summary: m.alphaSummary,
    activities: [m.alphaBuild, m.alphaIssue, m.alphaRun],
    metrics: [
      { message: metric.employers, figure: DELIVERY.employerPartners.display },
      { message: metric.pilotCitizens },
    ],
  },
  {
    number: 2,
    name: m.betaName,
    months: m.betaMonths,
    summary: m.betaSummary,
    activities: [m.betaRent, m.betaDbs, m.betaKiosks, m.betaGabriel],
    metrics: [
      { message: metric.citizens },
      { message: metric.organisations },
      { message: metric.centres },
      { message: metric.ai },
    ],
  },
  {
    number: 3,
    name: m.mvpName,
    months: m.mvpMonths,
    summary: m.mvpSummary,
    activities: [
      { message: counted.scale, users: DELIVERY.mvpUsers.display },
      m.mvpCertification,
      m.mvpReport,
      m.mvpOnboard,
    ],
    metrics: [
      { message: metric.users, figure: DELIVERY.mvpUsers.display },
      { message: metric.employersLandlords },
      { message: metric.availability, figure: SERVICE.uptimePercent.display },
      { message: metric.satisfaction },
      m.mvpCertified,
      m.mvpPublished,
    ],
  },
];

export function RoadmapPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const months = (count: number) => intl.formatMessage(DURATION.months, { count });
  return (
    <div>
      <PageHero
        eyebrow={t(m.eyebrow)}
        title={t(m.title)}
        lead={intl.formatMessage(counted.lead, {
          mvp: months(MVP.deliveryMonths.value),
          pilots: months(MVP.pilotsVisibleMonths.value),
        })}
      />

      <Section title={t(m.phasesTitle)}>
        <ol className="relative space-y-10 border-s-4 border-govuk-blue ps-6 sm:ps-10 dark:border-govuk-blue-light">
          {PHASES.map((phase) => (
            <li key={phase.number} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1 -inset-s-[2.6rem] flex h-8 w-8 items-center justify-center rounded-full bg-govuk-blue text-sm font-bold text-white sm:-inset-s-[3.6rem] sm:h-10 sm:w-10 sm:text-base dark:bg-govuk-blue-light dark:text-govuk-black"
              >
                {phase.number}
              </span>
              <PhaseCard phase={phase} />
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t(m.costsTitle)} tone="shaded">
        <p className="max-w-3xl text-lg text-govuk-black dark:text-slate-200">{t(m.costsText)}</p>
        <div className="mt-8">
          <ActionLink to="/costs-benefits">{t(m.costsLink)}</ActionLink>
        </div>
      </Section>
    </div>
  );
}

function PhaseCard({ phase }: { phase: Phase }) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  const headingId = `phase-${phase.number}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-sm font-bold uppercase tracking-wide text-govuk-blue dark:text-govuk-blue-light">
        {t(phase.months)}
      </p>
      <h3 id={headingId} className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">
        {intl.formatMessage(counted.phase, { number: phase.number, name: t(phase.name) })}
      </h3>
      <p className="mt-2 text-lg text-govuk-grey dark:text-slate-300">{t(phase.summary)}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div>
          <h4 className="text-lg font-bold text-govuk-black dark:text-slate-100">{t(m.activities)}</h4>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-govuk-black marker:text-govuk-grey dark:text-slate-200 dark:marker:text-slate-400">
            {phase.activities.map((activity) =>
              "message" in activity ? (
                <li key={activity.message.id}>{intl.formatMessage(activity.message, { users: activity.users })}</li>
              ) : (
                <li key={activity.id}>{t(activity)}</li>
              ),
            )}
          </ul>
        </div>
        <div className="rounded-sm bg-govuk-grey-light p-4 dark:bg-slate-800">
          <h4 className="text-lg font-bold text-govuk-black dark:text-slate-100">{t(m.metrics)}</h4>
          <ul className="mt-2 space-y-1 text-govuk-black dark:text-slate-200">
            {phase.metrics.map((metric) => (
              <li key={"message" in metric ? metric.message.id : metric.id} className="flex gap-2">
                <span className="mt-0.5 shrink-0 text-govuk-green dark:text-green-400">
                  <Icon name="check" className="h-5 w-5" />
                </span>
                <span>
                  {"message" in metric
                    ? intl.formatMessage(metric.message, { figure: metric.figure, b: bold })
                    : t(metric)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
