/**
 * POST /oauth/token (RFC 6749 3.2, OpenID4VCI 1.0 section 6; ADR 045): the pre-authorized code
 * grant, with a DPoP proof that the token is then bound to. Order matters for a person's offer:
 * the proof (and its nonce) is checked before the offer is touched, so a wallet's first request,
 * refused with use_dpop_nonce and sent again, never counts as a wrong transaction code.
 */
import { authorizationServerEndpoints, PRE_AUTHORIZED_GRANT } from "#core/issuance/endpoints.ts";
import type { Database } from "#db/client.ts";
import { readBodyBytes } from "#server/http/body.ts";
import { checkDpopProof, newDpopNonce } from "./dpop.ts";
import { OAuthError, oauthJson } from "./oauth-error.ts";
import { redeemPreAuthorizedCode } from "./offers.ts";
import { mintAccessToken } from "./tokens.ts";

export interface AuthorizationServerContext {
  db: Database;
  secret: string;
  base: string;
  now: Date;
}

/** The authorization server's DPoP nonces are its own (RFC 9449 section 9): a resource's are not accepted here. */
const AS_NONCE_AUDIENCE = "as";
const MAX_FORM_BYTES = 8 * 1024;

/**
 * The form's parameters; every refusal an OAuthError. A parameter sent twice is refused (RFC 6749
 * 3.2); one we do not know is ignored, as the specifications require (the library we test against
 * sends the draft's user_pin beside tx_code).
 */
async function readTokenForm(request: Request): Promise<Map<string, string>> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "the body must be application/x-www-form-urlencoded");
  }
  const read = await readBodyBytes(request, MAX_FORM_BYTES);
  if (!read.ok) {
    throw new OAuthError(
      "invalid_request",
      "the body is too large or could not be read",
      read.reason === "too-large" ? 413 : 400,
    );
  }
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(read.bytes))) {
    if (params.has(name))
      throw new OAuthError("invalid_request", `${name.slice(0, 40).replace(/[^\x20-\x7e]/g, "?")} is repeated`);
    params.set(name, value);
  }
  return params;
}

export async function tokenEndpoint(request: Request, context: AuthorizationServerContext): Promise<Response> {
  const { db, secret, base, now } = context;
  const params = await readTokenForm(request);
  const grantType = params.get("grant_type");
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
  if (grantType !== PRE_AUTHORIZED_GRANT) {
    throw new OAuthError("unsupported_grant_type", "this authorization server takes the pre-authorized code grant");
  }

  const proof = await checkDpopProof(request, {
    db,
    secret,
    audience: AS_NONCE_AUDIENCE,
    method: "POST",
    url: authorizationServerEndpoints(base).token,
    now,
  });
  if (!proof.ok) {
    const nonce =
      proof.error === "use_dpop_nonce"
        ? { "DPoP-Nonce": await newDpopNonce(secret, AS_NONCE_AUDIENCE, now) }
        : undefined;
    throw new OAuthError(proof.error, proof.description, 400, nonce);
  }

  const code = params.get("pre-authorized_code");
  if (!code) throw new OAuthError("invalid_request", "pre-authorized_code is required");
  const offer = await redeemPreAuthorizedCode(
    { db, secret, base },
    { code, txCode: params.get("tx_code") ?? null, resource: params.get("resource") ?? null, now },
  );
  const clientId = params.get("client_id")?.slice(0, 200) ?? null;
  const { accessToken, expiresIn } = await mintAccessToken(
    db,
    {
      userId: offer.userId,
      issuerId: offer.issuerId,
      configurationIds: offer.configurationIds,
      jkt: proof.jkt,
      clientId,
      offerId: offer.id,
    },
    now,
  );
  return oauthJson({ access_token: accessToken, token_type: "DPoP", expires_in: expiresIn }, 200, {
    "DPoP-Nonce": await newDpopNonce(secret, AS_NONCE_AUDIENCE, now),
  });
}
