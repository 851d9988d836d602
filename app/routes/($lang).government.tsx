import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { GOVERNMENT_META, GovernmentPage } from "#app/components/pitch/government-page.tsx";
import { GOVERNMENT } from "#core/pitch/programme.ts";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(GOVERNMENT_META.title),
    description: intl.formatMessage(GOVERNMENT_META.description, {
      millions: GOVERNMENT.citizens.value / 1_000_000,
      savings: GOVERNMENT.annualSavings.display,
      faster: GOVERNMENT.fasterProcessingPercent.display,
    }),
  });
};

export default function Government() {
  return <GovernmentPage />;
}
