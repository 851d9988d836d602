import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { credentialEndpoint } from "#server/issuance/credential-endpoint.ts";
import { answerOAuth, issuerContext, postOnly, unknownIssuer } from "#server/issuance/http.ts";

/** POST /issuers/{id}/credential: the credential, one copy per proved key (OpenID4VCI 1.0 section 8). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const issuer = await issuerContext(context, request, params.id);
  return issuer ? answerOAuth(() => credentialEndpoint(request, issuer)) : unknownIssuer();
}

export const loader = postOnly;
