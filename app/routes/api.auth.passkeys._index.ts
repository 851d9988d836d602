import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { listPasskeys } from "#server/accounts/passkeys.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** GET /api/auth/passkeys (signed in; ADR 021): the signed-in person's own passkeys, oldest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(await listPasskeys(context.db, user.id), { headers: { "Cache-Control": "no-store" } });
}

export function action() {
  return methodNotAllowed("GET");
}
