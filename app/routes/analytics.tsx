import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AnalyticsDashboard } from "#app/components/analytics/analytics-dashboard.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { RefusedPage } from "#app/components/ui/refused-page.tsx";
import { requireUser } from "#server/accounts/authentication.ts";
import { auditRefusal, can } from "#server/accounts/permissions.ts";
import { PRIVATE } from "#server/http/security.ts";

/**
 * /analytics (spec 000 §2 "Analytics dashboard"; issue 12): administrators only. Visitors are sent
 * to /login; anyone else gets a 403 page saying why (audited, as the API's refusals are). The
 * figures themselves are read by the page from /api/analytics/*, which checks the same permission.
 */
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Analytics Dashboard",
    description: "Traffic, response times, errors and logs of the service, for administrators.",
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!can(user, "view:analytics")) {
    auditRefusal(request, context, user, "view:analytics");
    return json({ refused: true } as const, { status: 403, headers: PRIVATE });
  }
  return json({ refused: false } as const, { headers: PRIVATE });
}

export default function AnalyticsRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) {
    return (
      <RefusedPage
        title="Analytics Dashboard"
        heading="Only administrators can use the analytics dashboard"
        testId="analytics-refused"
      >
        <p>
          The dashboard shows the service's traffic, response times, errors, logs and security audit log, which include
          details of other people's visits and sign-ins, so it is open to administrators only. If you need these figures
          for your work, ask an administrator.
        </p>
      </RefusedPage>
    );
  }
  return <AnalyticsDashboard />;
}
