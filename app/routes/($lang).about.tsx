import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { AboutPage } from "#app/components/pitch/about-page.tsx";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "About Us",
    description:
      "Our mission, vision and values: a privacy-first, inclusive and transparent UK digital identity for Right-to-Work, Right-to-Rent and DBS checks.",
  });

export default function About() {
  return <AboutPage />;
}
