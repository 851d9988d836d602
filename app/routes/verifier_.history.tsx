import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, useIntl } from "react-intl";
import { routeMeta } from "#app/components/meta.ts";
import { HISTORY_PAGE_SIZE, HistoryPage } from "#app/components/verifier/history-page.tsx";
import { PortalRefused } from "#app/components/verifier/portal-refused.tsx";
import { isCheckType } from "#core/verification/checks.ts";
import { RESULT_KINDS, type ResultKind } from "#core/verification/reasons.ts";
import { PRIVATE } from "#server/http/security.ts";
import { portalAccess } from "#server/verification/portal-access.ts";
import { type HistoryFilters, historyPageData } from "#server/verification/portal-pages.ts";
import { screenLocale } from "#server/verification/screen-locale.ts";

/**
 * /verifier/history (View All from the portal's Recent Verifications): the organisation's record,
 * `?page`, `?result` (valid, invalid, expired) and `?type` (a check: CHECK_TYPES); anything else in
 * them reads as "all" and the first page. Who may see it is decided as for the portal.
 */
const messages = defineMessages({
  title: { id: "verifier.route.historyTitle", defaultMessage: "Verification History" },
  description: {
    id: "verifier.route.historyDescription",
    defaultMessage: "Every verification your organisation has made, filtered and paged.",
  },
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches, messages);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await portalAccess(request, context);
  if (!access.ok) return json({ refused: access.refused } as const, { status: 403, headers: PRIVATE });
  const params = new URL(request.url).searchParams;
  const resultParam = params.get("result");
  const typeParam = params.get("type");
  const filters: HistoryFilters = {
    result: RESULT_KINDS.includes(resultParam as ResultKind) ? (resultParam as ResultKind) : "all",
    type: isCheckType(typeParam) ? typeParam : "all",
  };
  const asked = Number.parseInt(params.get("page") ?? "1", 10);
  const page = await historyPageData(
    context.db,
    access.organisation,
    filters,
    asked,
    HISTORY_PAGE_SIZE,
    await screenLocale(request, context),
  );
  return json({ refused: null, ...page }, { headers: PRIVATE });
}

export default function VerificationHistoryRoute() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  if (data.refused) return <PortalRefused refused={data.refused} title={intl.formatMessage(messages.title)} />;
  return <HistoryPage {...data} />;
}
