import type { ReactNode } from "react";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { BackLink } from "#app/components/ui/text-link.tsx";
import { CONTACTS, GOVERNMENT, MVP, mailto, NATIONAL_SSO, SERVICE } from "#core/pitch/programme.ts";
import { CardGrid, CheckList, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Government pitch" and §9 "Government pitch". The prototype's placeholder image
 * boxes are drawn here as inline illustrations (decorative, hidden from assistive technology).
 * Neither hero button has a specified action: the briefing button writes to the ministers' team,
 * and the executive summary is a real text file built from this page's own figures.
 */

/** Briefing requests and the briefing line reach the ministers' contact team, as on /ministers. */
const MINISTERS = CONTACTS.ministers;
const GOVERNMENT_RELATIONS_EMAIL = CONTACTS.governmentRelations.email;
const BRIEFING_MAILTO = mailto(MINISTERS.email, "Request for a ministerial briefing");

const BENEFITS = [
  {
    value: GOVERNMENT.annualSavings.display,
    title: "Annual savings",
    text: "Across departments, from replacing repeated manual identity checks with reusable credentials.",
  },
  {
    value: GOVERNMENT.lowerBurdenPercent.display,
    title: "Lower administrative burden",
    text: "Fewer paper documents to check, copy, post and store, for departments and the organisations they regulate.",
  },
  {
    value: GOVERNMENT.fasterProcessingPercent.display,
    title: "Faster processing",
    text: "Checks complete in minutes instead of hours, so people start work or move home sooner.",
  },
  {
    value: GOVERNMENT.fraudPrevention.display,
    title: "Fraud prevention",
    text: "Credentials signed by the issuing authority cannot be forged or altered, and can be revoked when compromised.",
  },
] as const;

const AT_A_GLANCE = [
  { value: GOVERNMENT.satisfactionPercent.display, label: "Satisfaction" },
  { value: GOVERNMENT.citizens.display, label: "Citizens supported" },
  { value: SERVICE.uptimePercent.display, label: "Uptime" },
] as const;

const DEPARTMENTS: { name: string; icon: IconName | LocalIconName; gets: string[] }[] = [
  {
    name: "Home Office",
    icon: "badge",
    gets: [
      "Right-to-work and right-to-rent checks built on signed credentials",
      "Immigration status shared as a verified answer, not a photocopied document",
    ],
  },
  {
    name: "Department for Work and Pensions",
    icon: "support",
    gets: [
      "A reusable verified identity for benefit claims",
      "Assisted-digital support for claimants without a smartphone",
    ],
  },
  {
    name: "HM Revenue and Customs",
    icon: "file",
    gets: [
      "Verified identity for tax accounts, disclosing only what each service needs",
      "Less repeated identity proofing for the same person",
    ],
  },
  {
    name: "Department of Health and Social Care and the NHS",
    icon: "pulse",
    gets: [
      "Portable right-to-work and pre-employment checks for NHS staff",
      "New starters cleared in days, not weeks, when they move between trusts",
    ],
  },
  {
    name: "Department for Education",
    icon: "school",
    gets: [
      "Enhanced DBS results shared instantly as credentials by school staff",
      "Safer recruitment with less administration for schools",
    ],
  },
  {
    name: "Ministry of Housing, Communities and Local Government",
    icon: "home",
    gets: [
      "Right-to-rent checks that landlords can trust",
      "One shared platform for councils, with kiosks in council offices and libraries",
    ],
  },
];

const COMPLIANCE: { title: string; icon: IconName | LocalIconName; text: string }[] = [
  {
    title: "W3C VC 2.0",
    icon: "badge",
    text: "Credentials follow the W3C Verifiable Credentials 2.0 standard, with SD-JWT selective disclosure, so any compliant verifier can check them.",
  },
  {
    title: "UK GDPR",
    icon: "shield",
    text: `Data minimisation by design: verifiers see only the attributes they need, and raw biometric and document data is deleted after ${SERVICE.rawDataDeletionHours.display}.`,
  },
  {
    title: "Ed25519 signatures",
    icon: "key",
    text: "Every credential is signed with the issuing authority's Ed25519 key, so any change to it is detected at once.",
  },
  {
    title: "StatusList2021 revocation",
    icon: "workflow",
    text: "Lost or compromised credentials are revoked through status lists that verifiers check without revealing whose credential they hold.",
  },
  {
    title: "Cloud scale",
    icon: "cloud",
    text: `Built to serve ${GOVERNMENT.citizens.display} citizens with ${SERVICE.uptimePercent.display} uptime and UK data residency.`,
  },
  {
    title: "AI compliance system",
    icon: "bot",
    text: "The Gabriel AI orchestration layer checks documents and routes cases, with a human reviewing every adverse decision.",
  },
];

const RISKS = [
  {
    title: "Identity fraud",
    risk: "Paper documents and photocopies are easy to forge and hard for employers and landlords to check.",
    response: "Cryptographically signed credentials that cannot be forged, checked in seconds.",
  },
  {
    title: "Digital exclusion",
    risk: "App-only schemes leave behind people without smartphones, with disabilities or with limited English.",
    response:
      "Assisted-digital kiosks in councils and libraries, offline QR mode, multilingual interfaces and WCAG 2.2 AA accessibility.",
  },
  {
    title: "Central surveillance and data breaches",
    risk: "A central identity database is a single target for attackers and a record of where people go.",
    response:
      "No central tracking: credentials stay in the citizen's wallet and are shared directly with the verifier.",
  },
  {
    title: "Vendor lock-in and cost overruns",
    risk: `National single sign-on programmes cost ${NATIONAL_SSO.claimedCost.display} and tie government to one supplier.`,
    response: `A vendor-neutral, modular platform built on open standards for a development cost of ${MVP.cost.display}.`,
  },
] as const;

const PHASES = [
  {
    name: "Pilot",
    months: "Months 1-6",
    outcomes: [`${GOVERNMENT.pilotCitizens.display} citizens`],
    text: "Prove the platform with early adopters in live services.",
  },
  {
    name: "Scale",
    months: "Months 7-18",
    outcomes: [
      `${GOVERNMENT.scaleCitizens.display} citizens`,
      `${GOVERNMENT.scaleLocalAuthoritiesPercent.display} of local authorities`,
    ],
    text: "Extend to local authorities and the organisations they work with.",
  },
  {
    name: "Transform",
    months: "Months 19-24",
    outcomes: [`All ${GOVERNMENT.citizens.display} citizens`],
    text: "A national digital identity available to every citizen.",
  },
] as const;

/** The downloadable executive summary: the page's own figures, as plain text. */
const EXECUTIVE_SUMMARY = [
  "UK Digital Identity: Executive Summary",
  "Confidential - For Government Officials",
  "",
  "A privacy-first national digital identity platform built on verifiable credentials, covering Right-to-Work, Right-to-Rent and DBS checks.",
  "",
  "Benefits",
  ...BENEFITS.map((b) => `- ${b.value} ${b.title.toLowerCase()}`),
  ...AT_A_GLANCE.map((g) => `- ${g.value} ${g.label.toLowerCase()}`),
  "",
  "Roadmap",
  ...PHASES.map((p) => `- ${p.name} (${p.months.toLowerCase()}): ${p.outcomes.join(", ")}`),
  "",
  "Standards and compliance",
  ...COMPLIANCE.map((c) => `- ${c.title}`),
  "",
  "Contact",
  `- Briefing line: ${MINISTERS.phone.display}`,
  `- Government relations: ${GOVERNMENT_RELATIONS_EMAIL}`,
  `- Ministerial briefings: ${MINISTERS.email}`,
  "",
].join("\n");
const EXECUTIVE_SUMMARY_HREF = `data:text/plain;charset=utf-8,${encodeURIComponent(EXECUTIVE_SUMMARY)}`;
const EXECUTIVE_SUMMARY_FILENAME = "uk-digital-identity-executive-summary.txt";

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
              <LocalIcon name="lock" className="h-4 w-4" />
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
                <LocalIcon name="download" className="h-5 w-5" />
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
            <IconCard key={department.name} icon={department.icon} title={department.name}>
              <ul className="list-disc space-y-1 pl-5">
                {department.gets.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </IconCard>
          ))}
        </CardGrid>
      </Section>

      <Section
        title="Security and compliance"
        lead="Built on open standards and the UK's data protection law from the first line of code."
      >
        <CardGrid columns={3}>
          {COMPLIANCE.map((item) => (
            <IconCard key={item.title} icon={item.icon} title={item.title}>
              <p>{item.text}</p>
            </IconCard>
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
              className="rounded-sm border-l-4 border-govuk-red bg-white p-6 dark:border-red-400 dark:bg-slate-900"
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

      <section
        id="contact"
        aria-labelledby="contact-title"
        className="scroll-mt-20 bg-govuk-blue text-white dark:bg-govuk-blue-dark"
      >
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h2 id="contact-title" className="text-3xl font-bold">
            Arrange a briefing
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-white/95">
            Our team briefs ministers, senior policymakers and departmental officials on the platform, the pilots and
            the roadmap.
          </p>
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            <ContactItem icon="phone" title="Briefing line">
              <a
                href={`tel:${MINISTERS.phone.tel}`}
                className="text-xl font-bold text-white underline underline-offset-4 hover:no-underline"
              >
                {MINISTERS.phone.display}
              </a>
            </ContactItem>
            <ContactItem icon="inbox" title="Government relations">
              <a
                href={mailto(GOVERNMENT_RELATIONS_EMAIL)}
                className="break-all font-bold text-white underline underline-offset-4 hover:no-underline"
              >
                {GOVERNMENT_RELATIONS_EMAIL}
              </a>
            </ContactItem>
            <ContactItem icon="users" title="Ministerial briefings">
              <a
                href={BRIEFING_MAILTO}
                className="font-bold text-white underline underline-offset-4 hover:no-underline"
              >
                Schedule a ministerial briefing
              </a>
            </ContactItem>
          </div>
          <footer className="mt-10 border-t border-white/40 pt-6 text-sm text-white">
            <p>
              Confidential - For Government Officials. Prepared by the UK Digital Identity programme. All figures are
              programme estimates for briefing purposes.
            </p>
          </footer>
        </div>
      </section>
    </div>
  );
}

function IconCard({ icon, title, children }: { icon: IconName | LocalIconName; title: string; children: ReactNode }) {
  return (
    <div className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <span className="inline-flex rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
        <AnyIcon name={icon} className="h-7 w-7" />
      </span>
      <h3 className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100">{title}</h3>
      <div className="mt-2 space-y-2 text-govuk-grey dark:text-slate-300">{children}</div>
    </div>
  );
}

function ContactItem({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <div className="rounded-sm bg-govuk-blue-dark p-5 dark:bg-black/30">
      <h3 className="flex items-center gap-2 text-lg font-bold">
        <Icon name={icon} className="h-5 w-5" />
        {title}
      </h3>
      <p className="mt-2">{children}</p>
    </div>
  );
}

/** Icons this page needs that the shared set does not have (same 24×24 stroke style). */
const LOCAL_PATHS = {
  lock: "M5 11h14v10H5zM8 11V7a4 4 0 018 0v4",
  download: "M12 3v12M7 10l5 5 5-5M4 21h16",
  key: "M15.5 8.5a3.5 3.5 0 11-7 0 3.5 3.5 0 017 0zM12 12v9M12 17h3M12 20h2",
  cloud: "M18 19H7a5 5 0 11.9-9.9A6 6 0 0119 11a4 4 0 01-1 8z",
  home: "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  school: "M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6",
} as const;
type LocalIconName = keyof typeof LOCAL_PATHS;

function LocalIcon({ name, className }: { name: LocalIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={LOCAL_PATHS[name]} />
    </svg>
  );
}

function AnyIcon({ name, className }: { name: IconName | LocalIconName; className?: string }) {
  return name in LOCAL_PATHS ? (
    <LocalIcon name={name as LocalIconName} className={className} />
  ) : (
    <Icon name={name as IconName} className={className} />
  );
}

/** A phone wallet holding three credentials, verified: the hero's picture (decorative). */
function WalletIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 280" className="mx-auto hidden w-full max-w-sm sm:block">
      <circle cx="160" cy="140" r="128" fill="#ffffff" fillOpacity="0.08" />
      <circle cx="160" cy="140" r="96" fill="#ffffff" fillOpacity="0.06" />
      <g stroke="#ffffff" strokeOpacity="0.5" strokeWidth="2" strokeDasharray="4 6" fill="none">
        <path d="M60 70 C 80 70, 90 90, 108 96" />
        <path d="M60 210 C 80 210, 90 190, 108 184" />
      </g>
      <g fill="#ffffff">
        <rect x="30" y="52" width="36" height="36" rx="6" />
        <rect x="30" y="192" width="36" height="36" rx="6" />
      </g>
      <g fill="#1d70b8">
        <path d="M40 62h6v6h-6zM50 62h6v6h-6zM40 72h6v6h-6zM50 72h6v6h-6z" />
        <path d="M48 200a6 6 0 110 12 6 6 0 010-12zM38 222c0-6 4.5-8 10-8s10 2 10 8z" />
      </g>
      <rect
        x="106"
        y="26"
        width="110"
        height="228"
        rx="18"
        fill="#0b0c0c"
        fillOpacity="0.35"
        stroke="#ffffff"
        strokeWidth="4"
      />
      <rect x="141" y="38" width="40" height="6" rx="3" fill="#ffffff" fillOpacity="0.7" />
      <g>
        <rect x="118" y="58" width="86" height="50" rx="6" fill="#ffffff" />
        <circle cx="136" cy="83" r="9" fill="#1d70b8" />
        <rect x="152" y="74" width="42" height="6" rx="3" fill="#1d70b8" />
        <rect x="152" y="86" width="28" height="6" rx="3" fill="#b1b4b6" />
      </g>
      <g>
        <rect x="118" y="116" width="86" height="50" rx="6" fill="#ffdd00" />
        <rect x="128" y="128" width="36" height="6" rx="3" fill="#0b0c0c" />
        <rect x="128" y="140" width="58" height="6" rx="3" fill="#0b0c0c" fillOpacity="0.5" />
        <rect x="128" y="152" width="44" height="6" rx="3" fill="#0b0c0c" fillOpacity="0.5" />
      </g>
      <g>
        <rect x="118" y="174" width="86" height="50" rx="6" fill="#00703c" />
        <rect x="128" y="186" width="40" height="6" rx="3" fill="#ffffff" />
        <rect x="128" y="198" width="56" height="6" rx="3" fill="#ffffff" fillOpacity="0.6" />
        <rect x="128" y="210" width="32" height="6" rx="3" fill="#ffffff" fillOpacity="0.6" />
      </g>
      <g transform="translate(214 150)">
        <path
          d="M36 0l34 13v27c0 23-15 39-34 46C17 79 2 63 2 40V13z"
          fill="#00703c"
          stroke="#ffffff"
          strokeWidth="5"
          strokeLinejoin="round"
        />
        <path
          d="M20 42l11 11 21-22"
          fill="none"
          stroke="#ffffff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}

/** A globe with linked points: the UK connected to the world (decorative). */
function GlobeIllustration() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 220 220"
      className="mx-auto w-full max-w-[14rem] text-govuk-blue dark:text-govuk-blue-light"
    >
      <g fill="none" stroke="currentColor" strokeWidth="3">
        <circle cx="110" cy="110" r="90" />
        <ellipse cx="110" cy="110" rx="40" ry="90" />
        <path d="M20 110h180M33 65h154M33 155h154" />
      </g>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="4 5">
        <path d="M96 58 L160 90 L140 160 L62 140 Z" />
      </g>
      <g fill="currentColor">
        <circle cx="160" cy="90" r="7" />
        <circle cx="140" cy="160" r="7" />
        <circle cx="62" cy="140" r="7" />
      </g>
      <circle cx="96" cy="58" r="11" fill="#00703c" stroke="#ffffff" strokeWidth="3" />
    </svg>
  );
}
