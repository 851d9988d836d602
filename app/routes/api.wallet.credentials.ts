import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listWalletCredentials } from "~/services/credentials.server";
import { requireUser } from "~/utils/auth.server";
import { methodNotAllowed } from "~/utils/json-api.server";

/** GET /api/wallet/credentials (spec 000 §7): the signed-in user's own credentials, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const list = await listWalletCredentials(context.db, user.id);
  return json(list, { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
