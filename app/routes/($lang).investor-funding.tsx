import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { INVESTOR_FUNDING_META, InvestorFundingPage } from "#app/components/pitch/investor-funding-page.tsx";
import { MVP } from "#core/pitch/programme.ts";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(INVESTOR_FUNDING_META.title),
    description: intl.formatMessage(INVESTOR_FUNDING_META.description, { cost: MVP.cost.display }),
  });
};

export default function InvestorFunding() {
  return <InvestorFundingPage />;
}
