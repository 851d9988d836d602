import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { CostsBenefitsPage } from "#app/components/pitch/costs-benefits-page.tsx";
import { COSTS, MVP, NATIONAL_SSO } from "#core/pitch/programme.ts";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Costs and Benefits",
    description: `A privacy-first digital identity MVP built for ${MVP.buildCost.display}, under ${COSTS.shareOfComparisonPercent.display} of the ${NATIONAL_SSO.comparedCost.display} cost of a national single sign-on, funded by employers and landlords. Workers, tenants, students and citizens never pay.`,
  });

export default function CostsBenefits() {
  return <CostsBenefitsPage />;
}
