import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordProgress, SessionEmergencyEndBody, trackingCall } from "#server/analytics/sessions.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/**
 * Spec 000 §7 POST /api/session/emergency-end: navigator.sendBeacon on page unload. A beacon of a
 * string arrives as text/plain (a Blob as its own type), so the body is read as JSON whatever the
 * Content-Type says. Same-origin beacons carry Origin and pass the cross-site refusal; another
 * site's cannot. A later start from the same login (a reload) reopens the row.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return trackingCall(request, context, SessionEmergencyEndBody, (tracked, body) =>
    recordProgress(request, context, tracked, { duration: body.duration, endedAt: new Date() }),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
