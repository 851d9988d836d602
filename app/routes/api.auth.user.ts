import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { methodNotAllowed } from "#server/http/json.ts";

/** Spec 000 §7 GET /api/auth/user: the signed-in user (never the password hash) or a 401. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  return json(user, { headers: { "Cache-Control": "no-store" } });
}

export function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
