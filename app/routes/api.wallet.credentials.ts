import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { listWalletCredentials } from "#server/credentials/credentials.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/wallet/credentials (spec 000 §7): the signed-in user's own credentials, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const list = await listWalletCredentials(context.db, user.id);
  return json(list, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
