import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { GOVERNANCE_META, GovernancePage } from "#app/components/pitch/governance-page.tsx";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(GOVERNANCE_META.title),
    description: intl.formatMessage(GOVERNANCE_META.description),
  });
};

export default function Governance() {
  return <GovernancePage />;
}
