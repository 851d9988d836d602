import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { FeeTable } from "#app/components/pitch/business-model/fee-table.tsx";
import { SectorSection } from "#app/components/pitch/business-model/sector-tabs.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { MARKET, VERIFICATION_TIME } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Business model" and §9 "Business model (GBP)". Every figure here is one of the
 * spec's static marketing figures, from core/pitch; the sectors' tabs, data and worked examples
 * are in ./business-model/. The words are in the catalogs (ids "pitch.businessModel.*").
 */

const m = defineMessages({
  eyebrow: { id: "pitch.businessModel.eyebrow", defaultMessage: "Business model" },
  title: { id: "pitch.businessModel.title", defaultMessage: "A Business Model Where Citizens Never Pay" },
  lead: {
    id: "pitch.businessModel.lead",
    defaultMessage:
      "Employers, landlords and public bodies pay a small fee per verification. Workers, tenants, students and citizens never pay to hold or share their credentials.",
  },
  coreTitle: { id: "pitch.businessModel.core.title", defaultMessage: "The core model" },
  coreLead: {
    id: "pitch.businessModel.core.lead",
    defaultMessage:
      "Organisations that need to check identity pay for each verification they make. The people being checked hold their credentials for free.",
  },
  employersTitle: { id: "pitch.businessModel.core.employers.title", defaultMessage: "Employers pay per verification" },
  employers: {
    id: "pitch.businessModel.core.employers.text",
    defaultMessage:
      "Employers, landlords, housing associations, schools and councils pay only when they verify a credential. There is no charge for holding a credential in the wallet.",
  },
  citizensTitle: { id: "pitch.businessModel.core.citizens.title", defaultMessage: "Citizens never pay" },
  citizens: {
    id: "pitch.businessModel.core.citizens.text",
    defaultMessage:
      "Workers, tenants, students and citizens never pay, whether they use the mobile wallet, the web wallet or an assisted-digital kiosk.",
  },
  getTitle: { id: "pitch.businessModel.core.get.title", defaultMessage: "What paying organisations get" },
  portable: {
    id: "pitch.businessModel.core.get.portable",
    defaultMessage: "Portable credentials: a person verified once can share again with the next employer or landlord",
  },
  audit: { id: "pitch.businessModel.core.get.audit", defaultMessage: "An automatic audit trail of every check" },
  ai: {
    id: "pitch.businessModel.core.get.ai",
    defaultMessage: "AI document checks, with a human reviewing any adverse decision",
  },
  marketTitle: { id: "pitch.businessModel.market.title", defaultMessage: "The market" },
  marketLead: {
    id: "pitch.businessModel.market.lead",
    defaultMessage: "Identity checks are a large, recurring and mandatory market across every sector we serve.",
  },
  identityMarket: { id: "pitch.businessModel.market.identity", defaultMessage: "Identity market" },
  dbsChecks: { id: "pitch.businessModel.market.dbsChecks", defaultMessage: "DBS checks a year" },
  rentalProperties: { id: "pitch.businessModel.market.rentalProperties", defaultMessage: "Rental properties" },
  localAuthorities: { id: "pitch.businessModel.market.localAuthorities", defaultMessage: "Local authorities" },
  nextTitle: { id: "pitch.businessModel.next.title", defaultMessage: "Next steps" },
  nextLead: {
    id: "pitch.businessModel.next.lead",
    defaultMessage: "See what the investment funds and how the pilots prove the model.",
  },
  investment: { id: "pitch.businessModel.next.investment", defaultMessage: "View Investment Opportunity" },
  pilots: { id: "pitch.businessModel.next.pilots", defaultMessage: "View Pilot Programme" },
});

const counted = defineMessages<{ time: { withCredential: string; today: string } }>({
  time: {
    id: "pitch.businessModel.core.get.time",
    defaultMessage: "Verification in about {withCredential} instead of about {today}",
    description: "{withCredential} and {today} are periods of time, each a number and its unit.",
  },
});

const meta = defineMessages({
  title: { id: "pitch.businessModel.meta.title", defaultMessage: "Business Model" },
  description: {
    id: "pitch.businessModel.meta.description",
    defaultMessage:
      "Employers pay per verification; workers, tenants, students and citizens never pay. Fees, costs and worked examples for NHS trusts, housing associations, schools and councils.",
  },
});

/** The page's title and description (the route's `meta` formats them in the page's language). */
export const BUSINESS_MODEL_META = meta;

export function BusinessModelPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  return (
    <>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={<p>{t(m.lead)}</p>} />

      <Section title={t(m.coreTitle)} id="the-core-model" tone="shaded" lead={t(m.coreLead)}>
        <CardGrid columns={2}>
          <Card icon="badge" title={t(m.employersTitle)} accent>
            <p>{t(m.employers)}</p>
          </Card>
          <Card icon="users" title={t(m.citizensTitle)} accent>
            <p>{t(m.citizens)}</p>
          </Card>
        </CardGrid>

        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <FeeTable />
          <div>
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.getTitle)}</h3>
            <div className="mt-4 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  intl.formatMessage(counted.time, {
                    withCredential: intl.formatMessage(DURATION.minutes, {
                      count: VERIFICATION_TIME.withCredential.value,
                    }),
                    today: intl.formatMessage(DURATION.hours, { count: VERIFICATION_TIME.today.value }),
                  }),
                  t(m.portable),
                  t(m.audit),
                  t(m.ai),
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <SectorSection />

      <Section title={t(m.marketTitle)} id="the-market" tone="shaded" lead={t(m.marketLead)}>
        <StatGrid>
          <Stat value={MARKET.identityMarket.display} label={t(m.identityMarket)} />
          <Stat value={MARKET.dbsChecksPerYear.display} label={t(m.dbsChecks)} />
          <Stat value={MARKET.rentalProperties.display} label={t(m.rentalProperties)} />
          <Stat value={MARKET.localAuthorities.display} label={t(m.localAuthorities)} />
        </StatGrid>
      </Section>

      <Section title={t(m.nextTitle)} id="next-steps" lead={t(m.nextLead)}>
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/investor-funding">{t(m.investment)}</ActionLink>
          <ActionLink to="/pilots" variant="secondary">
            {t(m.pilots)}
          </ActionLink>
        </div>
      </Section>
    </>
  );
}
