import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { BUSINESS_MODEL_META, BusinessModelPage } from "#app/components/pitch/business-model-page.tsx";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(BUSINESS_MODEL_META.title),
    description: intl.formatMessage(BUSINESS_MODEL_META.description),
  });
};

export default function BusinessModel() {
  return <BusinessModelPage />;
}
