import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { nonceEndpoint } from "#server/issuance/credential-endpoint.ts";
import { answerOAuth, issuerContext, postOnly, unknownIssuer } from "#server/issuance/http.ts";

/** POST /issuers/{id}/nonce: a fresh c_nonce for the wallet's proofs (OpenID4VCI 1.0 section 7). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const issuer = await issuerContext(context, request, params.id);
  return issuer ? answerOAuth(() => nonceEndpoint(issuer)) : unknownIssuer();
}

export const loader = postOnly;
