/**
 * What the authorization server's two POST endpoints (the token endpoint and the pushed
 * authorization request endpoint; ADR 045) read the same way: a form body, and a DPoP proof checked
 * against the authorization server's own nonces.
 */
import { checkDpopProof, newDpopNonce } from "./dpop.ts";
import { OAuthError } from "./oauth-error.ts";
import type { AuthorizationServerContext } from "./token-endpoint.ts";
import { readBodyOf } from "./wallet-bodies.ts";

/** The authorization server's DPoP nonces are its own (RFC 9449 section 9): a resource's are not accepted here. */
export const AS_NONCE_AUDIENCE = "as";
const MAX_FORM_BYTES = 8 * 1024;

/**
 * The form's parameters; every refusal an OAuthError. A parameter sent twice is refused (RFC 6749
 * 3.1, 3.2); one we do not know is ignored, as the specifications require (the library we test
 * against sends the draft's user_pin beside tx_code).
 */
export async function readOAuthForm(request: Request): Promise<Map<string, string>> {
  const text = await readBodyOf(request, "application/x-www-form-urlencoded", MAX_FORM_BYTES, "invalid_request");
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (params.has(name))
      throw new OAuthError("invalid_request", `${name.slice(0, 40).replace(/[^\x20-\x7e]/g, "?")} is repeated`);
    params.set(name, value);
  }
  return params;
}

/**
 * The request's DPoP proof for the authorization server's endpoint at `url`: the thumbprint of its
 * key, or the refusal (use_dpop_nonce with a fresh nonce, so a wallet learns it in one round trip).
 * With `optional`, a request with no proof at all is let through (null).
 */
export async function authorizationServerProof(
  request: Request,
  context: AuthorizationServerContext,
  url: string,
  { optional = false } = {},
): Promise<string | null> {
  const { db, secret, now } = context;
  if (optional && request.headers.get("DPoP") === null) return null;
  const proof = await checkDpopProof(request, { db, secret, audience: AS_NONCE_AUDIENCE, method: "POST", url, now });
  if (proof.ok) return proof.jkt;
  const nonce =
    proof.error === "use_dpop_nonce" ? { "DPoP-Nonce": await newDpopNonce(secret, AS_NONCE_AUDIENCE, now) } : undefined;
  throw new OAuthError(proof.error, proof.description, 400, nonce);
}
