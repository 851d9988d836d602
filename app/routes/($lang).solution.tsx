import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { SolutionPage, solutionMeta } from "#app/components/pitch/solution-page.tsx";

export const meta: MetaFunction = ({ matches }) => solutionMeta(metaIntl(matches));

export default function Solution() {
  return <SolutionPage />;
}
