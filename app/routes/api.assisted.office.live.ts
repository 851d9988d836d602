import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { officeLive } from "#server/assisted/live.ts";

/** GET /api/assisted/office/live: a WebSocket to the office's board (changes, and calls for a supervisor). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return officeLive(request, context);
}
