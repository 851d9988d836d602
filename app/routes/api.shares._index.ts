import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { methodNotAllowed } from "#server/http/json.ts";
import { listShares } from "#server/shares/shares.ts";

/** GET /api/shares: the signed-in user's shares, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await listShares(context.db, user.id), { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
