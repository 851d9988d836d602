import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { recordProgress, requireTrackedSession, SessionEndBody, trackingAnswer } from "#server/analytics/sessions.ts";

/**
 * Spec 000 §7 POST /api/session/end: sign out waits for this to succeed before logging out. The end
 * time is the server's; an end after an end changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const tracked = await requireTrackedSession(request, context);
  const body = await parseBody(request, SessionEndBody);
  if (tracked) await recordProgress(request, context, tracked, { duration: body.duration, pageViews: body.pageViews, endedAt: new Date() });
  return trackingAnswer(tracked);
}

export function loader() {
  return methodNotAllowed("POST");
}
