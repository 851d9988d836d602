import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { recordProgress, requireTrackedSession, SessionSyncBody, trackingAnswer } from "#server/analytics/sessions.ts";

/**
 * Spec 000 §7 POST /api/session/sync: the visit's duration, page views and actions so far (the
 * client sends it only when there is pending data or when forced). userPreferences and formData
 * are validated and dropped (SessionSyncBody says why).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const tracked = await requireTrackedSession(request, context);
  const body = await parseBody(request, SessionSyncBody);
  if (tracked) {
    const { sessionData, sessionMetrics } = body;
    await recordProgress(request, context, tracked, { duration: sessionData.duration, pageViews: sessionMetrics.pageViews, actions: sessionMetrics.actions });
  }
  return trackingAnswer(tracked);
}

export function loader() {
  return methodNotAllowed("POST");
}
