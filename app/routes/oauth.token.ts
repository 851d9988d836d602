import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answerOAuth, authorizationServerContext, postOnly } from "#server/issuance/http.ts";
import { tokenEndpoint } from "#server/issuance/token-endpoint.ts";

/** POST /oauth/token: the platform's token endpoint (RFC 6749, OpenID4VCI 1.0 section 6; ADR 045). */
export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  return answerOAuth(() => tokenEndpoint(request, authorizationServerContext(context, request)));
}

export const loader = postOnly;
