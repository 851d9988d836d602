/**
 * The refusals of the OAuth and OpenID4VCI endpoints (ADR 045): the error codes the specifications
 * name (RFC 6749 5.2, RFC 6750 3, RFC 9449, OpenID4VCI 1.0 6.3, 8.3.1.2, 11.3), as JSON a wallet
 * reads, never a 5xx for what a client sent. `error_description` is for the wallet's developer, not
 * the person: the specifications restrict it to ASCII, so it is English and stays out of the
 * catalogs; a wallet words the refusal for its own user from the code.
 */

/** A refusal at the authorization server (token endpoint): a JSON body, 400 unless said. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error}: ${description}`);
  }
}

/**
 * A refusal at a protected resource (nonce-free credential, deferred and notification endpoints)
 * about the access token or its DPoP proof: 401 (403 for a scope) with the DPoP challenge in
 * WWW-Authenticate (RFC 9449 7.1, RFC 6750 3). `error` is absent when no token was sent at all.
 */
export class ResourceAuthError extends Error {
  constructor(
    readonly error: "invalid_token" | "invalid_dpop_proof" | "use_dpop_nonce" | "insufficient_scope" | null,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${error ?? "no token"}: ${description}`);
  }
}

/** What every answer of these endpoints carries: never cached (VCI 6.2, 7.2, 8.3), readable by browser wallets. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * Browser-based wallets on other origins call these endpoints (ADR 045): any origin may read the
 * answers, which carry no cookie and nothing a bearer of the request did not already hold.
 */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "DPoP-Nonce, WWW-Authenticate",
} as const;

/** The answer to a CORS preflight for an endpoint a wallet posts to with DPoP. */
export function preflight(methods: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      "Access-Control-Allow-Methods": methods,
      "Access-Control-Allow-Headers": "Authorization, Content-Type, DPoP",
      "Access-Control-Max-Age": "600",
    },
  });
}

/** A JSON answer with the endpoints' headers. */
export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...CORS_HEADERS, ...headers } });
}

/** The allowed DPoP algorithms, as the challenge names them. */
const DPOP_ALGS = "ES256 EdDSA";

/** Any refusal these endpoints throw, as the response the specifications give it; other errors are rethrown. */
export function oauthErrorResponse(error: unknown): Response {
  if (error instanceof OAuthError) {
    return oauthJson({ error: error.error, error_description: error.description }, error.status, error.headers);
  }
  if (error instanceof ResourceAuthError) {
    const challenge = error.error
      ? `DPoP error="${error.error}", error_description="${error.description}", algs="${DPOP_ALGS}"`
      : `DPoP algs="${DPOP_ALGS}"`;
    return new Response(null, {
      status: error.error === "insufficient_scope" ? 403 : 401,
      headers: { ...NO_STORE, ...CORS_HEADERS, ...error.headers, "WWW-Authenticate": challenge },
    });
  }
  throw error;
}
