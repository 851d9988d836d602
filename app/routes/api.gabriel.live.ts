import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { gabrielLive } from "#server/gabriel/api.ts";

/** GET /api/gabriel/live: the review queue and the controls, live (WebSocket). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return gabrielLive(request, context);
}
