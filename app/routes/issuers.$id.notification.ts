import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { notificationEndpoint } from "#server/issuance/credential-endpoint.ts";
import { answerOAuth, issuerContext, postOnly, unknownIssuer } from "#server/issuance/http.ts";

/** POST /issuers/{id}/notification: what the wallet did with an issuance (OpenID4VCI 1.0 section 11). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const issuer = await issuerContext(context, request, params.id);
  return issuer ? answerOAuth(() => notificationEndpoint(request, issuer)) : unknownIssuer();
}

export const loader = postOnly;
