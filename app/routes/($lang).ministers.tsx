import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { MinistersPage } from "#app/components/pitch/ministers-page.tsx";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(metaIntl(matches), {
    title: "Ministers' Access",
    description:
      "Briefing materials, MVP demonstration and platform access for ministers and senior policymakers considering the UK's privacy-first digital identity programme.",
  });

export default function Ministers() {
  return <MinistersPage />;
}
