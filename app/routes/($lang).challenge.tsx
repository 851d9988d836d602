import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { ChallengePage } from "#app/components/pitch/challenge-page.tsx";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "The Challenge",
    description:
      "Why UK identity checks are broken: the right-to-work crisis, housing verification chaos, safeguarding delays, economic impact and digital exclusion.",
  });

export default function Challenge() {
  return <ChallengePage />;
}
