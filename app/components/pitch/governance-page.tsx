import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import type { IconName } from "#app/components/ui/icons.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { INCIDENTS, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Governance": principles, DPIA process and safeguards, ethics panel, transparency
 * reports, accountability mechanisms, link to /about. Commitments and the panel of five are
 * spec 001 §6 and §9 "Governance" (marketing claims, not enforced by the product).
 */

const m = defineMessages({
  transparencyTitle: { id: "pitch.governance.principles.transparency.title", defaultMessage: "Transparency" },
  transparencyText: {
    id: "pitch.governance.principles.transparency.text",
    defaultMessage:
      "The public can see how the platform works, what data it uses and how well it performs, through open standards and published transparency reports.",
  },
  accountabilityTitle: { id: "pitch.governance.principles.accountability.title", defaultMessage: "Accountability" },
  accountabilityText: {
    id: "pitch.governance.principles.accountability.text",
    defaultMessage:
      "Named owners, fixed deadlines for incidents, independent audits and a clear route to challenge any decision.",
  },
  participationTitle: { id: "pitch.governance.principles.participation.title", defaultMessage: "Participation" },
  participationText: {
    id: "pitch.governance.principles.participation.text",
    defaultMessage:
      "Citizens, civil society and the people most affected shape the service, including a citizen representative on the ethics panel.",
  },
  proportionalityTitle: { id: "pitch.governance.principles.proportionality.title", defaultMessage: "Proportionality" },
  proportionalityText: {
    id: "pitch.governance.principles.proportionality.text",
    defaultMessage:
      "Only what a check needs is collected or shared: selective disclosure, no central tracking and short retention.",
  },
  describeTitle: { id: "pitch.governance.dpia.describe.title", defaultMessage: "Describe the processing" },
  describeText: {
    id: "pitch.governance.dpia.describe.text",
    defaultMessage: "What personal data a feature uses, where it flows and who can see it.",
  },
  necessityTitle: { id: "pitch.governance.dpia.necessity.title", defaultMessage: "Test necessity and proportionality" },
  necessityText: {
    id: "pitch.governance.dpia.necessity.text",
    defaultMessage: "Whether each data item is needed for the check, and whether less would do.",
  },
  risksTitle: { id: "pitch.governance.dpia.risks.title", defaultMessage: "Identify the risks" },
  risksText: {
    id: "pitch.governance.dpia.risks.text",
    defaultMessage: "Risks to people's rights and freedoms, including exclusion and unfair AI outcomes.",
  },
  safeguardsTitle: { id: "pitch.governance.dpia.safeguards.title", defaultMessage: "Build in safeguards" },
  safeguardsText: {
    id: "pitch.governance.dpia.safeguards.text",
    defaultMessage: "Design changes that remove or reduce each risk before anything goes live.",
  },
  reviewTitle: { id: "pitch.governance.dpia.review.title", defaultMessage: "Review and publish" },
  reviewText: {
    id: "pitch.governance.dpia.review.text",
    defaultMessage: "Independent review, sign-off, and a summary in the next transparency report.",
  },
  privacyExpert: { id: "pitch.governance.panel.privacy.role", defaultMessage: "Privacy expert" },
  privacyFocus: {
    id: "pitch.governance.panel.privacy.focus",
    defaultMessage: "Data minimisation, retention and selective disclosure.",
  },
  disabilityRole: { id: "pitch.governance.panel.disability.role", defaultMessage: "Disability rights advocate" },
  disabilityFocus: {
    id: "pitch.governance.panel.disability.focus",
    defaultMessage: "Accessibility and assisted-digital support for disabled people.",
  },
  ethicistRole: { id: "pitch.governance.panel.ethicist.role", defaultMessage: "Technology ethicist" },
  ethicistFocus: {
    id: "pitch.governance.panel.ethicist.focus",
    defaultMessage: "Fair and explainable use of AI, including Gabriel.",
  },
  lawyerRole: { id: "pitch.governance.panel.lawyer.role", defaultMessage: "Civil liberties lawyer" },
  lawyerFocus: {
    id: "pitch.governance.panel.lawyer.focus",
    defaultMessage: "Rights, redress and protection against surveillance.",
  },
  citizenRole: { id: "pitch.governance.panel.citizen.role", defaultMessage: "Citizen representative" },
  citizenFocus: {
    id: "pitch.governance.panel.citizen.focus",
    defaultMessage: "The everyday experience of the people who use the service.",
  },
  incidentDetection: { id: "pitch.governance.commitments.detection", defaultMessage: "Incident detection" },
  publicIncident: {
    id: "pitch.governance.commitments.publicIncident",
    defaultMessage: "Public notification of an incident",
  },
  ico: { id: "pitch.governance.commitments.ico", defaultMessage: "Information Commissioner's Office (ICO)" },
  securityAudits: { id: "pitch.governance.commitments.securityAudits", defaultMessage: "Security audits" },
  quarterly: { id: "pitch.governance.quarterly", defaultMessage: "Quarterly" },
  privacyAssessment: { id: "pitch.governance.commitments.privacyAssessment", defaultMessage: "Privacy assessment" },
  annual: { id: "pitch.governance.annual", defaultMessage: "Annual" },
  adverseAi: { id: "pitch.governance.commitments.adverseAi", defaultMessage: "Adverse AI decisions" },
  humanReviewers: {
    id: "pitch.governance.commitments.humanReviewers",
    defaultMessage: "Made by human reviewers, never by AI alone",
  },
  eyebrow: { id: "pitch.governance.eyebrow", defaultMessage: "Governance" },
  title: { id: "pitch.governance.title", defaultMessage: "Governance and Accountability" },
  lead: {
    id: "pitch.governance.lead",
    defaultMessage:
      "Trust has to be earned and checked. Clear principles, independent oversight and public reporting hold the platform to account.",
  },
  principlesTitle: { id: "pitch.governance.principles.title", defaultMessage: "Our principles" },
  principlesLead: {
    id: "pitch.governance.principles.lead",
    defaultMessage: "Four principles guide every design decision, policy and partnership.",
  },
  dpiaTitle: { id: "pitch.governance.dpia.title", defaultMessage: "Data protection impact assessment (DPIA)" },
  dpiaLead: {
    id: "pitch.governance.dpia.lead",
    defaultMessage: "Every new feature and every pilot goes through a DPIA under UK GDPR before it goes live.",
  },
  dpiaProcess: { id: "pitch.governance.dpia.process", defaultMessage: "The DPIA process" },
  builtIn: { id: "pitch.governance.safeguards.title", defaultMessage: "Safeguards built in" },
  selective: {
    id: "pitch.governance.safeguards.selective",
    defaultMessage: "Selective disclosure: verifiers see only the answer they need",
  },
  tracking: {
    id: "pitch.governance.safeguards.tracking",
    defaultMessage: "No central tracking of where credentials are used",
  },
  residency: { id: "pitch.governance.safeguards.residency", defaultMessage: "UK data residency" },
  dual: {
    id: "pitch.governance.safeguards.dual",
    defaultMessage: "Dual control for sensitive operations by council operators",
  },
  reviewers: {
    id: "pitch.governance.safeguards.reviewers",
    defaultMessage: "Human reviewers for every adverse AI decision",
  },
  panelTitle: { id: "pitch.governance.panel.title", defaultMessage: "Independent ethics panel" },
  panelLead: {
    id: "pitch.governance.panel.lead",
    defaultMessage:
      "An independent panel of five reviews how the platform, and its AI, are used. It meets quarterly and publishes its recommendations.",
  },
  members: { id: "pitch.governance.panel.members", defaultMessage: "Independent members" },
  meetings: { id: "pitch.governance.panel.meetings", defaultMessage: "Panel meetings" },
  panelList: { id: "pitch.governance.panel.list", defaultMessage: "Ethics panel members" },
  reportsTitle: { id: "pitch.governance.reports.title", defaultMessage: "Transparency reports" },
  reportsLead: {
    id: "pitch.governance.reports.lead",
    defaultMessage:
      "Public reports on how the service is performing and how it is governed. Transparency report v1 is part of the MVP phase.",
  },
  performanceTitle: { id: "pitch.governance.reports.performance.title", defaultMessage: "Performance" },
  performanceText: {
    id: "pitch.governance.reports.performance.text",
    defaultMessage: "How the service is performing for citizens, employers and landlords, including satisfaction.",
  },
  aiTitle: { id: "pitch.governance.reports.ai.title", defaultMessage: "AI and human review" },
  aiText: {
    id: "pitch.governance.reports.ai.text",
    defaultMessage: "How Gabriel is used, how many decisions went to human reviewers, and what changed as a result.",
  },
  incidentsTitle: { id: "pitch.governance.reports.incidents.title", defaultMessage: "Incidents and recommendations" },
  incidentsText: {
    id: "pitch.governance.reports.incidents.text",
    defaultMessage:
      "Security and privacy incidents and how they were handled, with the ethics panel's recommendations.",
  },
  mechanismsTitle: { id: "pitch.governance.mechanisms.title", defaultMessage: "Accountability mechanisms" },
  mechanismsLead: {
    id: "pitch.governance.mechanisms.lead",
    defaultMessage: "Commitments that can be measured, and checked.",
  },
  publicNotification: { id: "pitch.governance.mechanisms.publicNotification", defaultMessage: "Public notification" },
  icoNotification: { id: "pitch.governance.mechanisms.icoNotification", defaultMessage: "ICO notification" },
  commitmentsTable: { id: "pitch.governance.mechanisms.table", defaultMessage: "Accountability commitments" },
  mechanism: { id: "pitch.governance.mechanisms.mechanism", defaultMessage: "Mechanism" },
  commitment: { id: "pitch.governance.mechanisms.commitment", defaultMessage: "Commitment" },
  affected: {
    id: "pitch.governance.mechanisms.affected",
    defaultMessage:
      "Anyone affected by a decision is told why, is told whether a person made it, and can ask for it to be looked at again.",
  },
  about: { id: "pitch.governance.links.about", defaultMessage: "About the Programme" },
  gabriel: { id: "pitch.governance.links.gabriel", defaultMessage: "What Gabriel's agents may and may not do" },
  metaTitle: { id: "pitch.governance.meta.title", defaultMessage: "Governance and Accountability" },
  metaDescription: {
    id: "pitch.governance.meta.description",
    defaultMessage:
      "Transparency, accountability, participation and proportionality: DPIA safeguards, an independent ethics panel of five, public transparency reports and incident commitments for the UK digital identity platform.",
  },
});

const counted = defineMessages<{
  within: { period: string };
  notified: { period: string };
  deletion: { period: string };
  offline: { period: string };
}>({
  within: { id: "pitch.governance.commitments.within", defaultMessage: "Within {period}" },
  notified: { id: "pitch.governance.commitments.notified", defaultMessage: "Notified within {period}" },
  deletion: {
    id: "pitch.governance.safeguards.deletion",
    defaultMessage: "Raw biometric and document data deleted after {period}",
  },
  offline: { id: "pitch.governance.safeguards.offline", defaultMessage: "Offline QR codes valid for {period}" },
});

/** The page's title and description (the route's meta formats them in the page's language). */
export const GOVERNANCE_META = { title: m.metaTitle, description: m.metaDescription };

const PRINCIPLES: { icon: IconName; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: "file", title: m.transparencyTitle, text: m.transparencyText },
  { icon: "badge", title: m.accountabilityTitle, text: m.accountabilityText },
  { icon: "users", title: m.participationTitle, text: m.participationText },
  { icon: "shield", title: m.proportionalityTitle, text: m.proportionalityText },
];

const DPIA_STEPS: { title: MessageDescriptor; text: MessageDescriptor }[] = [
  { title: m.describeTitle, text: m.describeText },
  { title: m.necessityTitle, text: m.necessityText },
  { title: m.risksTitle, text: m.risksText },
  { title: m.safeguardsTitle, text: m.safeguardsText },
  { title: m.reviewTitle, text: m.reviewText },
];

const PANEL: { role: MessageDescriptor; focus: MessageDescriptor }[] = [
  { role: m.privacyExpert, focus: m.privacyFocus },
  { role: m.disabilityRole, focus: m.disabilityFocus },
  { role: m.ethicistRole, focus: m.ethicistFocus },
  { role: m.lawyerRole, focus: m.lawyerFocus },
  { role: m.citizenRole, focus: m.citizenFocus },
];

/** A commitment: its words, or a deadline in hours (core/pitch) said in a sentence. */
const COMMITMENTS: {
  mechanism: MessageDescriptor;
  commitment: MessageDescriptor | { message: typeof counted.within; hours: number };
}[] = [
  { mechanism: m.incidentDetection, commitment: { message: counted.within, hours: INCIDENTS.detectionHours.value } },
  {
    mechanism: m.publicIncident,
    commitment: { message: counted.within, hours: INCIDENTS.publicNotificationHours.value },
  },
  { mechanism: m.ico, commitment: { message: counted.notified, hours: INCIDENTS.icoNotificationHours.value } },
  { mechanism: m.securityAudits, commitment: m.quarterly },
  { mechanism: m.privacyAssessment, commitment: m.annual },
  { mechanism: m.adverseAi, commitment: m.humanReviewers },
];

export function GovernancePage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const hours = (count: number) => intl.formatMessage(DURATION.hours, { count });
  return (
    <>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={<p>{t(m.lead)}</p>} />

      <Section title={t(m.principlesTitle)} lead={t(m.principlesLead)}>
        <CardGrid columns={4}>
          {PRINCIPLES.map((p) => (
            <Card key={p.title.id} icon={p.icon} title={t(p.title)} accent>
              <p>{t(p.text)}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.dpiaTitle)} tone="shaded" lead={t(m.dpiaLead)}>
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.dpiaProcess)}</h3>
            <ol className="mt-4 space-y-4">
              {DPIA_STEPS.map((step, i) => (
                <li key={step.title.id} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-govuk-blue font-bold text-white dark:bg-govuk-blue-light dark:text-govuk-black"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <p className="font-bold text-govuk-black dark:text-slate-100">{t(step.title)}</p>
                    <p className="text-govuk-grey dark:text-slate-300">{t(step.text)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className="self-start rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.builtIn)}</h3>
            <div className="mt-4 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  t(m.selective),
                  t(m.tracking),
                  intl.formatMessage(counted.deletion, { period: hours(SERVICE.rawDataDeletionHours.value) }),
                  intl.formatMessage(counted.offline, {
                    period: intl.formatMessage(DURATION.minutes, { count: SERVICE.offlineQrValidityMinutes.value }),
                  }),
                  t(m.residency),
                  t(m.dual),
                  t(m.reviewers),
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <Section title={t(m.panelTitle)} lead={t(m.panelLead)}>
        <div className="mb-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:max-w-2xl">
          <Stat value="5" label={t(m.members)} />
          <Stat value={t(m.quarterly)} label={t(m.meetings)} />
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label={t(m.panelList)}>
          {PANEL.map((member) => (
            <li
              key={member.role.id}
              className="rounded-sm border border-govuk-border bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <h3 className="text-lg font-bold text-govuk-black dark:text-slate-100">{t(member.role)}</h3>
              <p className="mt-2 text-govuk-grey dark:text-slate-300">{t(member.focus)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t(m.reportsTitle)} tone="shaded" lead={t(m.reportsLead)}>
        <CardGrid columns={3}>
          <Card icon="chart" title={t(m.performanceTitle)}>
            <p>{t(m.performanceText)}</p>
          </Card>
          <Card icon="bot" title={t(m.aiTitle)}>
            <p>{t(m.aiText)}</p>
          </Card>
          <Card icon="alert" title={t(m.incidentsTitle)}>
            <p>{t(m.incidentsText)}</p>
          </Card>
        </CardGrid>
      </Section>

      <Section title={t(m.mechanismsTitle)} lead={t(m.mechanismsLead)}>
        <StatGrid>
          <Stat value={hours(INCIDENTS.detectionHours.value)} label={t(m.incidentDetection)} />
          <Stat value={hours(INCIDENTS.publicNotificationHours.value)} label={t(m.publicNotification)} />
          <Stat value={hours(INCIDENTS.icoNotificationHours.value)} label={t(m.icoNotification)} />
          <Stat value={t(m.quarterly)} label={t(m.securityAudits)} />
        </StatGrid>
        <section
          className="mt-8 overflow-x-auto rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          aria-label={t(m.commitmentsTable)}
        >
          <table className="w-full border-collapse text-start text-sm sm:text-base">
            <caption className="px-3 pt-4 pb-2 text-start text-lg font-bold sm:px-4 text-govuk-black dark:text-slate-100">
              {t(m.commitmentsTable)}
            </caption>
            <thead>
              <tr className="bg-govuk-grey-light dark:bg-slate-800">
                <th
                  scope="col"
                  className="border-b border-govuk-border px-4 py-3 font-bold text-govuk-black dark:border-slate-700 dark:text-slate-100"
                >
                  {t(m.mechanism)}
                </th>
                <th
                  scope="col"
                  className="border-b border-govuk-border px-4 py-3 font-bold text-govuk-black dark:border-slate-700 dark:text-slate-100"
                >
                  {t(m.commitment)}
                </th>
              </tr>
            </thead>
            <tbody className="text-govuk-black dark:text-slate-200">
              {COMMITMENTS.map((c) => (
                <tr key={c.mechanism.id}>
                  <th
                    scope="row"
                    className="border-b border-govuk-border px-4 py-3 font-semibold dark:border-slate-700"
                  >
                    {t(c.mechanism)}
                  </th>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">
                    {"message" in c.commitment
                      ? intl.formatMessage(c.commitment.message, { period: hours(c.commitment.hours) })
                      : t(c.commitment)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p className="mt-6 max-w-3xl text-lg text-govuk-black dark:text-slate-100">{t(m.affected)}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          <ActionLink to="/about">{t(m.about)}</ActionLink>
          <ActionLink to="/gabriel-ai">{t(m.gabriel)}</ActionLink>
        </div>
      </Section>
    </>
  );
}
