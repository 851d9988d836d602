import type { IconName } from "#app/components/ui/icons.tsx";
import { INCIDENTS, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Governance": principles, DPIA process and safeguards, ethics panel, transparency
 * reports, accountability mechanisms, link to /about. Commitments and the panel of five are
 * spec 001 §6 and §9 "Governance" (marketing claims, not enforced by the product).
 */

const PRINCIPLES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "file",
    title: "Transparency",
    text: "The public can see how the platform works, what data it uses and how well it performs, through open standards and published transparency reports.",
  },
  {
    icon: "badge",
    title: "Accountability",
    text: "Named owners, fixed deadlines for incidents, independent audits and a clear route to challenge any decision.",
  },
  {
    icon: "users",
    title: "Participation",
    text: "Citizens, civil society and the people most affected shape the service, including a citizen representative on the ethics panel.",
  },
  {
    icon: "shield",
    title: "Proportionality",
    text: "Only what a check needs is collected or shared: selective disclosure, no central tracking and short retention.",
  },
];

const DPIA_STEPS: { title: string; text: string }[] = [
  { title: "Describe the processing", text: "What personal data a feature uses, where it flows and who can see it." },
  {
    title: "Test necessity and proportionality",
    text: "Whether each data item is needed for the check, and whether less would do.",
  },
  {
    title: "Identify the risks",
    text: "Risks to people's rights and freedoms, including exclusion and unfair AI outcomes.",
  },
  { title: "Build in safeguards", text: "Design changes that remove or reduce each risk before anything goes live." },
  { title: "Review and publish", text: "Independent review, sign-off, and a summary in the next transparency report." },
];

const PANEL: { role: string; focus: string }[] = [
  { role: "Privacy expert", focus: "Data minimisation, retention and selective disclosure." },
  { role: "Disability rights advocate", focus: "Accessibility and assisted-digital support for disabled people." },
  { role: "Technology ethicist", focus: "Fair and explainable use of AI, including Gabriel." },
  { role: "Civil liberties lawyer", focus: "Rights, redress and protection against surveillance." },
  { role: "Citizen representative", focus: "The everyday experience of the people who use the service." },
];

const COMMITMENTS: { mechanism: string; commitment: string }[] = [
  { mechanism: "Incident detection", commitment: `Within ${INCIDENTS.detectionHours.display}` },
  {
    mechanism: "Public notification of an incident",
    commitment: `Within ${INCIDENTS.publicNotificationHours.display}`,
  },
  {
    mechanism: "Information Commissioner's Office (ICO)",
    commitment: `Notified within ${INCIDENTS.icoNotificationHours.display}`,
  },
  { mechanism: "Security audits", commitment: "Quarterly" },
  { mechanism: "Privacy assessment", commitment: "Annual" },
  { mechanism: "Adverse AI decisions", commitment: "Made by human reviewers, never by AI alone" },
];

export function GovernancePage() {
  return (
    <>
      <PageHero
        eyebrow="Governance"
        title="Governance and Accountability"
        lead={
          <p>
            Trust has to be earned and checked. Clear principles, independent oversight and public reporting hold the
            platform to account.
          </p>
        }
      />

      <Section title="Our principles" lead="Four principles guide every design decision, policy and partnership.">
        <CardGrid columns={4}>
          {PRINCIPLES.map((p) => (
            <Card key={p.title} icon={p.icon} title={p.title} accent>
              <p>{p.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section
        title="Data protection impact assessment (DPIA)"
        tone="shaded"
        lead="Every new feature and every pilot goes through a DPIA under UK GDPR before it goes live."
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">The DPIA process</h3>
            <ol className="mt-4 space-y-4">
              {DPIA_STEPS.map((step, i) => (
                <li key={step.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-govuk-blue font-bold text-white dark:bg-govuk-blue-light dark:text-govuk-black"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <p className="font-bold text-govuk-black dark:text-slate-100">{step.title}</p>
                    <p className="text-govuk-grey dark:text-slate-300">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className="self-start rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">Safeguards built in</h3>
            <div className="mt-4 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  "Selective disclosure: verifiers see only the answer they need",
                  "No central tracking of where credentials are used",
                  `Raw biometric and document data deleted after ${SERVICE.rawDataDeletionHours.display}`,
                  `Offline QR codes valid for ${SERVICE.offlineQrValidityMinutes.display}`,
                  "UK data residency",
                  "Dual control for sensitive operations by council operators",
                  "Human reviewers for every adverse AI decision",
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <Section
        title="Independent ethics panel"
        lead="An independent panel of five reviews how the platform, and its AI, are used. It meets quarterly and publishes its recommendations."
      >
        <div className="mb-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:max-w-2xl">
          <Stat value="5" label="Independent members" />
          <Stat value="Quarterly" label="Panel meetings" />
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Ethics panel members">
          {PANEL.map((member) => (
            <li
              key={member.role}
              className="rounded-sm border border-govuk-border bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <h3 className="text-lg font-bold text-govuk-black dark:text-slate-100">{member.role}</h3>
              <p className="mt-2 text-govuk-grey dark:text-slate-300">{member.focus}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Transparency reports"
        tone="shaded"
        lead="Public reports on how the service is performing and how it is governed. Transparency report v1 is part of the MVP phase."
      >
        <CardGrid columns={3}>
          <Card icon="chart" title="Performance">
            <p>How the service is performing for citizens, employers and landlords, including satisfaction.</p>
          </Card>
          <Card icon="bot" title="AI and human review">
            <p>How Gabriel is used, how many decisions went to human reviewers, and what changed as a result.</p>
          </Card>
          <Card icon="alert" title="Incidents and recommendations">
            <p>Security and privacy incidents and how they were handled, with the ethics panel's recommendations.</p>
          </Card>
        </CardGrid>
      </Section>

      <Section title="Accountability mechanisms" lead="Commitments that can be measured, and checked.">
        <StatGrid>
          <Stat value={INCIDENTS.detectionHours.display} label="Incident detection" />
          <Stat value={INCIDENTS.publicNotificationHours.display} label="Public notification" />
          <Stat value={INCIDENTS.icoNotificationHours.display} label="ICO notification" />
          <Stat value="Quarterly" label="Security audits" />
        </StatGrid>
        <section
          className="mt-8 overflow-x-auto rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          aria-label="Accountability commitments"
        >
          <table className="w-full border-collapse text-start text-sm sm:text-base">
            <caption className="px-3 pt-4 pb-2 text-start text-lg font-bold sm:px-4 text-govuk-black dark:text-slate-100">
              Accountability commitments
            </caption>
            <thead>
              <tr className="bg-govuk-grey-light dark:bg-slate-800">
                <th
                  scope="col"
                  className="border-b border-govuk-border px-4 py-3 font-bold text-govuk-black dark:border-slate-700 dark:text-slate-100"
                >
                  Mechanism
                </th>
                <th
                  scope="col"
                  className="border-b border-govuk-border px-4 py-3 font-bold text-govuk-black dark:border-slate-700 dark:text-slate-100"
                >
                  Commitment
                </th>
              </tr>
            </thead>
            <tbody className="text-govuk-black dark:text-slate-200">
              {COMMITMENTS.map((c) => (
                <tr key={c.mechanism}>
                  <th
                    scope="row"
                    className="border-b border-govuk-border px-4 py-3 font-semibold dark:border-slate-700"
                  >
                    {c.mechanism}
                  </th>
                  <td className="border-b border-govuk-border px-4 py-3 dark:border-slate-700">{c.commitment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p className="mt-6 max-w-3xl text-lg text-govuk-black dark:text-slate-100">
          Anyone affected by a decision is told why, is told whether a person made it, and can ask for it to be looked
          at again.
        </p>
        <div className="mt-8 flex flex-wrap gap-4">
          <ActionLink to="/about">About the Programme</ActionLink>
          <ActionLink to="/gabriel-ai">What Gabriel's agents may and may not do</ActionLink>
        </div>
      </Section>
    </>
  );
}
