import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { InvestorFundingPage } from "#app/components/pitch/investor-funding-page.tsx";
import { MVP } from "#core/pitch/programme.ts";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(metaIntl(matches), {
    title: "Investor Funding",
    description: `A ${MVP.cost.display} funding round to build and pilot a privacy-first UK digital identity platform: investment phases, year 1 cashflow, revenue projections and returns.`,
  });

export default function InvestorFunding() {
  return <InvestorFundingPage />;
}
