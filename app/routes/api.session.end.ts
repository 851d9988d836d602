import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordProgress, SessionEndBody, trackingCall } from "#server/analytics/sessions.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/**
 * Spec 000 §7 POST /api/session/end: sign out waits for this to succeed before logging out. The end
 * time is the server's; an end after an end changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return trackingCall(request, context, SessionEndBody, (tracked, body) =>
    recordProgress(request, context, tracked, {
      duration: body.duration,
      pageViews: body.pageViews,
      endedAt: new Date(),
    }),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
