import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { gabrielCall, queueView } from "#server/gabriel/api.ts";

/** GET /api/gabriel/hitl: the human-review queue, open items first (administrators, operators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return gabrielCall(request, context, "review:hitl", async (gabriel) => queueView((await gabriel.overview()).items));
}
