import type { ReactNode } from "react";
import { defineMessages, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { PHASE_VALUES, PHASES, phaseTitleId } from "#app/components/pitch/investor-funding/phases.ts";
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
 * The words are messages (issue 21): the page is offered in English and Welsh.
 */

type NoValues = Record<never, MessageTag>;

const m = defineMessages({
  eyebrow: { id: "pitch.investorFunding.eyebrow", defaultMessage: "Investor funding" },
  title: { id: "pitch.investorFunding.title", defaultMessage: "Investment Opportunity" },
  roundLabel: {
    id: "pitch.investorFunding.round.label",
    defaultMessage: "Funding round",
    description: "Above the amount of the funding round, in pounds.",
  },
  marketTitle: { id: "pitch.investorFunding.market.title", defaultMessage: "Market context" },
  marketLead: {
    id: "pitch.investorFunding.market.lead",
    defaultMessage:
      "Identity checks are required by law before people can work, rent or work with children. Organisations pay for them today, in time and money, again and again.",
  },
  identityMarket: { id: "pitch.investorFunding.market.identityMarket", defaultMessage: "Identity market" },
  dbsChecks: { id: "pitch.investorFunding.market.dbsChecks", defaultMessage: "DBS checks a year" },
  rentalProperties: { id: "pitch.investorFunding.market.rentalProperties", defaultMessage: "Rental properties" },
  nhsStarters: { id: "pitch.investorFunding.market.nhsStarters", defaultMessage: "NHS new starters a year" },
  projectionsTitle: { id: "pitch.investorFunding.projections.title", defaultMessage: "Evidence-based projections" },
  breakdownTitle: { id: "pitch.investorFunding.breakdown.title", defaultMessage: "Investment breakdown" },
  investment: {
    id: "pitch.investorFunding.phase.investment",
    defaultMessage: "Investment",
    description: "Label of a phase's amount of money.",
  },
  period: {
    id: "pitch.investorFunding.phase.period",
    defaultMessage: "Period",
    description: "Label of the months a phase covers.",
  },
  funds: { id: "pitch.investorFunding.phase.funds", defaultMessage: "What it funds" },
  cashflowTitle: { id: "pitch.investorFunding.cashflow.title", defaultMessage: "12-month cashflow" },
  summaryCaption: { id: "pitch.investorFunding.cashflow.summary.caption", defaultMessage: "Year 1 cashflow summary" },
  item: { id: "pitch.investorFunding.cashflow.summary.item", defaultMessage: "Item" },
  yearOne: { id: "pitch.investorFunding.cashflow.summary.yearOne", defaultMessage: "Year 1" },
  revenue: { id: "pitch.investorFunding.cashflow.summary.revenue", defaultMessage: "Revenue" },
  costs: { id: "pitch.investorFunding.cashflow.summary.costs", defaultMessage: "Costs" },
  net: { id: "pitch.investorFunding.cashflow.summary.net", defaultMessage: "Net cashflow" },
  cumulative: {
    id: "pitch.investorFunding.cashflow.summary.cumulative",
    defaultMessage: "Cumulative position at month 12",
  },
  monthlyCaption: {
    id: "pitch.investorFunding.cashflow.monthly.caption",
    defaultMessage: "NHS pilot verifications by month",
  },
  month: { id: "pitch.investorFunding.cashflow.monthly.month", defaultMessage: "Month" },
  verifications: { id: "pitch.investorFunding.cashflow.monthly.verifications", defaultMessage: "Verifications" },
  price: { id: "pitch.investorFunding.cashflow.monthly.price", defaultMessage: "Price per verification" },
  rising: { id: "pitch.investorFunding.cashflow.monthly.rising", defaultMessage: "Rising each month" },
  revenueTitle: { id: "pitch.investorFunding.revenue.title", defaultMessage: "Revenue projections" },
  revenueLead: {
    id: "pitch.investorFunding.revenue.lead",
    defaultMessage: "Revenue comes from per-verification fees paid by organisations, across four sectors.",
  },
  fiveYear: { id: "pitch.investorFunding.revenue.fiveYear", defaultMessage: "Projected five-year revenue" },
  sources: { id: "pitch.investorFunding.revenue.sources", defaultMessage: "Where the revenue comes from" },
  range: {
    id: "pitch.investorFunding.revenue.range",
    defaultMessage:
      "The range reflects how quickly each sector adopts the platform after the pilots. Citizens never pay.",
  },
  returnsTitle: { id: "pitch.investorFunding.returns.title", defaultMessage: "Returns and exit pathways" },
  breakEven: { id: "pitch.investorFunding.returns.breakEven", defaultMessage: "Projected break-even" },
  multiples: { id: "pitch.investorFunding.returns.multiples", defaultMessage: "Valuation multiples" },
  investorReturn: { id: "pitch.investorFunding.returns.investorReturn", defaultMessage: "Projected investor return" },
  exitTitle: { id: "pitch.investorFunding.exit.title", defaultMessage: "Exit pathways" },
  acquisitionTitle: { id: "pitch.investorFunding.exit.acquisition.title", defaultMessage: "Strategic acquisition" },
  acquisition: {
    id: "pitch.investorFunding.exit.acquisition.text",
    defaultMessage:
      "Acquisition by an established identity, verification or HR technology provider seeking a certified, standards-based platform.",
  },
  partnershipTitle: {
    id: "pitch.investorFunding.exit.partnership.title",
    defaultMessage: "Public sector partnership",
  },
  partnership: {
    id: "pitch.investorFunding.exit.partnership.text",
    defaultMessage:
      "A long-term licence or partnership with government as the platform becomes part of national identity infrastructure.",
  },
  growthTitle: { id: "pitch.investorFunding.exit.growth.title", defaultMessage: "Growth funding" },
  growth: {
    id: "pitch.investorFunding.exit.growth.text",
    defaultMessage:
      "A larger funding round once the pilots have proved demand, with early investors able to realise part of their holding.",
  },
  notGuaranteed: {
    id: "pitch.investorFunding.returns.notGuaranteed",
    defaultMessage:
      "Returns are projections based on the revenue range and valuation multiples above. They are not guaranteed.",
  },
  investTitle: { id: "pitch.investorFunding.invest.title", defaultMessage: "Invest in privacy-first digital identity" },
  investLead: {
    id: "pitch.investorFunding.invest.lead",
    defaultMessage: "Ask for the full investment proposal, or see how the pilots will prove the model.",
  },
  request: { id: "pitch.investorFunding.invest.request", defaultMessage: "Request Investment Proposal" },
  pilots: { id: "pitch.investorFunding.invest.pilots", defaultMessage: "View Pilot Programme" },
  subject: {
    id: "pitch.investorFunding.invest.subject",
    defaultMessage: "Request for investment proposal",
    description: "The subject of the email the proposal request opens.",
  },
});

const v = defineMessages<{
  lead: { cost: string; strong: MessageTag };
  customers: { link: MessageTag };
  projections: { price: string; growth: string; starters: string; dbs: string };
  breakdownLead: { cost: string; buffer: string };
  phaseTitle: { number: number; focus: string };
  buffer: { buffer: string };
  months: { first: number; last: number };
  total: { cost: string; first: number; firstAmount: string; second: number; secondAmount: string };
  cashflowLead: { price: string; month7: string; month12: string; growth: string };
  monthNumber: { number: number };
  buildPhase: { first: number; last: number; phase: number };
  rightToWork: { fee: string };
  rightToRent: { fee: string };
  enhancedDbs: { fee: string };
  licences: { fee: string };
  breakEvenMonth: { month: number };
  returnRange: { low: string; high: string };
  email: { email: string; link: MessageTag };
  metaTitle: NoValues;
  metaDescription: { cost: string };
}>({
  lead: {
    id: "pitch.investorFunding.lead",
    defaultMessage:
      "We are raising a <strong>{cost} funding round</strong> to build and pilot a privacy-first UK digital identity platform for Right-to-Work, Right-to-Rent and DBS checks.",
  },
  customers: {
    id: "pitch.investorFunding.market.customers",
    defaultMessage:
      "Our customers are the organisations that must make these checks: employers pay per verification, and workers, tenants, students and citizens never pay. See the <link>business model</link> for fees by sector.",
  },
  projections: {
    id: "pitch.investorFunding.projections.text",
    defaultMessage:
      "The figures on this page are projections, not promises. They start from the NHS pilot price of {price} per verification and a {growth} monthly growth rate, and from published volumes such as {starters} NHS new starters and {dbs} DBS checks a year. Actual results depend on pilot outcomes and adoption, and capital is at risk.",
  },
  breakdownLead: {
    id: "pitch.investorFunding.breakdown.lead",
    defaultMessage: "The {cost} is released in two phases, each with a {buffer} buffer for the unexpected.",
  },
  phaseTitle: {
    id: "pitch.investorFunding.phase.title",
    defaultMessage: "Phase {number}: {focus}",
    description: "A phase of the funding round and what it is for, e.g. 'Phase 1: Build and first pilots'.",
  },
  buffer: {
    id: "pitch.investorFunding.phase.buffer",
    defaultMessage: "{buffer} buffer",
    description: "Label of a phase's reserve for the unexpected; {buffer} is a percentage of the phase's amount.",
  },
  months: {
    id: "pitch.investorFunding.months",
    defaultMessage: "Months {first}-{last}",
    description: "A span of months of the first year: {first} and {last} are month numbers.",
  },
  total: {
    id: "pitch.investorFunding.breakdown.total",
    defaultMessage: "Total round: {cost} (Phase {first} {firstAmount} + Phase {second} {secondAmount})",
  },
  cashflowLead: {
    id: "pitch.investorFunding.cashflow.lead",
    defaultMessage:
      "Year 1 is an investment year. NHS pilot verifications at {price} each are projected at {month7} in month 7, rising to {month12} in month 12, on a {growth} monthly growth assumption.",
  },
  monthNumber: {
    id: "pitch.investorFunding.cashflow.monthly.monthNumber",
    defaultMessage: "Month {number}",
    description: "A month of the first year, e.g. 'Month 7'.",
  },
  buildPhase: {
    id: "pitch.investorFunding.cashflow.buildPhase",
    defaultMessage:
      "Months {first}-{last} are the build phase, funded by Phase {phase}. Only the months with published verification figures are shown.",
  },
  rightToWork: {
    id: "pitch.investorFunding.revenue.rightToWork",
    defaultMessage: "Right-to-work verifications for employers and NHS trusts ({fee} each)",
  },
  rightToRent: {
    id: "pitch.investorFunding.revenue.rightToRent",
    defaultMessage: "Right-to-rent verifications for landlords and housing associations ({fee} each)",
  },
  enhancedDbs: {
    id: "pitch.investorFunding.revenue.enhancedDbs",
    defaultMessage: "Enhanced DBS verifications for schools and education authorities ({fee} each)",
  },
  licences: {
    id: "pitch.investorFunding.revenue.licences",
    defaultMessage: "Local authority platform licences ({fee} per year) with multi-service volume discounts",
  },
  breakEvenMonth: {
    id: "pitch.investorFunding.returns.breakEvenMonth",
    defaultMessage: "Month {month} or later",
    description: "When the business is projected to break even: {month} is a month number counted from the start.",
  },
  returnRange: {
    id: "pitch.investorFunding.returns.range",
    defaultMessage: "{low} to {high}",
    description: "A range of investor returns, each a multiple of the money invested.",
  },
  email: {
    id: "pitch.investorFunding.invest.email",
    defaultMessage: "The proposal request opens an email to our investor relations team at <link>{email}</link>.",
  },
  metaTitle: { id: "pitch.investorFunding.meta.title", defaultMessage: "Investor Funding" },
  metaDescription: {
    id: "pitch.investorFunding.meta.description",
    defaultMessage:
      "A {cost} funding round to build and pilot a privacy-first UK digital identity platform: investment phases, year 1 cashflow, revenue projections and returns.",
  },
});

/** The page's title and description (the route's meta formats them in the page's language). */
export const INVESTOR_FUNDING_META = { title: v.metaTitle, description: v.metaDescription };

/** Spec 001 §2: "Request Investment Proposal" has no specified action; it writes to investor relations. */
const INVESTOR_RELATIONS_EMAIL = CONTACTS.investorRelations.email;

const [PHASE_1, PHASE_2] = PHASES;
const { yearOneCashflow: CASHFLOW, nhsPilotPrice: PRICE, nhsPilotVerifications: VERIFICATIONS } = INVESTMENT;

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function InvestorFundingPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const months = (span: { first: number; last: number }) => intl.formatMessage(v.months, span);
  const month = (number: number) => intl.formatMessage(v.monthNumber, { number });
  return (
    <>
      <PageHero
        eyebrow={t(m.eyebrow)}
        title={t(m.title)}
        lead={<p>{intl.formatMessage(v.lead, { cost: MVP.cost.display, strong })}</p>}
      >
        <div className="rounded-sm bg-govuk-blue-dark px-5 py-3 dark:bg-black/30">
          <p className="text-sm font-bold uppercase tracking-wider text-white">{t(m.roundLabel)}</p>
          <p className="text-4xl font-bold">{MVP.cost.display}</p>
        </div>
      </PageHero>

      <Section title={t(m.marketTitle)} lead={t(m.marketLead)}>
        <StatGrid>
          <Stat value={MARKET.identityMarket.display} label={t(m.identityMarket)} />
          <Stat value={MARKET.dbsChecksPerYear.display} label={t(m.dbsChecks)} />
          <Stat value={MARKET.rentalProperties.display} label={t(m.rentalProperties)} />
          <Stat value={MARKET.nhsNewStartersPerYear.display} label={t(m.nhsStarters)} />
        </StatGrid>
        <p className="mt-6 max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          {intl.formatMessage(v.customers, {
            link: (chunks: ReactNode[]) => <TextLink to="/business-model">{chunks}</TextLink>,
          })}
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
                {t(m.projectionsTitle)}
              </h2>
              <p className="mt-2 text-govuk-black dark:text-slate-200">
                {intl.formatMessage(v.projections, {
                  price: PRICE.display,
                  growth: INVESTMENT.monthlyGrowthPercent.display,
                  starters: MARKET.nhsNewStartersPerYear.display,
                  dbs: MARKET.dbsChecksPerYear.display,
                })}
              </p>
            </div>
          </div>
        </div>
      </section>

      <Section
        title={t(m.breakdownTitle)}
        lead={intl.formatMessage(v.breakdownLead, {
          cost: MVP.cost.display,
          buffer: INVESTMENT.bufferPercent.display,
        })}
      >
        <div className="grid gap-6 md:grid-cols-2">
          {PHASES.map((phase) => (
            <article
              key={phase.name}
              aria-labelledby={phaseTitleId(phase.name)}
              className="rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
            >
              <h3 id={phaseTitleId(phase.name)} className="text-2xl font-bold text-govuk-black dark:text-slate-100">
                {intl.formatMessage(v.phaseTitle, { number: phase.number, focus: t(phase.focus) })}
              </h3>
              <dl className="mt-4 grid grid-cols-3 gap-3">
                <PhaseFigure label={t(m.investment)} value={phase.amount} />
                <PhaseFigure label={t(m.period)} value={months(phase.months)} />
                <PhaseFigure
                  label={intl.formatMessage(v.buffer, { buffer: INVESTMENT.bufferPercent.display })}
                  value={phase.buffer}
                />
              </dl>
              <h4 className="mt-6 font-bold text-govuk-black dark:text-slate-100">{t(m.funds)}</h4>
              <div className="mt-2 text-govuk-black dark:text-slate-200">
                <CheckList items={phase.uses.map((use) => intl.formatMessage(use, PHASE_VALUES))} />
              </div>
            </article>
          ))}
        </div>
        <p className="mt-6 text-lg font-bold text-govuk-black dark:text-slate-100">
          {intl.formatMessage(v.total, {
            cost: MVP.cost.display,
            first: PHASE_1.number,
            firstAmount: PHASE_1.amount,
            second: PHASE_2.number,
            secondAmount: PHASE_2.amount,
          })}
        </p>
      </Section>

      <Section
        title={t(m.cashflowTitle)}
        tone="shaded"
        lead={intl.formatMessage(v.cashflowLead, {
          price: PRICE.display,
          month7: VERIFICATIONS.month7.display,
          month12: VERIFICATIONS.month12.display,
          growth: INVESTMENT.monthlyGrowthPercent.display,
        })}
      >
        <div className="grid gap-8 lg:grid-cols-2">
          <DataTable
            caption={t(m.summaryCaption)}
            headers={[t(m.item), t(m.yearOne)]}
            rows={[
              { label: t(m.revenue), values: [CASHFLOW.revenue.display] },
              { label: t(m.costs), values: [CASHFLOW.costs.display] },
              { label: t(m.net), values: [CASHFLOW.net.display] },
              { label: t(m.cumulative), values: [CASHFLOW.cumulativeAtMonth12.display] },
            ]}
          />
          <DataTable
            caption={t(m.monthlyCaption)}
            headers={[t(m.month), t(m.verifications), t(m.price)]}
            rows={[
              { label: month(7), values: [VERIFICATIONS.month7.display, PRICE.display] },
              { label: months({ first: 8, last: 11 }), values: [t(m.rising), PRICE.display] },
              { label: month(12), values: [VERIFICATIONS.month12.display, PRICE.display] },
            ]}
          />
        </div>
        <p className="mt-6 max-w-3xl text-govuk-grey dark:text-slate-300">
          {intl.formatMessage(v.buildPhase, { ...PHASE_1.months, phase: PHASE_1.number })}
        </p>
      </Section>

      <Section title={t(m.revenueTitle)} lead={t(m.revenueLead)}>
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-1">
            <Stat value={MARKET.fiveYearRevenue.display} label={t(m.fiveYear)} />
          </div>
          <div className="lg:col-span-2">
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.sources)}</h3>
            <div className="mt-3 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  intl.formatMessage(v.rightToWork, { fee: VERIFICATION_FEES.rightToWork.display }),
                  intl.formatMessage(v.rightToRent, { fee: VERIFICATION_FEES.rightToRent.display }),
                  intl.formatMessage(v.enhancedDbs, { fee: VERIFICATION_FEES.enhancedDbs.display }),
                  intl.formatMessage(v.licences, { fee: SECTOR_COSTS.localAuthority.licencePerYear.display }),
                ]}
              />
            </div>
            <p className="mt-4 text-govuk-grey dark:text-slate-300">{t(m.range)}</p>
          </div>
        </div>
      </Section>

      <Section title={t(m.returnsTitle)} tone="shaded">
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat
            value={intl.formatMessage(v.breakEvenMonth, { month: INVESTMENT.breakEvenMonth.value })}
            label={t(m.breakEven)}
          />
          <Stat value={INVESTMENT.valuationMultiples.display} label={t(m.multiples)} />
          <Stat
            value={intl.formatMessage(v.returnRange, {
              low: MARKET.investorReturn.low.display,
              high: MARKET.investorReturn.high.display,
            })}
            label={t(m.investorReturn)}
          />
        </div>
        <h3 className="mt-10 text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.exitTitle)}</h3>
        <div className="mt-4">
          <CardGrid columns={3}>
            <Card icon="share" title={t(m.acquisitionTitle)}>
              <p>{t(m.acquisition)}</p>
            </Card>
            <Card icon="shield" title={t(m.partnershipTitle)}>
              <p>{t(m.partnership)}</p>
            </Card>
            <Card icon="chart" title={t(m.growthTitle)}>
              <p>{t(m.growth)}</p>
            </Card>
          </CardGrid>
        </div>
        <p className="mt-6 max-w-3xl text-govuk-grey dark:text-slate-300">{t(m.notGuaranteed)}</p>
      </Section>

      <Section title={t(m.investTitle)} lead={t(m.investLead)}>
        <div className="flex flex-wrap gap-4">
          <a
            href={mailto(INVESTOR_RELATIONS_EMAIL, t(m.subject))}
            className={buttonClasses("primary", "px-5 py-2.5 text-lg")}
          >
            {t(m.request)}
          </a>
          <ActionLink to="/pilots" variant="secondary">
            {t(m.pilots)}
          </ActionLink>
        </div>
        <p className="mt-4 text-govuk-grey dark:text-slate-300">
          {intl.formatMessage(v.email, {
            email: INVESTOR_RELATIONS_EMAIL,
            link: (chunks: ReactNode[]) => (
              <TextLink href={mailto(INVESTOR_RELATIONS_EMAIL)} dir="ltr">
                {chunks}
              </TextLink>
            ),
          })}
        </p>
      </Section>
    </>
  );
}
