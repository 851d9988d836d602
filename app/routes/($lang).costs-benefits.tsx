import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { COSTS_BENEFITS_META, CostsBenefitsPage } from "#app/components/pitch/costs-benefits-page.tsx";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(COSTS_BENEFITS_META.title),
    description: intl.formatMessage(COSTS_BENEFITS_META.description, COSTS_BENEFITS_META.values),
  });
};

export default function CostsBenefits() {
  return <CostsBenefitsPage />;
}
