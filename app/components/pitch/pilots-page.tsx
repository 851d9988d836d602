import { PILOT_CARDS, PilotCard } from "#app/components/pitch/pilots/pilot-cards.tsx";
import { PilotProgrammeStats } from "#app/components/pitch/pilots/programme-stats.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Pilots": four pilots, a cross-pilot framework, links to /solution and
 * /costs-benefits. Figures are spec 001 §9 "Pilots" (projections, static marketing copy); this page
 * says 12-language interface, and the rest of the site the 10 most spoken languages (spec 001 §9):
 * both are what the product speaks (issue 21, ADR 035): English, Welsh and the ten most spoken main
 * languages after English in England and Wales (Census 2021, ONS TS024) on the citizen's screens.
 */

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
        <PilotProgrammeStats />
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
                  "12-language interface: English, Welsh and the ten most spoken languages after English in England and Wales",
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
