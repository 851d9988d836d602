import type { MetaFunction } from "@remix-run/cloudflare";
import { pageMeta } from "#app/components/meta.ts";
import { TERMS_OF_SERVICE } from "#app/components/pitch/legal/terms-of-service.ts";
import { LegalPage } from "#app/components/pitch/legal-body.tsx";

export const meta: MetaFunction = () =>
  pageMeta({ title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });

export default function TermsOfService() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
