import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requireTrackedSession, SessionStartBody, startSession, trackingAnswer } from "#server/analytics/sessions.ts";

/** Spec 000 §7 POST /api/session/start: sent once after login; a repeat changes nothing (server/analytics/sessions.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const tracked = await requireTrackedSession(request, context);
  const body = await parseBody(request, SessionStartBody);
  if (tracked) await startSession(request, context, tracked, body);
  return trackingAnswer(tracked);
}

export function loader() {
  return methodNotAllowed("POST");
}
