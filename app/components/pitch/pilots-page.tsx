import type { ReactNode } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import { MVP, PILOTS, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Pilots": four pilots, a cross-pilot framework, links to /solution and
 * /costs-benefits. Figures are spec 001 §9 "Pilots" (projections, static marketing copy); this page
 * says 12-language interface where the rest of the site says the 10 most spoken languages
 * (spec 001 §9 keeps both readings).
 */

interface Pilot {
  id: string;
  title: string;
  service: string;
  icon: ReactNode;
  summary: string;
  facts: { label: string; value: string }[];
  outcomes: string[];
}

const PILOT_CARDS: Pilot[] = [
  {
    id: "nhs",
    title: "NHS Right-to-Work",
    service: "Right-to-Work checks for new NHS starters",
    icon: <Icon name="pulse" className="h-7 w-7" />,
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
    icon: <HomeIcon />,
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
    icon: <SchoolIcon />,
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
    icon: <BuildingIcon />,
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

export function PilotsPage() {
  return (
    <>
      <PageHero
        eyebrow="Pilot programme"
        title="Pilot Programme"
        lead={
          <p>
            Four pilots with real organisations prove the platform works for NHS trusts, housing associations, schools
            and councils, with visible results in {MVP.pilotsVisibleMonths.display}.
          </p>
        }
      />

      <Section title="Programme at a glance" tone="shaded">
        <StatGrid>
          <Stat value={PILOTS.count.display} label="Pilots" />
          <Stat value={PILOTS.annualSavings.display} label="Annual savings" />
          <Stat value={PILOTS.participants.display} label="Participants" />
          <Stat value={PILOTS.roiPercent.display} label="ROI in 12 months" />
        </StatGrid>
      </Section>

      <Section
        title="The four pilots"
        lead="Each pilot tests a different check, with a different kind of organisation."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          {PILOT_CARDS.map((pilot) => (
            <PilotCard key={pilot.id} pilot={pilot} />
          ))}
        </div>
      </Section>

      <Section
        title="Cross-pilot framework"
        tone="shaded"
        lead="All four pilots share one support model and one set of measures, so results can be compared fairly and problems are handled the same way everywhere."
      >
        <StatGrid>
          <Stat value="Under 2 minutes" label="Failure response" />
          <Stat value="Under 5 minutes" label="Privacy response" />
          <Stat value="15 minutes" label="Engineer mobilisation" />
          <Stat value="12 languages" label="Interface languages" />
        </StatGrid>
        <div className="mt-8">
          <CardGrid columns={3}>
            <Card icon="support" title="Support and response">
              <CheckList
                items={[
                  "A failed verification gets a response in under 2 minutes",
                  "A privacy concern gets a response in under 5 minutes",
                  "An engineer can be mobilised within 15 minutes",
                ]}
              />
            </Card>
            <Card icon="users" title="Inclusion">
              <CheckList
                items={[
                  "12-language interface",
                  "Assisted-digital kiosks at councils and libraries",
                  `Offline QR mode, with codes valid for ${SERVICE.offlineQrValidityMinutes.display}`,
                  "WCAG 2.2 AA accessibility",
                ]}
              />
            </Card>
            <Card icon="shield" title="Privacy and oversight">
              <CheckList
                items={[
                  "A DPIA before each pilot goes live",
                  `Raw biometric and document data deleted after ${SERVICE.rawDataDeletionHours.display}`,
                  "Human reviewers for adverse AI decisions",
                  "Oversight by the independent ethics panel",
                ]}
              />
            </Card>
          </CardGrid>
        </div>
        <div className="mt-8 rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
          <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">What every pilot measures</h3>
          <ul className="mt-3 grid gap-2 text-govuk-black sm:grid-cols-2 dark:text-slate-200">
            {[
              "Time taken for each check",
              "Checks that needed a human reviewer",
              "Participant satisfaction",
              "Savings for the organisation",
            ].map((m) => (
              <li key={m} className="flex gap-2">
                <span className="mt-0.5 text-govuk-blue dark:text-govuk-blue-light">
                  <Icon name="chart" className="h-5 w-5" />
                </span>
                {m}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title="Find out more" lead="How the platform works, and what it costs.">
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/solution">Explore the Solution</ActionLink>
          <ActionLink to="/costs-benefits" variant="secondary">
            See Costs and Benefits
          </ActionLink>
        </div>
      </Section>
    </>
  );
}

function PilotCard({ pilot }: { pilot: Pilot }) {
  const headingId = `pilot-${pilot.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex shrink-0 rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
          {pilot.icon}
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

const svgProps = {
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  className: "h-7 w-7",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function HomeIcon() {
  return (
    <svg {...svgProps}>
      <path d="M3 10.5L12 3l9 7.5V20a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z" />
    </svg>
  );
}

function SchoolIcon() {
  return (
    <svg {...svgProps}>
      <path d="M22 9L12 4 2 9l10 5 10-5zM6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M22 9v6" />
    </svg>
  );
}

function BuildingIcon() {
  return (
    <svg {...svgProps}>
      <path d="M3 21h18M5 21V9l7-5 7 5v12M9 21v-5h6v5M9 12h.01M15 12h.01" />
    </svg>
  );
}
