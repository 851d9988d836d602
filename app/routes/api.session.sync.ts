import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordProgress, SessionSyncBody, trackingCall } from "#server/analytics/sessions.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/**
 * Spec 000 §7 POST /api/session/sync: the visit's duration, page views and actions so far (the
 * client sends it only when there is pending data or when forced). userPreferences and formData
 * are validated and dropped (SessionSyncBody says why).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return trackingCall(request, context, SessionSyncBody, (tracked, { sessionData, sessionMetrics }) =>
    recordProgress(request, context, tracked, {
      duration: sessionData.duration,
      pageViews: sessionMetrics.pageViews,
      actions: sessionMetrics.actions,
    }),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
