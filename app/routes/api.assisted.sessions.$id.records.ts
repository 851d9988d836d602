import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { assistedCall, sessionRecords } from "#server/assisted/sessions.ts";

/** GET /api/assisted/sessions/{id}/records: the authorities' records step 4 would issue, for the operator to compare. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return assistedCall(request, context, (assisted, staff) => sessionRecords(assisted, staff, params.id ?? ""));
}
