import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { BusinessModelPage } from "#app/components/pitch/business-model-page.tsx";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(metaIntl(matches), {
    title: "Business Model",
    description:
      "Employers pay per verification; workers, tenants, students and citizens never pay. Fees, costs and worked examples for NHS trusts, housing associations, schools and councils.",
  });

export default function BusinessModel() {
  return <BusinessModelPage />;
}
