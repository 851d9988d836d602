import type { ReactNode } from "react";
import { defineMessages, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { ContactSection } from "#app/components/pitch/government/contact-section.tsx";
import {
  AT_A_GLANCE,
  BENEFITS,
  briefingMailto,
  CONFIDENTIAL,
  compliance,
  DEPARTMENTS,
  EXECUTIVE_SUMMARY_FILENAME,
  executiveSummaryHref,
  phases,
  RISKS,
  say,
} from "#app/components/pitch/government/content.ts";
import { GlobeIllustration, WalletIllustration } from "#app/components/pitch/government/illustrations.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { BackLink } from "#app/components/ui/text-link.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { GOVERNMENT, MVP } from "#core/pitch/programme.ts";
import { PitchIcon } from "./icons.tsx";
import { Card, CardGrid, CheckList, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Government pitch" and §9 "Government pitch". The prototype's placeholder image
 * boxes are drawn as inline illustrations (decorative, hidden from assistive technology).
 * Neither hero button has a specified action: the briefing button writes to the ministers' team,
 * and the executive summary is a real text file built from this page's own figures. The words
 * are in the catalogs (ids "pitch.government.*").
 */

const m = defineMessages({
  nav: {
    id: "pitch.government.nav.label",
    defaultMessage: "Briefing",
    description: "The name of the page's own navigation bar.",
  },
  back: { id: "pitch.government.nav.back", defaultMessage: "Back to home" },
  navTitle: { id: "pitch.government.nav.title", defaultMessage: "Government briefing" },
  contact: { id: "pitch.government.nav.contact", defaultMessage: "Contact" },
  schedule: { id: "pitch.government.hero.schedule", defaultMessage: "Schedule Ministerial Briefing" },
  download: { id: "pitch.government.hero.download", defaultMessage: "Download Executive Summary" },
  formats: {
    id: "pitch.government.hero.formats",
    defaultMessage: "The summary is a plain text file (TXT). Briefing requests open an email to the ministers' team.",
  },
  benefitsTitle: { id: "pitch.government.benefits.title", defaultMessage: "Benefits for government" },
  benefitsLead: {
    id: "pitch.government.benefits.lead",
    defaultMessage: "What a national, privacy-first digital identity delivers across government.",
  },
  departmentsTitle: { id: "pitch.government.departments.title", defaultMessage: "Services for every department" },
  departmentsLead: {
    id: "pitch.government.departments.lead",
    defaultMessage: "One platform, used by each department for the checks it already runs.",
  },
  complianceTitle: { id: "pitch.government.compliance.title", defaultMessage: "Security and compliance" },
  complianceLead: {
    id: "pitch.government.compliance.lead",
    defaultMessage: "Built on open standards and the UK's data protection law from the first line of code.",
  },
  risksTitle: { id: "pitch.government.risks.title", defaultMessage: "National risks of doing nothing" },
  risksLead: {
    id: "pitch.government.risks.lead",
    defaultMessage: "Without a trusted digital identity, these risks grow every year.",
  },
  roadmapTitle: { id: "pitch.government.roadmap.title", defaultMessage: "Roadmap to national roll-out" },
  roadmapLead: {
    id: "pitch.government.roadmap.lead",
    defaultMessage: "Three phases over 24 months, from a pilot to every citizen.",
  },
  leadershipTitle: { id: "pitch.government.leadership.title", defaultMessage: "Global leadership" },
  leadershipLead: {
    id: "pitch.government.leadership.lead",
    defaultMessage:
      "A privacy-first national identity built on open standards would put the UK at the front of digital identity worldwide.",
  },
  standards: {
    id: "pitch.government.leadership.standards",
    defaultMessage:
      "Open international standards (W3C VC 2.0, SD-JWT) so UK credentials can work with other countries' wallets and verifiers",
  },
  model: {
    id: "pitch.government.leadership.model",
    defaultMessage: "A model for identity without central tracking that other democracies can follow",
  },
  alignment: {
    id: "pitch.government.leadership.alignment",
    defaultMessage:
      "Alignment with the UK digital identity and attributes trust framework (DIATF) and GPG45 identity proofing",
  },
  export: {
    id: "pitch.government.leadership.export",
    defaultMessage: "Expertise and suppliers that UK industry can export",
  },
});

const v = defineMessages<{
  title: { millions: number };
  lead: { pilots: string; delivery: string; savings: string };
  response: { response: string; b: MessageTag };
  phase: { number: number; months: string };
}>({
  title: {
    id: "pitch.government.hero.title",
    defaultMessage: "A Privacy-First Digital Identity for {millions} Million Citizens",
  },
  lead: {
    id: "pitch.government.hero.lead",
    defaultMessage:
      "Verifiable credentials for Right-to-Work, Right-to-Rent and DBS checks: visible pilots in {pilots}, delivery in {delivery}, and a national roll-out that saves {savings} a year.",
    description: "{pilots} and {delivery} are periods, a number of months.",
  },
  response: {
    id: "pitch.government.risks.response",
    defaultMessage: "<b>Our response:</b> {response}",
    description: "{response} is what the programme does about the risk above.",
  },
  phase: {
    id: "pitch.government.roadmap.phase",
    defaultMessage: "Phase {number} · {months}",
    description: "{months} is the phase's range of months, written as its own message.",
  },
});

const meta = defineMessages<{
  title: Record<never, MessageTag>;
  description: { millions: number; savings: string; faster: string };
}>({
  title: { id: "pitch.government.meta.title", defaultMessage: "Government Briefing" },
  description: {
    id: "pitch.government.meta.description",
    defaultMessage:
      "For government officials: a privacy-first national digital identity for {millions} million citizens, with {savings} annual savings, {faster} faster processing and a 24-month roadmap.",
  },
});

/** The page's title and description (the route's `meta` formats them in the page's language). */
export const GOVERNMENT_META = meta;

export function GovernmentPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const months = (count: number) => intl.formatMessage(DURATION.months, { count });
  return (
    <div>
      <nav
        aria-label={t(m.nav)}
        className="sticky top-0 z-40 border-b border-govuk-border bg-white/95 shadow-sm backdrop-blur dark:border-slate-700 dark:bg-slate-950/95"
      >
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
          <span className="font-semibold">
            <BackLink>{t(m.back)}</BackLink>
          </span>
          <p className="hidden font-bold text-govuk-black md:block dark:text-slate-100">{t(m.navTitle)}</p>
          <a href="#contact" className={buttonClasses("primary")}>
            <Icon name="phone" className="h-5 w-5" />
            {t(m.contact)}
          </a>
        </div>
      </nav>

      <section aria-labelledby="government-title" className="bg-govuk-blue text-white dark:bg-govuk-blue-dark">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-sm bg-govuk-yellow px-3 py-1 text-sm font-bold text-govuk-black">
              <PitchIcon name="lock" className="h-4 w-4" />
              {t(CONFIDENTIAL.badge)}
            </p>
            <h1 id="government-title" className="mt-5 text-4xl font-bold leading-tight sm:text-5xl">
              {intl.formatMessage(v.title, { millions: GOVERNMENT.citizens.value / 1_000_000 })}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-white/95 sm:text-xl">
              {intl.formatMessage(v.lead, {
                pilots: months(MVP.pilotsVisibleMonths.value),
                delivery: months(MVP.deliveryMonths.value),
                savings: GOVERNMENT.annualSavings.display,
              })}
            </p>
            <div className="mt-8 flex flex-wrap gap-4">
              <a href={briefingMailto(intl)} className={buttonClasses("primary", "px-5 py-2.5 text-lg")}>
                <Icon name="clock" className="h-5 w-5" />
                {t(m.schedule)}
              </a>
              <a
                href={executiveSummaryHref(intl)}
                download={EXECUTIVE_SUMMARY_FILENAME}
                className="inline-flex items-center gap-2 rounded-sm border-2 border-white px-5 py-2.5 text-lg font-semibold text-white hover:bg-white hover:text-govuk-blue"
              >
                <Icon name="download" className="h-5 w-5" />
                {t(m.download)}
              </a>
            </div>
            <p className="mt-3 text-sm text-white">{t(m.formats)}</p>
            <dl className="mt-8 grid max-w-xl gap-2 sm:grid-cols-3 sm:gap-3">
              {AT_A_GLANCE.map((item) => (
                <div
                  key={item.label.id}
                  className="flex items-baseline justify-between gap-3 rounded-sm bg-govuk-blue-dark px-3 py-2 sm:block sm:p-3 dark:bg-black/30"
                >
                  <dt className="text-sm text-white">{t(item.label)}</dt>
                  <dd className="text-xl font-bold sm:text-2xl">
                    {typeof item.value === "string" ? item.value : say(intl, item.value)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <WalletIllustration />
        </div>
      </section>

      <Section title={t(m.benefitsTitle)} id="benefits-for-government" lead={t(m.benefitsLead)}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <div
              key={benefit.title.id}
              className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-green bg-white p-6 dark:border-slate-700 dark:border-t-green-500 dark:bg-slate-900"
            >
              <p className="text-4xl font-bold text-govuk-black dark:text-slate-100">{benefit.value}</p>
              <h3 className="mt-2 text-xl font-bold text-govuk-black dark:text-slate-100">{t(benefit.title)}</h3>
              <p className="mt-2 text-govuk-grey dark:text-slate-300">{t(benefit.text)}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section
        title={t(m.departmentsTitle)}
        id="services-for-every-department"
        tone="shaded"
        lead={t(m.departmentsLead)}
      >
        <CardGrid columns={3}>
          {DEPARTMENTS.map((department) => (
            <Card key={department.name.id} icon={department.icon} title={t(department.name)}>
              <ul className="list-disc space-y-1 ps-5">
                {department.gets.map((item) => (
                  <li key={item.id}>{t(item)}</li>
                ))}
              </ul>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.complianceTitle)} id="security-and-compliance" lead={t(m.complianceLead)}>
        <CardGrid columns={3}>
          {compliance(intl).map((item) => (
            <Card key={item.title.id} icon={item.icon} title={t(item.title)}>
              <p>{say(intl, item.text)}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.risksTitle)} id="national-risks-of-doing-nothing" tone="shaded" lead={t(m.risksLead)}>
        <ul className="grid gap-6 md:grid-cols-2">
          {RISKS.map((item) => (
            <li
              key={item.title.id}
              className="rounded-sm border-s-4 border-govuk-red bg-white p-6 dark:border-red-400 dark:bg-slate-900"
            >
              <h3 className="flex items-center gap-2 text-xl font-bold text-govuk-black dark:text-slate-100">
                <span className="text-govuk-red dark:text-red-400">
                  <Icon name="alert" className="h-6 w-6" />
                </span>
                {t(item.title)}
              </h3>
              <p className="mt-2 text-govuk-grey dark:text-slate-300">{say(intl, item.risk)}</p>
              <p className="mt-3 text-govuk-black dark:text-slate-200">
                {intl.formatMessage(v.response, {
                  response: say(intl, item.response),
                  b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
                })}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t(m.roadmapTitle)} id="roadmap-to-national-roll-out" lead={t(m.roadmapLead)}>
        <ol className="grid gap-6 md:grid-cols-3">
          {phases(intl).map((phase, index) => (
            <li
              key={phase.name.id}
              className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
            >
              <p className="text-sm font-bold uppercase tracking-wider text-govuk-grey dark:text-slate-300">
                {intl.formatMessage(v.phase, { number: index + 1, months: t(phase.months) })}
              </p>
              <h3 className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">{t(phase.name)}</h3>
              <ul className="mt-3 space-y-1">
                {phase.outcomes.map((outcome) => (
                  <li key={outcome} className="text-lg font-bold text-govuk-blue dark:text-govuk-blue-light">
                    {outcome}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-govuk-grey dark:text-slate-300">{t(phase.text)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t(m.leadershipTitle)} id="global-leadership" tone="shaded" lead={t(m.leadershipLead)}>
        <div className="grid items-center gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="text-lg text-govuk-black dark:text-slate-200">
            <CheckList items={[t(m.standards), t(m.model), t(m.alignment), t(m.export)]} />
          </div>
          <GlobeIllustration />
        </div>
      </Section>

      <ContactSection />
    </div>
  );
}
