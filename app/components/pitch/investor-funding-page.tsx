import { PHASES, phaseTitleId } from "#app/components/pitch/investor-funding/phases.ts";
import { DataTable, PhaseFigure } from "#app/components/pitch/investor-funding/tables.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { SECTOR_COSTS, VERIFICATION_FEES } from "#core/pitch/business-model.ts";
import { INVESTMENT } from "#core/pitch/investment.ts";
import { CONTACTS, MARKET, MVP, mailto } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Investor funding" and §9 "Investor funding". Only the spec's figures appear (from
 * core/pitch): the cashflow table shows the months and values the spec gives and nothing interpolated.
 */

/** Spec 001 §2: "Request Investment Proposal" has no specified action; it writes to investor relations. */
const INVESTOR_RELATIONS_EMAIL = CONTACTS.investorRelations.email;
const PROPOSAL_MAILTO = mailto(INVESTOR_RELATIONS_EMAIL, "Request for investment proposal");

const [PHASE_1, PHASE_2] = PHASES;
const { yearOneCashflow: CASHFLOW, nhsPilotPrice: PRICE, nhsPilotVerifications: VERIFICATIONS } = INVESTMENT;

export function InvestorFundingPage() {
  return (
    <>
      <PageHero
        eyebrow="Investor funding"
        title="Investment Opportunity"
        lead={
          <p>
            We are raising a <strong>{MVP.cost.display} funding round</strong> to build and pilot a privacy-first UK
            digital identity platform for Right-to-Work, Right-to-Rent and DBS checks.
          </p>
        }
      >
        <div className="rounded-sm bg-govuk-blue-dark px-5 py-3 dark:bg-black/30">
          <p className="text-sm font-bold uppercase tracking-wider text-white">Funding round</p>
          <p className="text-4xl font-bold">{MVP.cost.display}</p>
        </div>
      </PageHero>

      <Section
        title="Market context"
        lead="Identity checks are required by law before people can work, rent or work with children. Organisations pay for them today, in time and money, again and again."
      >
        <StatGrid>
          <Stat value={MARKET.identityMarket.display} label="Identity market" />
          <Stat value={MARKET.dbsChecksPerYear.display} label="DBS checks a year" />
          <Stat value={MARKET.rentalProperties.display} label="Rental properties" />
          <Stat value={MARKET.nhsNewStartersPerYear.display} label="NHS new starters a year" />
        </StatGrid>
        <p className="mt-6 max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          Our customers are the organisations that must make these checks: employers pay per verification, and workers,
          tenants, students and citizens never pay. See the <TextLink to="/business-model">business model</TextLink> for
          fees by sector.
        </p>
      </Section>

      <section aria-labelledby="projections-notice" className="bg-white dark:bg-slate-950">
        <div className="mx-auto max-w-6xl px-4 pb-4">
          <div className="flex gap-4 border-s-8 border-govuk-yellow bg-govuk-grey-light p-5 sm:p-6 dark:bg-slate-900">
            <span className="mt-1 shrink-0 text-govuk-black dark:text-slate-100">
              <Icon name="alert" className="h-7 w-7" />
            </span>
            <div>
              <h2 id="projections-notice" className="text-2xl font-bold text-govuk-black dark:text-slate-100">
                Evidence-based projections
              </h2>
              <p className="mt-2 text-govuk-black dark:text-slate-200">
                {`The figures on this page are projections, not promises. They start from the NHS pilot price of ${PRICE.display} per verification and a ${INVESTMENT.monthlyGrowthPercent.display} monthly growth rate, and from published volumes such as ${MARKET.nhsNewStartersPerYear.display} NHS new starters and ${MARKET.dbsChecksPerYear.display} DBS checks a year. Actual results depend on pilot outcomes and adoption, and capital is at risk.`}
              </p>
            </div>
          </div>
        </div>
      </section>

      <Section
        title="Investment breakdown"
        lead={`The ${MVP.cost.display} is released in two phases, each with a ${INVESTMENT.bufferPercent.display} buffer for the unexpected.`}
      >
        <div className="grid gap-6 md:grid-cols-2">
          {PHASES.map((phase) => (
            <article
              key={phase.name}
              aria-labelledby={phaseTitleId(phase.name)}
              className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
            >
              <h3 id={phaseTitleId(phase.name)} className="text-2xl font-bold text-govuk-black dark:text-slate-100">
                {phase.name}: {phase.focus}
              </h3>
              <dl className="mt-4 grid grid-cols-3 gap-3">
                <PhaseFigure label="Investment" value={phase.amount} />
                <PhaseFigure label="Period" value={phase.months} />
                <PhaseFigure label={`${INVESTMENT.bufferPercent.display} buffer`} value={phase.buffer} />
              </dl>
              <h4 className="mt-6 font-bold text-govuk-black dark:text-slate-100">What it funds</h4>
              <div className="mt-2 text-govuk-black dark:text-slate-200">
                <CheckList items={[...phase.uses]} />
              </div>
            </article>
          ))}
        </div>
        <p className="mt-6 text-lg font-bold text-govuk-black dark:text-slate-100">
          {`Total round: ${MVP.cost.display} (${PHASE_1.name} ${PHASE_1.amount} + ${PHASE_2.name} ${PHASE_2.amount})`}
        </p>
      </Section>

      <Section
        title="12-month cashflow"
        tone="shaded"
        lead={`Year 1 is an investment year. NHS pilot verifications at ${PRICE.display} each are projected at ${VERIFICATIONS.month7.display} in month 7, rising to ${VERIFICATIONS.month12.display} in month 12, on a ${INVESTMENT.monthlyGrowthPercent.display} monthly growth assumption.`}
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <DataTable
            caption="Year 1 cashflow summary"
            headers={["Item", "Year 1"]}
            rows={[
              { label: "Revenue", values: [CASHFLOW.revenue.display] },
              { label: "Costs", values: [CASHFLOW.costs.display] },
              { label: "Net cashflow", values: [CASHFLOW.net.display] },
              { label: "Cumulative position at month 12", values: [CASHFLOW.cumulativeAtMonth12.display] },
            ]}
          />
          <DataTable
            caption="NHS pilot verifications by month"
            headers={["Month", "Verifications", "Price per verification"]}
            rows={[
              { label: "Month 7", values: [VERIFICATIONS.month7.display, PRICE.display] },
              { label: "Months 8-11", values: ["Rising each month", PRICE.display] },
              { label: "Month 12", values: [VERIFICATIONS.month12.display, PRICE.display] },
            ]}
          />
        </div>
        <p className="mt-6 max-w-3xl text-govuk-grey dark:text-slate-300">
          {`${PHASE_1.months} are the build phase, funded by ${PHASE_1.name}. Only the months with published verification figures are shown.`}
        </p>
      </Section>

      <Section
        title="Revenue projections"
        lead="Revenue comes from per-verification fees paid by organisations, across four sectors."
      >
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-1">
            <Stat value={MARKET.fiveYearRevenue.display} label="Projected five-year revenue" />
          </div>
          <div className="lg:col-span-2">
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">Where the revenue comes from</h3>
            <div className="mt-3 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  `Right-to-work verifications for employers and NHS trusts (${VERIFICATION_FEES.rightToWork.display} each)`,
                  `Right-to-rent verifications for landlords and housing associations (${VERIFICATION_FEES.rightToRent.display} each)`,
                  `Enhanced DBS verifications for schools and education authorities (${VERIFICATION_FEES.enhancedDbs.display} each)`,
                  `Local authority platform licences (${SECTOR_COSTS.localAuthority.licencePerYear.display} per year) with multi-service volume discounts`,
                ]}
              />
            </div>
            <p className="mt-4 text-govuk-grey dark:text-slate-300">
              The range reflects how quickly each sector adopts the platform after the pilots. Citizens never pay.
            </p>
          </div>
        </div>
      </Section>

      <Section title="Returns and exit pathways" tone="shaded">
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat value={INVESTMENT.breakEvenMonth.display} label="Projected break-even" />
          <Stat value={INVESTMENT.valuationMultiples.display} label="Valuation multiples" />
          <Stat value={MARKET.investorReturn.display} label="Projected investor return" />
        </div>
        <h3 className="mt-10 text-xl font-bold text-govuk-black dark:text-slate-100">Exit pathways</h3>
        <div className="mt-4">
          <CardGrid columns={3}>
            <Card icon="share" title="Strategic acquisition">
              <p>
                Acquisition by an established identity, verification or HR technology provider seeking a certified,
                standards-based platform.
              </p>
            </Card>
            <Card icon="shield" title="Public sector partnership">
              <p>
                A long-term licence or partnership with government as the platform becomes part of national identity
                infrastructure.
              </p>
            </Card>
            <Card icon="chart" title="Growth funding">
              <p>
                A larger funding round once the pilots have proved demand, with early investors able to realise part of
                their holding.
              </p>
            </Card>
          </CardGrid>
        </div>
        <p className="mt-6 max-w-3xl text-govuk-grey dark:text-slate-300">
          Returns are projections based on the revenue range and valuation multiples above. They are not guaranteed.
        </p>
      </Section>

      <Section
        title="Invest in privacy-first digital identity"
        lead="Ask for the full investment proposal, or see how the pilots will prove the model."
      >
        <div className="flex flex-wrap gap-4">
          <a href={PROPOSAL_MAILTO} className={buttonClasses("primary", "px-5 py-2.5 text-lg")}>
            Request Investment Proposal
          </a>
          <ActionLink to="/pilots" variant="secondary">
            View Pilot Programme
          </ActionLink>
        </div>
        <p className="mt-4 text-govuk-grey dark:text-slate-300">
          The proposal request opens an email to our investor relations team at{" "}
          <TextLink href={mailto(INVESTOR_RELATIONS_EMAIL)}>{INVESTOR_RELATIONS_EMAIL}</TextLink>.
        </p>
      </Section>
    </>
  );
}
