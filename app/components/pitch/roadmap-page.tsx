import { Icon } from "#app/components/ui/icons.tsx";
import { DELIVERY, MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, PageHero, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Roadmap": four phases, each with activities and success metrics (figures from spec
 * 001 §9 "Claims and delivery"), then a link to /costs-benefits. The phases are an ordered list:
 * their order is the plan.
 */

interface Phase {
  number: number;
  name: string;
  months: string;
  summary: string;
  activities: string[];
  /** A metric is its text, or a figure in bold followed by what it counts. */
  metrics: (string | { figure: string; text: string })[];
}

const PHASES: Phase[] = [
  {
    number: 0,
    name: "Discovery",
    months: "Months 0-2",
    summary: "Understand the people and organisations who will use the service, and set the foundations.",
    activities: [
      "User research with citizens, employers, landlords and schools",
      "Data protection impact assessment (DPIA) and threat modelling",
      "Architecture and standards decisions",
      "Recruit pilot partners",
    ],
    metrics: ["DPIA completed", "Architecture agreed against DIATF, GPG45/44 and UK GDPR", "Pilot partners confirmed"],
  },
  {
    number: 1,
    name: "Alpha",
    months: "Months 3-6",
    summary: "Prove right-to-work checks end to end with real employers.",
    activities: [
      "Build the citizen wallet and verifier portal",
      "Issue right-to-work credentials with selective disclosure",
      "Run live right-to-work checks with employer partners",
    ],
    metrics: [
      { figure: DELIVERY.employerPartners.display, text: "employer partners" },
      { figure: "500", text: "pilot citizens" },
    ],
  },
  {
    number: 2,
    name: "Beta",
    months: "Months 6-9",
    summary: "Add the other checks, assisted digital support and AI.",
    activities: [
      "Add right-to-rent credentials",
      "Add DBS credentials",
      "Open assisted digital kiosks at councils and libraries",
      "Introduce Gabriel, the AI orchestration layer, with human-in-the-loop oversight",
    ],
    metrics: [
      { figure: "10,000", text: "citizens" },
      { figure: "25", text: "organisations" },
      { figure: "15", text: "assisted centres" },
      { figure: "80%", text: "of routine requests handled by AI" },
    ],
  },
  {
    number: 3,
    name: "MVP",
    months: "Months 9-12",
    summary: "Scale to a minimum viable national service, certified and open to scrutiny.",
    activities: [
      `Scale to ${DELIVERY.mvpUsers.display} users`,
      "Achieve CE+ certification",
      "Publish transparency report v1",
      "Onboard employers and landlords at scale",
    ],
    metrics: [
      { figure: DELIVERY.mvpUsers.display, text: "users" },
      { figure: "1,000+", text: "employers/landlords" },
      { figure: SERVICE.uptimePercent.display, text: "availability" },
      { figure: "95%+", text: "satisfaction" },
      "CE+ certification achieved",
      "Transparency report v1 published",
    ],
  },
];

export function RoadmapPage() {
  return (
    <div>
      <PageHero
        eyebrow="Roadmap"
        title="Delivery Roadmap"
        lead={`Four phases take the platform from discovery to a working MVP in ${MVP.deliveryMonths.display}, with visible pilots in ${MVP.pilotsVisibleMonths.display}. Each phase has clear success metrics.`}
      />

      <Section title="Four Phases to MVP">
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

      <Section title="What It Costs and What It Saves" tone="shaded">
        <p className="max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          See the build cost comparison, implementation costs, revenue model and the benefits for citizens, employers,
          landlords and government.
        </p>
        <div className="mt-8">
          <ActionLink to="/costs-benefits">View Costs and Benefits</ActionLink>
        </div>
      </Section>
    </div>
  );
}

function PhaseCard({ phase }: { phase: Phase }) {
  const headingId = `phase-${phase.number}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className="text-sm font-bold uppercase tracking-wide text-govuk-blue dark:text-govuk-blue-light">
        {phase.months}
      </p>
      <h3 id={headingId} className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">
        Phase {phase.number}: {phase.name}
      </h3>
      <p className="mt-2 text-lg text-govuk-grey dark:text-slate-300">{phase.summary}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div>
          <h4 className="text-lg font-bold text-govuk-black dark:text-slate-100">Activities</h4>
          <ul className="mt-2 list-disc space-y-1 ps-5 text-govuk-black marker:text-govuk-grey dark:text-slate-200 dark:marker:text-slate-400">
            {phase.activities.map((activity) => (
              <li key={activity}>{activity}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-sm bg-govuk-grey-light p-4 dark:bg-slate-800">
          <h4 className="text-lg font-bold text-govuk-black dark:text-slate-100">Success metrics</h4>
          <ul className="mt-2 space-y-1 text-govuk-black dark:text-slate-200">
            {phase.metrics.map((metric) => (
              <li key={typeof metric === "string" ? metric : metric.text} className="flex gap-2">
                <span className="mt-0.5 shrink-0 text-govuk-green dark:text-green-400">
                  <Icon name="check" className="h-5 w-5" />
                </span>
                <span>
                  {typeof metric === "string" ? (
                    metric
                  ) : (
                    <>
                      <strong>{metric.figure}</strong>
                      {` ${metric.text}`}
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
