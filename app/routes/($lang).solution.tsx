import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { SolutionPage } from "#app/components/pitch/solution-page.tsx";
import { MVP } from "#core/pitch/programme.ts";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Our Solution",
    description: `A privacy-first digital identity MVP for ${MVP.cost.display} in ${MVP.deliveryMonths.display}: citizen wallet, verifier portal, assisted digital kiosks, AI orchestration and revocation.`,
  });

export default function Solution() {
  return <SolutionPage />;
}
