/**
 * What the issuance routes (app/routes/oauth.*, app/routes/issuers.*) share: the context each
 * endpoint runs in, built from the request, and the one way their refusals become responses.
 */
import { type IssuerId, isIssuerId, publicBaseUrl } from "#core/issuers/registry.ts";
import { type CredentialBindings, credentialContext, type TrustBindings } from "#server/credentials/context.ts";
import { loadDocumentSigner } from "#server/credentials/document-signer.ts";
import { loadIssuerTrust, offersHaip } from "#server/credentials/issuer-keys.ts";
import type { RequestContext } from "#server/worker/context.ts";
import type { IssuerContext } from "./credential-endpoint.ts";
import { OAuthError, oauthErrorResponse } from "./oauth-error.ts";
import type { OfferKeys } from "./offers.ts";
import type { AuthorizationServerContext } from "./token-endpoint.ts";

/** What the issuance endpoints need of the web worker's request context. */
type IssuanceRequestContext = Pick<RequestContext<CredentialBindings & { SESSION_SECRET: string }>, "env" | "db">;

/** The authorization server's context: the database, the worker secret its values are made under, the identifier base. */
export function authorizationServerContext(
  context: IssuanceRequestContext,
  request: Request,
): AuthorizationServerContext {
  return { ...offerKeysOf(context, request.url), now: new Date() };
}

/** What making an offer needs (server/issuance/offers.ts): the web wallet's and the assisted console's. */
export function offerKeysOf(
  context: Pick<RequestContext<TrustBindings & { SESSION_SECRET: string }>, "env" | "db">,
  requestUrl: string,
): OfferKeys {
  return {
    db: context.db,
    secret: context.env.SESSION_SECRET,
    base: publicBaseUrl(context.env.PUBLIC_BASE_URL, requestUrl),
    offersHaip: async () => offersHaip(await loadIssuerTrust(context.env.ISSUER_PUBLIC_KEYS)),
  };
}

/**
 * One authority's issuer context, or null for an id that names no authority (the route's 404). Its
 * keys are the web wallet's (credentialContext): the same keys, checked against the published ones.
 */
export async function issuerContext(
  context: IssuanceRequestContext,
  request: Request,
  id: string | undefined,
): Promise<IssuerContext | null> {
  if (!isIssuerId(id)) return null;
  const { keys, certifiedKeys } = await credentialContext(context, request.url);
  const documentSigner = () => loadDocumentSigner(context.env.MDOC_DOCUMENT_SIGNER_KEY);
  return {
    ...authorizationServerContext(context, request),
    keys,
    certifiedKeys,
    documentSigner,
    issuerId: id as IssuerId,
  };
}

/** Runs an endpoint: its OAuth refusals become their responses; anything else is the server's own failure. */
export async function answerOAuth(endpoint: () => Promise<Response>): Promise<Response> {
  try {
    return await endpoint();
  } catch (error) {
    if (error instanceof Response) throw error;
    return oauthErrorResponse(error);
  }
}

/** The 404 for an issuer path that names no authority, in the endpoints' own shape. */
export const unknownIssuer = () =>
  oauthErrorResponse(new OAuthError("invalid_request", "no such credential issuer", 404));

/** The 405 for any other method, with the CORS headers a browser wallet needs to read it. */
export const postOnly = () =>
  oauthErrorResponse(new OAuthError("invalid_request", "this endpoint takes POST", 405, { Allow: "POST" }));
