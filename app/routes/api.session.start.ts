import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { SessionStartBody, startSession, trackingCall } from "#server/analytics/sessions.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** Spec 000 §7 POST /api/session/start: sent once after login; a repeat changes nothing (server/analytics/sessions.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  return trackingCall(request, context, SessionStartBody, (tracked, body) =>
    startSession(request, context, tracked, body),
  );
}

export function loader() {
  return methodNotAllowed("POST");
}
