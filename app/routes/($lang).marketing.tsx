import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { MARKETING_META, MarketingPage } from "#app/components/pitch/marketing-page.tsx";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(MARKETING_META.title),
    description: intl.formatMessage(MARKETING_META.description),
  });
};

export default function Marketing() {
  return <MarketingPage />;
}
