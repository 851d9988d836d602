import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { revokeOwnShare } from "#server/shares/shares.ts";

/** POST /api/shares/{id}/revoke: ends one of the user's own active shares at once (audited). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  try {
    return json(await revokeOwnShare(context, request, user, params.id ?? ""), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
