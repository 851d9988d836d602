import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deferredCredentialEndpoint } from "#server/issuance/deferred.ts";
import { answerOAuth, issuerContext, postOnly, unknownIssuer } from "#server/issuance/http.ts";

/** POST /issuers/{id}/deferred-credential: a credential whose record was pending, once it is complete (OpenID4VCI 1.0 section 9). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const issuer = await issuerContext(context, request, params.id);
  return issuer ? answerOAuth(() => deferredCredentialEndpoint(request, issuer)) : unknownIssuer();
}

export const loader = postOnly;
