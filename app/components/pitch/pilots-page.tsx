import { defineMessages, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { PILOT_CARDS, PilotCard } from "#app/components/pitch/pilots/pilot-cards.tsx";
import { PilotProgrammeStats } from "#app/components/pitch/pilots/programme-stats.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Pilots": four pilots, a cross-pilot framework, links to /solution and
 * /costs-benefits. Figures are spec 001 §9 "Pilots" (projections, static marketing copy); this page
 * says 12-language interface, and the rest of the site the 10 most spoken languages (spec 001 §9):
 * both are what the product speaks (issue 21, ADR 035): English, Welsh and the ten most spoken main
 * languages after English in England and Wales (Census 2021, ONS TS024) on the citizen's screens.
 */

const m = defineMessages({
  eyebrow: { id: "pitch.pilots.eyebrow", defaultMessage: "Pilot programme" },
  title: { id: "pitch.pilots.title", defaultMessage: "Pilot Programme" },
  glanceTitle: { id: "pitch.pilots.glance.title", defaultMessage: "Programme at a glance" },
  fourTitle: { id: "pitch.pilots.four.title", defaultMessage: "The four pilots" },
  fourLead: {
    id: "pitch.pilots.four.lead",
    defaultMessage: "Each pilot tests a different check, with a different kind of organisation.",
  },
  frameworkTitle: { id: "pitch.pilots.framework.title", defaultMessage: "Cross-pilot framework" },
  frameworkLead: {
    id: "pitch.pilots.framework.lead",
    defaultMessage:
      "All four pilots share one support model and one set of measures, so results can be compared fairly and problems are handled the same way everywhere.",
  },
  failureResponse: { id: "pitch.pilots.framework.failureResponse", defaultMessage: "Failure response" },
  privacyResponse: { id: "pitch.pilots.framework.privacyResponse", defaultMessage: "Privacy response" },
  mobilisation: { id: "pitch.pilots.framework.mobilisation", defaultMessage: "Engineer mobilisation" },
  interfaceLanguages: { id: "pitch.pilots.framework.interfaceLanguages", defaultMessage: "Interface languages" },
  supportTitle: { id: "pitch.pilots.support.title", defaultMessage: "Support and response" },
  inclusionTitle: { id: "pitch.pilots.inclusion.title", defaultMessage: "Inclusion" },
  inclusionLanguages: {
    id: "pitch.pilots.inclusion.languages",
    defaultMessage:
      "12-language interface: English, Welsh and the ten most spoken languages after English in England and Wales",
  },
  inclusionKiosks: {
    id: "pitch.pilots.inclusion.kiosks",
    defaultMessage: "Assisted-digital kiosks at councils and libraries",
  },
  inclusionWcag: { id: "pitch.pilots.inclusion.wcag", defaultMessage: "WCAG 2.2 AA accessibility" },
  privacyTitle: { id: "pitch.pilots.privacy.title", defaultMessage: "Privacy and oversight" },
  privacyDpia: { id: "pitch.pilots.privacy.dpia", defaultMessage: "A DPIA before each pilot goes live" },
  privacyReviewers: {
    id: "pitch.pilots.privacy.reviewers",
    defaultMessage: "Human reviewers for adverse AI decisions",
  },
  privacyPanel: { id: "pitch.pilots.privacy.panel", defaultMessage: "Oversight by the independent ethics panel" },
  measuresTitle: { id: "pitch.pilots.measures.title", defaultMessage: "What every pilot measures" },
  measureTime: { id: "pitch.pilots.measures.time", defaultMessage: "Time taken for each check" },
  measureReviewer: { id: "pitch.pilots.measures.reviewer", defaultMessage: "Checks that needed a human reviewer" },
  measureSatisfaction: { id: "pitch.pilots.measures.satisfaction", defaultMessage: "Participant satisfaction" },
  measureSavings: { id: "pitch.pilots.measures.savings", defaultMessage: "Savings for the organisation" },
  moreTitle: { id: "pitch.pilots.more.title", defaultMessage: "Find out more" },
  moreLead: { id: "pitch.pilots.more.lead", defaultMessage: "How the platform works, and what it costs." },
  solution: { id: "pitch.pilots.more.solution", defaultMessage: "Explore the Solution" },
  costs: { id: "pitch.pilots.more.costs", defaultMessage: "See Costs and Benefits" },
});

const counted = defineMessages<{
  lead: { period: string };
  under: { period: string };
  languages: { count: number };
  failure: { period: string };
  privacy: { period: string };
  engineer: { period: string };
  offline: { period: string };
  deletion: { period: string };
  metaTitle: Record<never, MessageTag>;
  metaDescription: { participants: string; savings: string; roi: string; period: string };
}>({
  lead: {
    id: "pitch.pilots.lead",
    defaultMessage:
      "Four pilots with real organisations prove the platform works for NHS trusts, housing associations, schools and councils, with visible results in {period}.",
  },
  under: {
    id: "pitch.pilots.framework.under",
    defaultMessage: "Under {period}",
    description: "A response time, e.g. 'Under 2 minutes'.",
  },
  languages: {
    id: "pitch.pilots.framework.languages",
    defaultMessage: "{count, plural, one {# language} other {# languages}}",
  },
  failure: {
    id: "pitch.pilots.support.failure",
    defaultMessage: "A failed verification gets a response in under {period}",
  },
  privacy: {
    id: "pitch.pilots.support.privacy",
    defaultMessage: "A privacy concern gets a response in under {period}",
  },
  engineer: { id: "pitch.pilots.support.engineer", defaultMessage: "An engineer can be mobilised within {period}" },
  offline: { id: "pitch.pilots.inclusion.offline", defaultMessage: "Offline QR mode, with codes valid for {period}" },
  deletion: {
    id: "pitch.pilots.privacy.deletion",
    defaultMessage: "Raw biometric and document data deleted after {period}",
  },
  metaTitle: { id: "pitch.pilots.meta.title", defaultMessage: "Pilot Programme" },
  metaDescription: {
    id: "pitch.pilots.meta.description",
    defaultMessage:
      "Four pilots with {participants} participants: NHS right-to-work, housing right-to-rent, education DBS and a local authority multi-service pilot, projecting {savings} annual savings and {roi} ROI in {period}.",
  },
});

/** The page's title and description (the route's meta formats them in the page's language). */
export const PILOTS_META = { title: counted.metaTitle, description: counted.metaDescription };

export function PilotsPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const minutes = (count: number) => intl.formatMessage(DURATION.minutes, { count });
  return (
    <>
      <PageHero
        eyebrow={t(m.eyebrow)}
        title={t(m.title)}
        lead={
          <p>
            {intl.formatMessage(counted.lead, {
              period: intl.formatMessage(DURATION.months, { count: MVP.pilotsVisibleMonths.value }),
            })}
          </p>
        }
      />

      <Section title={t(m.glanceTitle)} tone="shaded">
        <PilotProgrammeStats />
      </Section>

      <Section title={t(m.fourTitle)} lead={t(m.fourLead)}>
        <div className="grid gap-6 lg:grid-cols-2">
          {PILOT_CARDS.map((pilot) => (
            <PilotCard key={pilot.id} pilot={pilot} />
          ))}
        </div>
      </Section>

      <Section title={t(m.frameworkTitle)} tone="shaded" lead={t(m.frameworkLead)}>
        <StatGrid>
          <Stat value={intl.formatMessage(counted.under, { period: minutes(2) })} label={t(m.failureResponse)} />
          <Stat value={intl.formatMessage(counted.under, { period: minutes(5) })} label={t(m.privacyResponse)} />
          <Stat value={minutes(15)} label={t(m.mobilisation)} />
          <Stat value={intl.formatMessage(counted.languages, { count: 12 })} label={t(m.interfaceLanguages)} />
        </StatGrid>
        <div className="mt-8">
          <CardGrid columns={3}>
            <Card icon="support" title={t(m.supportTitle)}>
              <CheckList
                items={[
                  intl.formatMessage(counted.failure, { period: minutes(2) }),
                  intl.formatMessage(counted.privacy, { period: minutes(5) }),
                  intl.formatMessage(counted.engineer, { period: minutes(15) }),
                ]}
              />
            </Card>
            <Card icon="users" title={t(m.inclusionTitle)}>
              <CheckList
                items={[
                  t(m.inclusionLanguages),
                  t(m.inclusionKiosks),
                  intl.formatMessage(counted.offline, { period: minutes(SERVICE.offlineQrValidityMinutes.value) }),
                  t(m.inclusionWcag),
                ]}
              />
            </Card>
            <Card icon="shield" title={t(m.privacyTitle)}>
              <CheckList
                items={[
                  t(m.privacyDpia),
                  intl.formatMessage(counted.deletion, {
                    period: intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value }),
                  }),
                  t(m.privacyReviewers),
                  t(m.privacyPanel),
                ]}
              />
            </Card>
          </CardGrid>
        </div>
        <div className="mt-8 rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
          <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.measuresTitle)}</h3>
          <ul className="mt-3 grid gap-2 text-govuk-black sm:grid-cols-2 dark:text-slate-200">
            {[m.measureTime, m.measureReviewer, m.measureSatisfaction, m.measureSavings].map((measure) => (
              <li key={measure.id} className="flex gap-2">
                <span className="mt-0.5 text-govuk-blue dark:text-govuk-blue-light">
                  <Icon name="chart" className="h-5 w-5" />
                </span>
                {t(measure)}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title={t(m.moreTitle)} lead={t(m.moreLead)}>
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/solution">{t(m.solution)}</ActionLink>
          <ActionLink to="/costs-benefits" variant="secondary">
            {t(m.costs)}
          </ActionLink>
        </div>
      </Section>
    </>
  );
}
