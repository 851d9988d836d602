import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages } from "react-intl";
import { routeMeta } from "#app/components/meta.ts";
import { PortalRefused } from "#app/components/verifier/portal-refused.tsx";
import { VerifierPortal } from "#app/components/verifier/verifier-portal.tsx";
import { PRIVATE } from "#server/http/security.ts";
import { portalAccess } from "#server/verification/portal-access.ts";
import { portalPageData } from "#server/verification/portal-pages.ts";
import { screenLocale } from "#server/verification/screen-locale.ts";

/**
 * /verifier and /verifier-portal (spec 000 §2 "Verifier Portal"; remix.config.js maps both paths
 * to this module): signed-in verifiers of a registered organisation. Visitors are sent to /login;
 * anyone else gets a 403 page saying why. The recent checks, the usage chart and the API keys are
 * read from the organisation's record (server/verification/portal-pages.ts); everything the page
 * does goes through the verifier API.
 */
const messages = defineMessages({
  title: { id: "verifier.route.portalTitle", defaultMessage: "Verifier Portal" },
  description: {
    id: "verifier.route.portalDescription",
    defaultMessage: "Check credentials by QR code or by request, and keep the record of every check.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await portalAccess(request, context);
  if (!access.ok) return json({ refused: access.refused } as const, { status: 403, headers: PRIVATE });
  const page = await portalPageData(context.db, access.organisation, new Date(), await screenLocale(request, context));
  return json({ refused: null, ...page }, { headers: PRIVATE });
}

export default function VerifierPortalRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) return <PortalRefused refused={data.refused} />;
  return <VerifierPortal {...data} />;
}
