import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { methodNotAllowed } from "#server/http/json.ts";
import { issuancesOf } from "#server/issuance/history.ts";

/** GET /api/wallet/issuances: where the signed-in person's credentials went (this wallet, other wallet apps), newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await issuancesOf(context.db, user.id), { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
