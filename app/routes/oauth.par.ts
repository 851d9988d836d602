import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { pushAuthorizationRequest } from "#server/issuance/authorization.ts";
import { answerOAuth, authorizationServerContext, postOnly } from "#server/issuance/http.ts";

/** POST /oauth/par: the platform's pushed authorization request endpoint (RFC 9126; ADR 045). */
export function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  return answerOAuth(() => pushAuthorizationRequest(request, authorizationServerContext(context, request)));
}

export const loader = postOnly;
