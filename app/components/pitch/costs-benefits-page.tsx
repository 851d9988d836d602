import type { ReactNode } from "react";
import { defineMessages, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { DataTable, Nowrap } from "#app/components/pitch/costs-benefits/data-table.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { COSTS, DELIVERY, MVP, NATIONAL_SSO, REVENUE, SERVICE, VERIFICATION_TIME } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Costs and benefits": build cost comparison, implementation costs, revenue model,
 * benefits for citizens, employers/landlords and government, link to /roadmap. Every figure is
 * spec 001 §9 "Costs and revenue" (and §1's business-model claims), static marketing copy; the
 * words are in the catalogs (ids "pitch.costsBenefits.*") and take each figure as a placeholder.
 */

const m = defineMessages({
  eyebrow: { id: "pitch.costsBenefits.eyebrow", defaultMessage: "Costs and benefits" },
  title: { id: "pitch.costsBenefits.title", defaultMessage: "Costs and Benefits" },
  lead: {
    id: "pitch.costsBenefits.lead",
    defaultMessage:
      "A privacy-first MVP for under {share} of the cost of a national single sign-on, paid for by the organisations that save time. Workers, tenants, students and citizens never pay.",
  },
  buildTitle: { id: "pitch.costsBenefits.build.title", defaultMessage: "Build cost comparison" },
  buildLead: {
    id: "pitch.costsBenefits.build.lead",
    defaultMessage: "Building on open standards and a modular design keeps the build small, fast and vendor-neutral.",
  },
  mvpBuildCost: { id: "pitch.costsBenefits.build.mvpCost", defaultMessage: "MVP build cost" },
  yearOneCost: { id: "pitch.costsBenefits.build.yearOneCost", defaultMessage: "Year 1 cost" },
  ssoComparison: {
    id: "pitch.costsBenefits.build.ssoComparison",
    defaultMessage: "National single sign-on comparison",
  },
  under: { id: "pitch.costsBenefits.build.under", defaultMessage: "Under {share}" },
  ofComparison: { id: "pitch.costsBenefits.build.ofComparison", defaultMessage: "Of the comparison cost" },
  tableCaption: {
    id: "pitch.costsBenefits.build.table.caption",
    defaultMessage: "Build cost: privacy-first MVP compared with a national single sign-on",
  },
  tableApproach: { id: "pitch.costsBenefits.build.table.approach", defaultMessage: "Approach" },
  tableCost: { id: "pitch.costsBenefits.build.table.cost", defaultMessage: "Build cost" },
  tableDelivers: { id: "pitch.costsBenefits.build.table.delivers", defaultMessage: "What it delivers" },
  mvpRow: { id: "pitch.costsBenefits.build.table.mvp", defaultMessage: "Privacy-first MVP (this proposal)" },
  mvpCost: {
    id: "pitch.costsBenefits.build.table.mvpCost",
    defaultMessage: "<strong>{build}</strong> (year 1: {yearOne})",
  },
  mvpDelivers: {
    id: "pitch.costsBenefits.build.table.mvpDelivers",
    defaultMessage:
      "Citizen wallet, verifier portal, assisted-digital kiosks, AI orchestration layer and revocation system for Right-to-Work, Right-to-Rent and DBS checks",
  },
  ssoRow: { id: "pitch.costsBenefits.build.table.sso", defaultMessage: "National single sign-on" },
  ssoDelivers: {
    id: "pitch.costsBenefits.build.table.ssoDelivers",
    defaultMessage: "A single central log-in service for the whole country",
  },
  buildSummary: {
    id: "pitch.costsBenefits.build.summary",
    defaultMessage:
      "The MVP costs <strong>under {share} of the cost</strong> of the national single sign-on comparison.",
  },
  implementationTitle: { id: "pitch.costsBenefits.implementation.title", defaultMessage: "Implementation costs" },
  implementationLead: {
    id: "pitch.costsBenefits.implementation.lead",
    defaultMessage: "What it costs to run the platform once it serves the whole country.",
  },
  operatingPerYear: { id: "pitch.costsBenefits.implementation.operating", defaultMessage: "Operating cost per year" },
  perCitizen: { id: "pitch.costsBenefits.implementation.perCitizen", defaultMessage: "Per citizen" },
  coversTitle: {
    id: "pitch.costsBenefits.implementation.covers.title",
    defaultMessage: "What the operating cost covers",
  },
  coversWallet: {
    id: "pitch.costsBenefits.implementation.covers.wallet",
    defaultMessage: "Citizen wallet on mobile and web, with an offline QR mode",
  },
  coversPortal: {
    id: "pitch.costsBenefits.implementation.covers.portal",
    defaultMessage: "Verifier portal for employers, landlords and schools",
  },
  coversKiosks: {
    id: "pitch.costsBenefits.implementation.covers.kiosks",
    defaultMessage: "Assisted-digital kiosks at councils and libraries",
  },
  coversGabriel: {
    id: "pitch.costsBenefits.implementation.covers.gabriel",
    defaultMessage: "Gabriel, the AI orchestration layer, with human reviewers",
  },
  coversRevocation: {
    id: "pitch.costsBenefits.implementation.covers.revocation",
    defaultMessage: "Revocation system (StatusList2021) and UK data residency",
  },
  revenueTitle: { id: "pitch.costsBenefits.revenue.title", defaultMessage: "Revenue model" },
  revenueLead: {
    id: "pitch.costsBenefits.revenue.lead",
    defaultMessage: "Employers and landlords pay per verification. Workers, tenants, students and citizens never pay.",
  },
  revenueCaption: {
    id: "pitch.costsBenefits.revenue.table.caption",
    defaultMessage: "Projected annual revenue by stream",
  },
  revenueStream: { id: "pitch.costsBenefits.revenue.table.stream", defaultMessage: "Revenue stream" },
  revenueBasis: { id: "pitch.costsBenefits.revenue.table.basis", defaultMessage: "Basis" },
  revenueAnnual: { id: "pitch.costsBenefits.revenue.table.annual", defaultMessage: "Annual revenue" },
  licence: { id: "pitch.costsBenefits.revenue.licence", defaultMessage: "Central licence" },
  licenceBasis: {
    id: "pitch.costsBenefits.revenue.licence.basis",
    defaultMessage: "Government licence for the national platform",
  },
  fees: { id: "pitch.costsBenefits.revenue.fees", defaultMessage: "Per-verification fees" },
  feesBasis: {
    id: "pitch.costsBenefits.revenue.fees.basis",
    defaultMessage: "{checks} checks a year, paid by employers and landlords",
  },
  addOns: { id: "pitch.costsBenefits.revenue.addOns", defaultMessage: "Enterprise add-ons" },
  addOnsBasis: {
    id: "pitch.costsBenefits.revenue.addOns.basis",
    defaultMessage: "Integrations and tools for larger organisations",
  },
  total: { id: "pitch.costsBenefits.revenue.total", defaultMessage: "Total" },
  allStreams: { id: "pitch.costsBenefits.revenue.allStreams", defaultMessage: "All three streams" },
  perYear: {
    id: "pitch.costsBenefits.revenue.perYear",
    defaultMessage: "{amount}/year",
    description: "An amount of money a year, written short (the amount is a figure such as a range of pounds).",
  },
  totalPerYear: { id: "pitch.costsBenefits.revenue.totalPerYear", defaultMessage: "Total revenue per year" },
  about: { id: "pitch.costsBenefits.revenue.about", defaultMessage: "About {margin}" },
  margin: { id: "pitch.costsBenefits.revenue.margin", defaultMessage: "Margin" },
  checksPerYear: {
    id: "pitch.costsBenefits.revenue.checksPerYear",
    defaultMessage: "Checks a year in the per-verification model",
  },
  free: { id: "pitch.costsBenefits.revenue.free", defaultMessage: "Free" },
  freeFor: {
    id: "pitch.costsBenefits.revenue.freeFor",
    defaultMessage: "For workers, tenants, students and citizens",
  },
  benefitsTitle: { id: "pitch.costsBenefits.benefits.title", defaultMessage: "Benefits" },
  benefitsLead: { id: "pitch.costsBenefits.benefits.lead", defaultMessage: "Who gains, and how." },
  citizensTitle: { id: "pitch.costsBenefits.benefits.citizens.title", defaultMessage: "For citizens" },
  citizensNeverPay: { id: "pitch.costsBenefits.benefits.citizens.neverPay", defaultMessage: "Never pay for a check" },
  citizensShare: {
    id: "pitch.costsBenefits.benefits.citizens.share",
    defaultMessage: "Share only what a check needs, not a whole passport",
  },
  citizensPortable: {
    id: "pitch.costsBenefits.benefits.citizens.portable",
    defaultMessage: "Portable credentials: prove it once, reuse it for the next job or tenancy",
  },
  citizensTracking: {
    id: "pitch.costsBenefits.benefits.citizens.tracking",
    defaultMessage: "No central tracking of where credentials are used",
  },
  citizensDeletion: {
    id: "pitch.costsBenefits.benefits.citizens.deletion",
    defaultMessage: "Raw biometric and document data deleted after {period}",
  },
  citizensHelp: {
    id: "pitch.costsBenefits.benefits.citizens.help",
    defaultMessage: "Help at assisted-digital kiosks in councils and libraries, and an offline QR mode",
  },
  employersTitle: { id: "pitch.costsBenefits.benefits.employers.title", defaultMessage: "For employers and landlords" },
  employersTime: {
    id: "pitch.costsBenefits.benefits.employers.time",
    defaultMessage: "Verification in <strong>about {withCredential}</strong> instead of <strong>about {today}</strong>",
  },
  employersPortable: {
    id: "pitch.costsBenefits.benefits.employers.portable",
    defaultMessage: "Portable credentials: no repeated document collection",
  },
  employersAudit: {
    id: "pitch.costsBenefits.benefits.employers.audit",
    defaultMessage: "Automatic audit trail for every check",
  },
  employersAi: {
    id: "pitch.costsBenefits.benefits.employers.ai",
    defaultMessage: "AI document checks, with human review of adverse decisions",
  },
  employersPay: {
    id: "pitch.costsBenefits.benefits.employers.pay",
    defaultMessage: "Pay per verification; workers, tenants, students and citizens never pay",
  },
  governmentTitle: { id: "pitch.costsBenefits.benefits.government.title", defaultMessage: "For government" },
  governmentBuild: {
    id: "pitch.costsBenefits.benefits.government.build",
    defaultMessage: "Build cost of {build}, under {share} of the {sso} comparison",
  },
  governmentOperating: {
    id: "pitch.costsBenefits.benefits.government.operating",
    defaultMessage: "Operating cost of {operating}/year, about {perCitizen} per citizen",
  },
  governmentSelfFunding: {
    id: "pitch.costsBenefits.benefits.government.selfFunding",
    defaultMessage: "Self-funding: {revenue}/year revenue at about {margin} margin",
  },
  governmentAligned: {
    id: "pitch.costsBenefits.benefits.government.aligned",
    defaultMessage: "Aligned with DIATF, GPG45/44, UK GDPR and W3C VC 2.0",
  },
  governmentVendor: {
    id: "pitch.costsBenefits.benefits.government.vendor",
    defaultMessage: "Vendor-neutral, modular design with UK data residency",
  },
  deliveredTitle: { id: "pitch.costsBenefits.delivered.title", defaultMessage: "See how it is delivered" },
  deliveredLead: {
    id: "pitch.costsBenefits.delivered.lead",
    defaultMessage: "Four phases take the MVP from discovery to {users} users in {period}.",
  },
  roadmap: { id: "pitch.costsBenefits.delivered.roadmap", defaultMessage: "View the Roadmap" },
});

const META = defineMessages<{
  title: Record<never, MessageTag>;
  description: { build: string; share: string; sso: string };
}>({
  title: { id: "pitch.costsBenefits.meta.title", defaultMessage: "Costs and Benefits" },
  description: {
    id: "pitch.costsBenefits.meta.description",
    defaultMessage:
      "A privacy-first digital identity MVP built for {build}, under {share} of the {sso} cost of a national single sign-on, funded by employers and landlords. Workers, tenants, students and citizens never pay.",
  },
});

/** The page's title and description, and the figures its description takes (the route's meta formats them). */
export const COSTS_BENEFITS_META = {
  ...META,
  values: {
    build: MVP.buildCost.display,
    share: COSTS.shareOfComparisonPercent.display,
    sso: NATIONAL_SSO.comparedCost.display,
  },
};

const SHARE_OF_COMPARISON = COSTS.shareOfComparisonPercent.display;

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function CostsBenefitsPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor, values?: Record<string, string>) => intl.formatMessage(message, values);
  const rich = (message: MessageDescriptor, values: Record<string, string>) =>
    intl.formatMessage(message, { ...values, strong });
  const period = (unit: "hours" | "minutes" | "months", count: number) => intl.formatMessage(DURATION[unit], { count });
  const perYear = (amount: string) => t(m.perYear, { amount });
  const revenueStreams: [string, string, string][] = [
    [t(m.licence), t(m.licenceBasis), REVENUE.centralLicence.display],
    [t(m.fees), t(m.feesBasis, { checks: REVENUE.checksPerYear.display }), REVENUE.perVerification.display],
    [t(m.addOns), t(m.addOnsBasis), REVENUE.enterpriseAddOns.display],
  ];
  return (
    <>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={<p>{t(m.lead, { share: SHARE_OF_COMPARISON })}</p>} />

      <Section title={t(m.buildTitle)} id="build-cost-comparison" lead={t(m.buildLead)}>
        <StatGrid>
          <Stat value={MVP.buildCost.display} label={t(m.mvpBuildCost)} />
          <Stat value={COSTS.yearOneBuild.display} label={t(m.yearOneCost)} />
          <Stat value={NATIONAL_SSO.comparedCost.display} label={t(m.ssoComparison)} />
          <Stat value={t(m.under, { share: SHARE_OF_COMPARISON })} label={t(m.ofComparison)} />
        </StatGrid>
        <DataTable
          caption={t(m.tableCaption)}
          head={[t(m.tableApproach), t(m.tableCost), t(m.tableDelivers)]}
          rows={[
            [
              t(m.mvpRow),
              rich(m.mvpCost, { build: MVP.buildCost.display, yearOne: COSTS.yearOneBuild.display }),
              t(m.mvpDelivers),
            ],
            [t(m.ssoRow), <strong key="sso">{NATIONAL_SSO.comparedCost.display}</strong>, t(m.ssoDelivers)],
          ]}
        />
        <p className="mt-4 text-lg text-govuk-black dark:text-slate-100">
          {rich(m.buildSummary, { share: SHARE_OF_COMPARISON })}
        </p>
      </Section>

      <Section title={t(m.implementationTitle)} id="implementation-costs" tone="shaded" lead={t(m.implementationLead)}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="grid grid-cols-1 content-start gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Stat value={COSTS.operatingPerYear.display} label={t(m.operatingPerYear)} />
            <Stat value={COSTS.perCitizen.display} label={t(m.perCitizen)} />
          </div>
          <div className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.coversTitle)}</h3>
            <div className="mt-3 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  t(m.coversWallet),
                  t(m.coversPortal),
                  t(m.coversKiosks),
                  t(m.coversGabriel),
                  t(m.coversRevocation),
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <Section title={t(m.revenueTitle)} id="revenue-model" lead={t(m.revenueLead)}>
        <DataTable
          caption={t(m.revenueCaption)}
          head={[t(m.revenueStream), t(m.revenueBasis), t(m.revenueAnnual)]}
          rows={revenueStreams.map(([stream, basis, amount]) => [
            stream,
            basis,
            <Nowrap key="amount">{amount}</Nowrap>,
          ])}
          foot={[t(m.total), t(m.allStreams), <Nowrap key="total">{perYear(REVENUE.total.display)}</Nowrap>]}
        />
        <div className="mt-8">
          <StatGrid>
            <Stat value={REVENUE.total.display} label={t(m.totalPerYear)} />
            <Stat value={t(m.about, { margin: REVENUE.marginPercent.display })} label={t(m.margin)} />
            <Stat value={REVENUE.checksPerYear.display} label={t(m.checksPerYear)} />
            <Stat value={t(m.free)} label={t(m.freeFor)} />
          </StatGrid>
        </div>
      </Section>

      <Section title={t(m.benefitsTitle)} id="benefits" tone="shaded" lead={t(m.benefitsLead)}>
        <CardGrid columns={3}>
          <Card icon="user" title={t(m.citizensTitle)} accent>
            <CheckList
              items={[
                t(m.citizensNeverPay),
                t(m.citizensShare),
                t(m.citizensPortable),
                t(m.citizensTracking),
                t(m.citizensDeletion, { period: period("hours", SERVICE.rawDataDeletionHours.value) }),
                t(m.citizensHelp),
              ]}
            />
          </Card>
          <Card icon="users" title={t(m.employersTitle)} accent>
            <CheckList
              items={[
                {
                  id: "verification-time",
                  content: (
                    <>
                      {rich(m.employersTime, {
                        withCredential: period("minutes", VERIFICATION_TIME.withCredential.value),
                        today: period("hours", VERIFICATION_TIME.today.value),
                      })}
                    </>
                  ),
                },
                t(m.employersPortable),
                t(m.employersAudit),
                t(m.employersAi),
                t(m.employersPay),
              ]}
            />
          </Card>
          <Card icon="shield" title={t(m.governmentTitle)} accent>
            <CheckList
              items={[
                t(m.governmentBuild, {
                  build: MVP.buildCost.display,
                  share: SHARE_OF_COMPARISON,
                  sso: NATIONAL_SSO.comparedCost.display,
                }),
                t(m.governmentOperating, {
                  operating: COSTS.operatingPerYear.display,
                  perCitizen: COSTS.perCitizen.display,
                }),
                t(m.governmentSelfFunding, {
                  revenue: REVENUE.total.display,
                  margin: REVENUE.marginPercent.display,
                }),
                t(m.governmentAligned),
                t(m.governmentVendor),
              ]}
            />
          </Card>
        </CardGrid>
      </Section>

      <Section
        title={t(m.deliveredTitle)}
        id="see-how-it-is-delivered"
        lead={t(m.deliveredLead, {
          users: DELIVERY.mvpUsers.display,
          period: period("months", MVP.deliveryMonths.value),
        })}
      >
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/roadmap">{t(m.roadmap)}</ActionLink>
        </div>
      </Section>
    </>
  );
}
