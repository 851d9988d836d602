import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { revokeOwnAppCopies } from "#server/issuance/wallet-apps-page.ts";

/**
 * POST /api/wallet/issuances/{id}/revoke: the signed-in person revokes the copies of one of their
 * issuances held in another wallet app. 200 {revoked}; 404 for one that is not theirs.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  try {
    const result = await revokeOwnAppCopies(context, request, user, params.id ?? "");
    return json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
