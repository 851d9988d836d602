import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { authorizationServerContext } from "#server/issuance/http.ts";
import { OAuthError, oauthErrorResponse, oauthJson } from "#server/issuance/oauth-error.ts";
import { credentialOfferDocument } from "#server/issuance/offers.ts";

/**
 * GET /oauth/offers/{id}: a credential offer by reference (OpenID4VCI 1.0 section 4.1.3), as JSON,
 * never cached; 404 once it is used, void or expired.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const keys = authorizationServerContext(context, request);
  const offer = await credentialOfferDocument(keys, params.id ?? "", requestLocale(request), keys.now);
  return offer
    ? oauthJson(offer)
    : oauthErrorResponse(new OAuthError("invalid_request", "this offer is unknown, used, void or expired", 404));
}

export function action() {
  return oauthErrorResponse(new OAuthError("invalid_request", "this endpoint takes GET", 405, { Allow: "GET" }));
}
