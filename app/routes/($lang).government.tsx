import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { GovernmentPage } from "#app/components/pitch/government-page.tsx";
import { GOVERNMENT } from "#core/pitch/programme.ts";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(metaIntl(matches), {
    title: "Government Briefing",
    description: `For government officials: a privacy-first national digital identity for ${GOVERNMENT.citizens.display} citizens, with ${GOVERNMENT.annualSavings.display} annual savings, ${GOVERNMENT.fasterProcessingPercent.display} faster processing and a 24-month roadmap.`,
  });

export default function Government() {
  return <GovernmentPage />;
}
