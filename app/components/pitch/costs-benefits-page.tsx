import { DataTable, Nowrap } from "#app/components/pitch/costs-benefits/data-table.tsx";
import { COSTS, DELIVERY, MVP, NATIONAL_SSO, REVENUE, SERVICE, VERIFICATION_TIME } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat, StatGrid } from "./layout.tsx";

/**
 * Spec 001 §2 "Costs and benefits": build cost comparison, implementation costs, revenue model,
 * benefits for citizens, employers/landlords and government, link to /roadmap. Every figure is
 * spec 001 §9 "Costs and revenue" (and §1's business-model claims), static marketing copy.
 */

const REVENUE_STREAMS: { stream: string; basis: string; amount: string }[] = [
  {
    stream: "Central licence",
    basis: "Government licence for the national platform",
    amount: REVENUE.centralLicence.display,
  },
  {
    stream: "Per-verification fees",
    basis: `${REVENUE.checksPerYear.display} checks a year, paid by employers and landlords`,
    amount: REVENUE.perVerification.display,
  },
  {
    stream: "Enterprise add-ons",
    basis: "Integrations and tools for larger organisations",
    amount: REVENUE.enterpriseAddOns.display,
  },
];

const SHARE_OF_COMPARISON = COSTS.shareOfComparisonPercent.display;

export function CostsBenefitsPage() {
  return (
    <>
      <PageHero
        eyebrow="Costs and benefits"
        title="Costs and Benefits"
        lead={
          <p>
            {`A privacy-first MVP for under ${SHARE_OF_COMPARISON} of the cost of a national single sign-on, paid for by the organisations that save time. Workers, tenants, students and citizens never pay.`}
          </p>
        }
      />

      <Section
        title="Build cost comparison"
        lead="Building on open standards and a modular design keeps the build small, fast and vendor-neutral."
      >
        <StatGrid>
          <Stat value={MVP.buildCost.display} label="MVP build cost" />
          <Stat value={COSTS.yearOneBuild.display} label="Year 1 cost" />
          <Stat value={NATIONAL_SSO.comparedCost.display} label="National single sign-on comparison" />
          <Stat value={`Under ${SHARE_OF_COMPARISON}`} label="Of the comparison cost" />
        </StatGrid>
        <DataTable
          caption="Build cost: privacy-first MVP compared with a national single sign-on"
          head={["Approach", "Build cost", "What it delivers"]}
          rows={[
            [
              "Privacy-first MVP (this proposal)",
              <>
                <strong>{MVP.buildCost.display}</strong> (year 1: {COSTS.yearOneBuild.display})
              </>,
              "Citizen wallet, verifier portal, assisted-digital kiosks, AI orchestration layer and revocation system for Right-to-Work, Right-to-Rent and DBS checks",
            ],
            [
              "National single sign-on",
              <strong key="sso">{NATIONAL_SSO.comparedCost.display}</strong>,
              "A single central log-in service for the whole country",
            ],
          ]}
        />
        <p className="mt-4 text-lg text-govuk-black dark:text-slate-100">
          The MVP costs <strong>{`under ${SHARE_OF_COMPARISON} of the cost`}</strong> of the national single sign-on
          comparison.
        </p>
      </Section>

      <Section
        title="Implementation costs"
        tone="shaded"
        lead="What it costs to run the platform once it serves the whole country."
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="grid grid-cols-1 content-start gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Stat value={COSTS.operatingPerYear.display} label="Operating cost per year" />
            <Stat value={COSTS.perCitizen.display} label="Per citizen" />
          </div>
          <div className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
            <h3 className="text-xl font-bold text-govuk-black dark:text-slate-100">What the operating cost covers</h3>
            <div className="mt-3 text-govuk-black dark:text-slate-200">
              <CheckList
                items={[
                  "Citizen wallet on mobile and web, with an offline QR mode",
                  "Verifier portal for employers, landlords and schools",
                  "Assisted-digital kiosks at councils and libraries",
                  "Gabriel, the AI orchestration layer, with human reviewers",
                  "Revocation system (StatusList2021) and UK data residency",
                ]}
              />
            </div>
          </div>
        </div>
      </Section>

      <Section
        title="Revenue model"
        lead="Employers and landlords pay per verification. Workers, tenants, students and citizens never pay."
      >
        <DataTable
          caption="Projected annual revenue by stream"
          head={["Revenue stream", "Basis", "Annual revenue"]}
          rows={REVENUE_STREAMS.map((r) => [r.stream, r.basis, <Nowrap key="amount">{r.amount}</Nowrap>])}
          foot={["Total", "All three streams", <Nowrap key="total">{`${REVENUE.total.display}/year`}</Nowrap>]}
        />
        <div className="mt-8">
          <StatGrid>
            <Stat value={REVENUE.total.display} label="Total revenue per year" />
            <Stat value={`About ${REVENUE.marginPercent.display}`} label="Margin" />
            <Stat value={REVENUE.checksPerYear.display} label="Checks a year in the per-verification model" />
            <Stat value="Free" label="For workers, tenants, students and citizens" />
          </StatGrid>
        </div>
      </Section>

      <Section title="Benefits" tone="shaded" lead="Who gains, and how.">
        <CardGrid columns={3}>
          <Card icon="user" title="For citizens" accent>
            <CheckList
              items={[
                "Never pay for a check",
                "Share only what a check needs, not a whole passport",
                "Portable credentials: prove it once, reuse it for the next job or tenancy",
                "No central tracking of where credentials are used",
                `Raw biometric and document data deleted after ${SERVICE.rawDataDeletionHours.display}`,
                "Help at assisted-digital kiosks in councils and libraries, and an offline QR mode",
              ]}
            />
          </Card>
          <Card icon="users" title="For employers and landlords" accent>
            <CheckList
              items={[
                {
                  id: "verification-time",
                  content: (
                    <>
                      Verification in <strong>about {VERIFICATION_TIME.withCredential.display}</strong> instead of{" "}
                      <strong>about {VERIFICATION_TIME.today.display}</strong>
                    </>
                  ),
                },
                "Portable credentials: no repeated document collection",
                "Automatic audit trail for every check",
                "AI document checks, with human review of adverse decisions",
                "Pay per verification; workers, tenants, students and citizens never pay",
              ]}
            />
          </Card>
          <Card icon="shield" title="For government" accent>
            <CheckList
              items={[
                `Build cost of ${MVP.buildCost.display}, under ${SHARE_OF_COMPARISON} of the ${NATIONAL_SSO.comparedCost.display} comparison`,
                `Operating cost of ${COSTS.operatingPerYear.display}/year, about ${COSTS.perCitizen.display} per citizen`,
                `Self-funding: ${REVENUE.total.display}/year revenue at about ${REVENUE.marginPercent.display} margin`,
                "Aligned with DIATF, GPG45/44, UK GDPR and W3C VC 2.0",
                "Vendor-neutral, modular design with UK data residency",
              ]}
            />
          </Card>
        </CardGrid>
      </Section>

      <Section
        title="See how it is delivered"
        lead={`Four phases take the MVP from discovery to ${DELIVERY.mvpUsers.display} users in ${MVP.deliveryMonths.display}.`}
      >
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/roadmap">View the Roadmap</ActionLink>
        </div>
      </Section>
    </>
  );
}
