import { ContactSection } from "#app/components/pitch/government/contact-section.tsx";
import {
  AT_A_GLANCE,
  BENEFITS,
  BRIEFING_MAILTO,
  COMPLIANCE,
  DEPARTMENTS,
  EXECUTIVE_SUMMARY_FILENAME,
  EXECUTIVE_SUMMARY_HREF,
  PHASES,
  RISKS,
} from "#app/components/pitch/government/content.ts";
import { GlobeIllustration, WalletIllustration } from "#app/components/pitch/government/illustrations.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { BackLink } from "#app/components/ui/text-link.tsx";
import { GOVERNMENT, MVP } from "#core/pitch/programme.ts";
import { PitchIcon } from "./icons.tsx";
import { Card, CardGrid, CheckList, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Government pitch" and §9 "Government pitch". The prototype's placeholder image
 * boxes are drawn as inline illustrations (decorative, hidden from assistive technology).
 * Neither hero button has a specified action: the briefing button writes to the ministers' team,
 * and the executive summary is a real text file built from this page's own figures.
 */

export function GovernmentPage() {
  return (
    <div>
      <nav
        aria-label="Briefing"
        className="sticky top-0 z-40 border-b border-govuk-border bg-white/95 shadow-sm backdrop-blur dark:border-slate-700 dark:bg-slate-950/95"
      >
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
          <span className="font-semibold">
            <BackLink>Back to home</BackLink>
          </span>
          <p className="hidden font-bold text-govuk-black md:block dark:text-slate-100">Government briefing</p>
          <a href="#contact" className={buttonClasses("primary")}>
            <Icon name="phone" className="h-5 w-5" />
            Contact
          </a>
        </div>
      </nav>

      <section aria-labelledby="government-title" className="bg-govuk-blue text-white dark:bg-govuk-blue-dark">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-sm bg-govuk-yellow px-3 py-1 text-sm font-bold text-govuk-black">
              <PitchIcon name="lock" className="h-4 w-4" />
              Confidential - For Government Officials
            </p>
            <h1 id="government-title" className="mt-5 text-4xl font-bold leading-tight sm:text-5xl">
              A Privacy-First Digital Identity for {GOVERNMENT.citizens.inTitle} Citizens
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-white/95 sm:text-xl">
              {`Verifiable credentials for Right-to-Work, Right-to-Rent and DBS checks: visible pilots in ${MVP.pilotsVisibleMonths.display}, delivery in ${MVP.deliveryMonths.display}, and a national roll-out that saves ${GOVERNMENT.annualSavings.display} a year.`}
            </p>
            <div className="mt-8 flex flex-wrap gap-4">
              <a href={BRIEFING_MAILTO} className={buttonClasses("primary", "px-5 py-2.5 text-lg")}>
                <Icon name="clock" className="h-5 w-5" />
                Schedule Ministerial Briefing
              </a>
              <a
                href={EXECUTIVE_SUMMARY_HREF}
                download={EXECUTIVE_SUMMARY_FILENAME}
                className="inline-flex items-center gap-2 rounded-sm border-2 border-white px-5 py-2.5 text-lg font-semibold text-white hover:bg-white hover:text-govuk-blue"
              >
                <Icon name="download" className="h-5 w-5" />
                Download Executive Summary
              </a>
            </div>
            <p className="mt-3 text-sm text-white">
              The summary is a plain text file (TXT). Briefing requests open an email to the ministers' team.
            </p>
            <dl className="mt-8 grid max-w-xl gap-2 sm:grid-cols-3 sm:gap-3">
              {AT_A_GLANCE.map((item) => (
                <div
                  key={item.label}
                  className="flex items-baseline justify-between gap-3 rounded-sm bg-govuk-blue-dark px-3 py-2 sm:block sm:p-3 dark:bg-black/30"
                >
                  <dt className="text-sm text-white">{item.label}</dt>
                  <dd className="text-xl font-bold sm:text-2xl">{item.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <WalletIllustration />
        </div>
      </section>

      <Section
        title="Benefits for government"
        lead="What a national, privacy-first digital identity delivers across government."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <div
              key={benefit.title}
              className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-green bg-white p-6 dark:border-slate-700 dark:border-t-green-500 dark:bg-slate-900"
            >
              <p className="text-4xl font-bold text-govuk-black dark:text-slate-100">{benefit.value}</p>
              <h3 className="mt-2 text-xl font-bold text-govuk-black dark:text-slate-100">{benefit.title}</h3>
              <p className="mt-2 text-govuk-grey dark:text-slate-300">{benefit.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section
        title="Services for every department"
        tone="shaded"
        lead="One platform, used by each department for the checks it already runs."
      >
        <CardGrid columns={3}>
          {DEPARTMENTS.map((department) => (
            <Card key={department.name} icon={department.icon} title={department.name}>
              <ul className="list-disc space-y-1 ps-5">
                {department.gets.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section
        title="Security and compliance"
        lead="Built on open standards and the UK's data protection law from the first line of code."
      >
        <CardGrid columns={3}>
          {COMPLIANCE.map((item) => (
            <Card key={item.title} icon={item.icon} title={item.title}>
              <p>{item.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section
        title="National risks of doing nothing"
        tone="shaded"
        lead="Without a trusted digital identity, these risks grow every year."
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {RISKS.map((item) => (
            <li
              key={item.title}
              className="rounded-sm border-s-4 border-govuk-red bg-white p-6 dark:border-red-400 dark:bg-slate-900"
            >
              <h3 className="flex items-center gap-2 text-xl font-bold text-govuk-black dark:text-slate-100">
                <span className="text-govuk-red dark:text-red-400">
                  <Icon name="alert" className="h-6 w-6" />
                </span>
                {item.title}
              </h3>
              <p className="mt-2 text-govuk-grey dark:text-slate-300">{item.risk}</p>
              <p className="mt-3 text-govuk-black dark:text-slate-200">
                <strong>Our response:</strong> {item.response}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Roadmap to national roll-out" lead="Three phases over 24 months, from a pilot to every citizen.">
        <ol className="grid gap-6 md:grid-cols-3">
          {PHASES.map((phase, index) => (
            <li
              key={phase.name}
              className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
            >
              <p className="text-sm font-bold uppercase tracking-wider text-govuk-grey dark:text-slate-300">
                Phase {index + 1} · {phase.months}
              </p>
              <h3 className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">{phase.name}</h3>
              <ul className="mt-3 space-y-1">
                {phase.outcomes.map((outcome) => (
                  <li key={outcome} className="text-lg font-bold text-govuk-blue dark:text-govuk-blue-light">
                    {outcome}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-govuk-grey dark:text-slate-300">{phase.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        title="Global leadership"
        tone="shaded"
        lead="A privacy-first national identity built on open standards would put the UK at the front of digital identity worldwide."
      >
        <div className="grid items-center gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="text-lg text-govuk-black dark:text-slate-200">
            <CheckList
              items={[
                "Open international standards (W3C VC 2.0, SD-JWT) so UK credentials can work with other countries' wallets and verifiers",
                "A model for identity without central tracking that other democracies can follow",
                "Alignment with the UK digital identity and attributes trust framework (DIATF) and GPG45 identity proofing",
                "Expertise and suppliers that UK industry can export",
              ]}
            />
          </div>
          <GlobeIllustration />
        </div>
      </Section>

      <ContactSection />
    </div>
  );
}
