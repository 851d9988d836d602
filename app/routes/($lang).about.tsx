import type { MetaFunction } from "@remix-run/cloudflare";
import { routeMeta } from "#app/components/meta.ts";
import { ABOUT_META, AboutPage } from "#app/components/pitch/about-page.tsx";

export const meta: MetaFunction = ({ matches }) => routeMeta(matches, ABOUT_META);

export default function About() {
  return <AboutPage />;
}
