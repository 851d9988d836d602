import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "#app/components/meta.ts";
import {
  HISTORY_PAGE_SIZE,
  type HistoryFilters,
  HistoryPage,
  historyRow,
} from "#app/components/verifier/history-page.tsx";
import { portalAccess, refusedResponse } from "#app/components/verifier/portal-access.server.ts";
import { PortalRefused } from "#app/components/verifier/portal-refused.tsx";
import { isCheckType } from "#core/verification/checks.ts";
import { RESULT_KINDS, type ResultKind } from "#core/verification/reasons.ts";
import { PRIVATE } from "#server/http/security.ts";
import { verificationHistory } from "#server/verification/records.ts";

/**
 * /verifier/history (View All from the portal's Recent Verifications): the organisation's record,
 * `?page`, `?result` (valid, invalid, expired) and `?type` (rtw, rtr, dbs, age); anything else in
 * them reads as "all" and the first page. Who may see it is decided as for the portal.
 */
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Verification History",
    description: "Every verification your organisation has made, filtered and paged.",
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const access = await portalAccess(request, context);
  if (!access.ok) return refusedResponse(access.refused);
  const params = new URL(request.url).searchParams;
  const resultParam = params.get("result");
  const typeParam = params.get("type");
  const filters: HistoryFilters = {
    result: RESULT_KINDS.includes(resultParam as ResultKind) ? (resultParam as ResultKind) : "all",
    type: isCheckType(typeParam) ? typeParam : "all",
  };
  const asked = Number.parseInt(params.get("page") ?? "1", 10);
  const query = {
    organisationId: access.organisation.id,
    result: filters.result === "all" ? undefined : filters.result,
    checkType: filters.type === "all" ? undefined : filters.type,
    pageSize: HISTORY_PAGE_SIZE,
  };
  let history = await verificationHistory(context.db, {
    ...query,
    page: Number.isSafeInteger(asked) && asked >= 1 ? Math.min(asked, 10_000) : 1,
  });
  const pages = Math.max(1, Math.ceil(history.total / HISTORY_PAGE_SIZE));
  // A page past the end (the record shrank under a filter, or a hand-typed address): the last one.
  if (history.page > pages) history = await verificationHistory(context.db, { ...query, page: pages });
  return json(
    {
      refused: null,
      organisation: { id: access.organisation.id, name: access.organisation.name },
      entries: history.entries.map(historyRow),
      total: history.total,
      page: history.page,
      pages,
      filters,
    },
    { headers: PRIVATE },
  );
}

export default function VerificationHistoryRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.refused) return <PortalRefused refused={data.refused} title="Verification History" />;
  return <HistoryPage {...data} />;
}
