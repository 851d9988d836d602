/**
 * POST /oauth/token (RFC 6749 3.2, OpenID4VCI 1.0 section 6; ADR 045): the pre-authorized code
 * grant and the authorization code grant (server/issuance/authorization.ts), each with a DPoP proof
 * that the token is then bound to. Order matters for a person's offer: the proof (and its nonce)
 * is checked before the offer is touched, so a wallet's first request, refused with use_dpop_nonce
 * and sent again, never counts as a wrong transaction code.
 */
import {
  AUTHORIZATION_CODE_GRANT,
  authorizationServerEndpoints,
  PRE_AUTHORIZED_GRANT,
} from "#core/issuance/endpoints.ts";
import type { Database } from "#db/client.ts";
import { AS_NONCE_AUDIENCE, authorizationServerProof, readOAuthForm } from "./as-request.ts";
import { redeemAuthorizationCode } from "./authorization.ts";
import { newDpopNonce } from "./dpop.ts";
import { OAuthError, oauthJson } from "./oauth-error.ts";
import { redeemPreAuthorizedCode } from "./offers.ts";
import { mintAccessToken } from "./tokens.ts";

export interface AuthorizationServerContext {
  db: Database;
  secret: string;
  base: string;
  now: Date;
  /** Whether the platform issues HAIP's configurations too (ADR 047). */
  offersHaip: () => Promise<boolean>;
}

export async function tokenEndpoint(request: Request, context: AuthorizationServerContext): Promise<Response> {
  const { db, secret, base, now } = context;
  const params = await readOAuthForm(request);
  const grantType = params.get("grant_type");
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
  if (grantType !== PRE_AUTHORIZED_GRANT && grantType !== AUTHORIZATION_CODE_GRANT) {
    throw new OAuthError(
      "unsupported_grant_type",
      "this authorization server takes the pre-authorized code and authorization code grants",
    );
  }

  const jkt = (await authorizationServerProof(request, context, authorizationServerEndpoints(base).token))!;

  const grant =
    grantType === AUTHORIZATION_CODE_GRANT
      ? await redeemAuthorizationCode(context, params, jkt)
      : await preAuthorizedGrant(context, params);
  const { accessToken, expiresIn } = await mintAccessToken(db, { ...grant, jkt }, now);
  return oauthJson({ access_token: accessToken, token_type: "DPoP", expires_in: expiresIn }, 200, {
    "DPoP-Nonce": await newDpopNonce(secret, AS_NONCE_AUDIENCE, now),
  });
}

/** The pre-authorized code grant (VCI 6.1): the offer's person, issuer and configurations. */
async function preAuthorizedGrant(context: AuthorizationServerContext, params: Map<string, string>) {
  const { db, secret, base, now } = context;
  const code = params.get("pre-authorized_code");
  if (!code) throw new OAuthError("invalid_request", "pre-authorized_code is required");
  // Kept with the token and shown in the person's history: printable ASCII (RFC 6749 appendix A), bounded.
  const clientId = params.get("client_id") ?? null;
  if (clientId !== null && !/^[\x20-\x7e]{1,200}$/.test(clientId)) {
    throw new OAuthError("invalid_request", "client_id must be 1 to 200 printable ASCII characters");
  }
  const offer = await redeemPreAuthorizedCode(
    { db, secret, base },
    { code, txCode: params.get("tx_code") ?? null, resource: params.get("resource") ?? null, now },
  );
  return {
    userId: offer.userId,
    issuerId: offer.issuerId,
    configurationIds: offer.configurationIds,
    clientId,
    offerId: offer.id,
    authorizationId: null,
  };
}
