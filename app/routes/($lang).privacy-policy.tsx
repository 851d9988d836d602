import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { PRIVACY_POLICY } from "#app/components/pitch/legal/privacy-policy.ts";
import { LegalPage } from "#app/components/pitch/legal-body.tsx";

export const meta: MetaFunction = () =>
  pageMeta({ title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.description });

export default function PrivacyPolicy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
