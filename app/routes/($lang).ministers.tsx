import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { MINISTERS_META, MinistersPage } from "#app/components/pitch/ministers-page.tsx";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(MINISTERS_META.title),
    description: intl.formatMessage(MINISTERS_META.description),
  });
};

export default function Ministers() {
  return <MinistersPage />;
}
