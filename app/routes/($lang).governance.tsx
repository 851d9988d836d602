import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { GovernancePage } from "#app/components/pitch/governance-page.tsx";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Governance and Accountability",
    description:
      "Transparency, accountability, participation and proportionality: DPIA safeguards, an independent ethics panel of five, public transparency reports and incident commitments for the UK digital identity platform.",
  });

export default function Governance() {
  return <GovernancePage />;
}
