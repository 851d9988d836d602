import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, useIntl } from "react-intl";
import { AnalyticsDashboard } from "#app/components/analytics/analytics-dashboard.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { RefusedPage } from "#app/components/ui/refused-page.tsx";
import { requireUser } from "#server/accounts/authentication.ts";
import { auditRefusal, can } from "#server/accounts/permissions.ts";
import { PRIVATE } from "#server/http/security.ts";

/** The document's title and description (and the refusal page's title). */
const metaMessages = defineMessages({
  title: { id: "analytics.route.title", defaultMessage: "Analytics Dashboard" },
  description: {
    id: "analytics.route.description",
    defaultMessage: "Traffic, response times, errors and logs of the service, for administrators.",
  },
});

const messages = defineMessages({
  refusedHeading: {
    id: "analytics.route.refusedHeading",
    defaultMessage: "Only administrators can use the analytics dashboard",
  },
  refusedBody: {
    id: "analytics.route.refusedBody",
    defaultMessage:
      "The dashboard shows the service's traffic, response times, errors, logs and security audit log, which include details of other people's visits and sign-ins, so it is open to administrators only. If you need these figures for your work, ask an administrator.",
  },
});

/**
 * /analytics (spec 000 §2 "Analytics dashboard"; issue 12): administrators only. Visitors are sent
 * to /login; anyone else gets a 403 page saying why (audited, as the API's refusals are). The
 * figures themselves are read by the page from /api/analytics/*, which checks the same permission.
 */
export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, metaMessages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!can(user, "view:analytics")) {
    auditRefusal(request, context, user, "view:analytics");
    return json({ refused: true } as const, { status: 403, headers: PRIVATE });
  }
  return json({ refused: false } as const, { headers: PRIVATE });
}

export default function AnalyticsRoute() {
  const intl = useIntl();
  const data = useLoaderData<typeof loader>();
  if (data.refused) {
    return (
      <RefusedPage
        title={intl.formatMessage(metaMessages.title)}
        heading={intl.formatMessage(messages.refusedHeading)}
        testId="analytics-refused"
      >
        <p>{intl.formatMessage(messages.refusedBody)}</p>
      </RefusedPage>
    );
  }
  return <AnalyticsDashboard />;
}
