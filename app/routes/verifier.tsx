import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "#app/components/meta.ts";
import { portalAccess, refusedResponse } from "#app/components/verifier/portal-access.server.ts";
import { PortalRefused } from "#app/components/verifier/portal-refused.tsx";
import { verificationRow } from "#app/components/verifier/recent-verifications.tsx";
import { VerifierPortal } from "#app/components/verifier/verifier-portal.tsx";
import { PRIVATE } from "#server/http/security.ts";
import { listApiKeys } from "#server/verification/organisations.ts";
import { usageByDay, verificationHistory } from "#server/verification/records.ts";

/**
 * /verifier and /verifier-portal (spec 000 §2 "Verifier Portal"; remix.config.js maps both paths
 * to this module): signed-in verifiers of a registered organisation. Visitors are sent to /login;
 * anyone else gets a 403 page saying why. The recent checks, the usage chart and the API keys are
 * read from the organisation's record here; everything the page does goes through the verifier API.
 */
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Verifier Portal",
    description: "Check credentials by QR code or by request, and keep the record of every check.",
  });

/** How many checks Recent Verifications shows, and the days Usage Analytics covers. */
const RECENT_COUNT = 5;
const USAGE_DAYS = 14;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await portalAccess(request, context);
  if (!access.ok) return refusedResponse(access.refused);
  const { organisation } = access;
  const now = new Date();
  const [recent, usage, apiKeys] = await Promise.all([
    verificationHistory(context.db, { organisationId: organisation.id, page: 1, pageSize: RECENT_COUNT }),
    usageByDay(context.db, organisation.id, now, USAGE_DAYS),
    listApiKeys(context.db, organisation.id),
  ]);
  return json(
    {
      refused: null,
      organisation: {
        id: organisation.id,
        name: organisation.name,
        allowedChecks: organisation.allowedChecks as string[],
      },
      recent: recent.entries.map(verificationRow),
      recentTotal: recent.total,
      usage,
      apiKeys,
      now: now.toISOString(),
    },
    { headers: PRIVATE },
  );
}

export default function VerifierPortalRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) return <PortalRefused refused={data.refused} />;
  return <VerifierPortal {...data} />;
}
