import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { RoadmapPage } from "#app/components/pitch/roadmap-page.tsx";
import { DELIVERY, MVP } from "#core/pitch/programme.ts";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Delivery Roadmap",
    description: `Four phases to a privacy-first digital identity MVP in ${MVP.deliveryMonths.display}: discovery, alpha with ${DELIVERY.employerPartners.display} employer partners, beta, and an MVP with ${DELIVERY.mvpUsers.display} users.`,
  });

export default function Roadmap() {
  return <RoadmapPage />;
}
