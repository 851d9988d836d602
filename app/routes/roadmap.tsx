import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { RoadmapPage } from "#app/components/pitch/roadmap-page.tsx";
import { MVP } from "#core/pitch/programme.ts";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Delivery Roadmap",
    description: `Four phases to a privacy-first digital identity MVP in ${MVP.deliveryMonths.display}: discovery, alpha with 3 employer partners, beta, and an MVP with 100k users.`,
  });

export default function Roadmap() {
  return <RoadmapPage />;
}
