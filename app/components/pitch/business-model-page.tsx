import { FeeTable } from "#app/components/pitch/business-model/fee-table.tsx";
import { SectorSection } from "#app/components/pitch/business-model/sector-tabs.tsx";
import { MARKET, VERIFICATION_TIME } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Business model" and §9 "Business model (GBP)". Every figure here is one of the
 * spec's static marketing figures, from core/pitch; the sectors' tabs, data and worked examples
 * are in ./business-model/.
 */

export function BusinessModelPage() {
  return (
    <>
      <PageHero
        eyebrow="Business model"
        title="A Business Model Where Citizens Never Pay"
        lead={
          <p>
            Employers, landlords and public bodies pay a small fee per verification. Workers, tenants, students and
            citizens never pay to hold or share their credentials.
          </p>
        }
      />

      <Section
        title="The core model"
        tone="shaded"
        lead="Organisations that need to check identity pay for each verification they make. The people being checked hold their credentials for free."
      >
        <CardGrid columns={2}>
          <Card icon="badge" title="Employers pay per verification" accent>
            <p>
              Employers, landlords, housing associations, schools and councils pay only when they verify a credential.
              There is no charge for holding a credential in the wallet.
            </p>
          </Card>
          <Card icon="users" title="Citizens never pay" accent>
            <p>
              Workers, tenants, students and citizens never pay, whether they use the mobile wallet, the web wallet or
              an assisted-digital kiosk.
            </p>
          </Card>
        </CardGrid>

        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <FeeTable />
          <div>
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">What paying organisations get</h3>
            <div className="mt-4 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  `Verification in about ${VERIFICATION_TIME.withCredential.display} instead of about ${VERIFICATION_TIME.today.display}`,
                  "Portable credentials: a person verified once can share again with the next employer or landlord",
                  "An automatic audit trail of every check",
                  "AI document checks, with a human reviewing any adverse decision",
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <SectorSection />

      <Section
        title="The market"
        tone="shaded"
        lead="Identity checks are a large, recurring and mandatory market across every sector we serve."
      >
        <StatGrid>
          <Stat value={MARKET.identityMarket.display} label="Identity market" />
          <Stat value={MARKET.dbsChecksPerYear.display} label="DBS checks a year" />
          <Stat value={MARKET.rentalProperties.display} label="Rental properties" />
          <Stat value={MARKET.localAuthorities.display} label="Local authorities" />
        </StatGrid>
      </Section>

      <Section title="Next steps" lead="See what the investment funds and how the pilots prove the model.">
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/investor-funding">View Investment Opportunity</ActionLink>
          <ActionLink to="/pilots" variant="secondary">
            View Pilot Programme
          </ActionLink>
        </div>
      </Section>
    </>
  );
}
