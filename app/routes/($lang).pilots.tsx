import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { PilotsPage } from "#app/components/pitch/pilots-page.tsx";
import { PILOTS } from "#core/pitch/programme.ts";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Pilot Programme",
    description: `Four pilots with ${PILOTS.participants.display} participants: NHS right-to-work, housing right-to-rent, education DBS and a local authority multi-service pilot, projecting ${PILOTS.annualSavings.display} annual savings and ${PILOTS.roiPercent.display} ROI in 12 months.`,
  });

export default function Pilots() {
  return <PilotsPage />;
}
