import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sessionLive } from "#server/assisted/live.ts";

/** GET /api/assisted/sessions/{id}/live: a WebSocket to the session's object (the state, then every change). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return sessionLive(request, context, params.id ?? "");
}
