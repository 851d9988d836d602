import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { MarketingPage } from "#app/components/pitch/marketing-page.tsx";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Press and Partner Kit",
    description:
      "Key messages by audience, headline figures, a boilerplate description and press contacts for the UK's privacy-first digital identity programme.",
  });

export default function Marketing() {
  return <MarketingPage />;
}
