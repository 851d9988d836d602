import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, useIntl } from "react-intl";
import { routeMeta } from "#app/components/meta.ts";
import { ApiDocsPage } from "#app/components/verifier/api-docs-page.tsx";
import { PortalRefused } from "#app/components/verifier/portal-refused.tsx";
import { publicOrigin } from "#core/issuers/registry.ts";
import { PRIVATE } from "#server/http/security.ts";
import { apiDocsFor } from "#server/verification/api-docs.ts";
import { verifierRole } from "#server/verification/portal-access.ts";

/**
 * /verifier/api-docs (the portal's Documentation row): the Verifier API's OpenAPI document
 * (GET /api/verifications/openapi.json, built by the same function) as a readable page. Signed-in
 * verifiers and administrators, with or without an organisation; anyone else gets the portal's 403.
 */
const messages = defineMessages({
  title: { id: "verifier.route.apiDocsTitle", defaultMessage: "API Documentation" },
  description: {
    id: "verifier.route.apiDocsDescription",
    defaultMessage: "The Verifier API: every operation, what it needs and what it answers.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const person = await verifierRole(request, context);
  if (!person.ok) return json({ refused: person.refused } as const, { status: 403, headers: PRIVATE });
  const origin = publicOrigin(context.env.PUBLIC_BASE_URL, request.url);
  return json({ refused: null, docs: apiDocsFor(origin) }, { headers: PRIVATE });
}

export default function ApiDocsRoute() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  if (data.refused) return <PortalRefused refused={data.refused} title={intl.formatMessage(messages.title)} />;
  return <ApiDocsPage docs={data.docs} />;
}
