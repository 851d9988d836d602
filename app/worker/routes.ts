import { authorizationServerEndpoints, issuerEndpoints } from "#core/issuance/endpoints.ts";
import { ISSUER_IDS } from "#core/issuers/registry.ts";
import type { ForwardRoute } from "#server/worker/forward.ts";
import type { WebEnv } from "./env.ts";

/**
 * Paths other workers own, which the web worker (the one origin browsers talk to) forwards to
 * them. Everything else is Remix's. New owners add an entry here.
 */
export const FORWARDED_ROUTES: readonly ForwardRoute<WebEnv>[] = [
  {
    // Status lists, issuer metadata with keys, credential type metadata (ADR 011); the OpenID4VCI
    // credential issuer metadata and the authorization server's metadata (RFC 8414), a whole path.
    service: "Status service",
    prefixes: [
      "/status/",
      "/.well-known/jwt-vc-issuer/",
      "/vct/",
      "/.well-known/openid-credential-issuer/",
      "/.well-known/oauth-authorization-server",
    ],
    target: (env) => env.STATUS,
  },
  {
    // OpenID4VP requests and responses, validation, the verification record (docs/decisions/015).
    service: "Verifier service",
    prefixes: ["/api/presentations/", "/api/verifications/"],
    target: (env) => env.VERIFIER,
  },
];

/** Any base: only the paths are kept. */
const LOCAL = "https://localhost";

/**
 * The OpenID4VCI endpoints wallets post to (ADR 045): the token and pushed authorization request
 * endpoints, and each authority's nonce, credential, deferred credential and notification
 * endpoints. They read no cookies: a pre-authorized code or authorization code, or a DPoP-bound
 * access token, is what authorises them (a pushed request authorises nothing until the person
 * approves it at /oauth/authorize). Browser wallets on other origins reach them (CORS).
 */
export const WALLET_ENDPOINTS: ReadonlySet<string> = new Set([
  new URL(authorizationServerEndpoints(LOCAL).token).pathname,
  new URL(authorizationServerEndpoints(LOCAL).pushedAuthorizationRequest).pathname,
  ...ISSUER_IDS.flatMap((id) => {
    const { nonce, credential, deferredCredential, notification } = issuerEndpoints(LOCAL, id);
    return [nonce, credential, deferredCredential, notification].map((url) => new URL(url).pathname);
  }),
]);

/**
 * The mutations exempt from the cross-site refusal: OpenID4VP's response_uri, where wallets on
 * other devices and origins post their answers, authenticated by the request's `state` alone
 * (docs/decisions/015), and the issuance endpoints above. None reads a cookie.
 */
const CROSS_SITE_ENDPOINTS: ReadonlySet<string> = new Set(["/api/presentations/response", ...WALLET_ENDPOINTS]);

/**
 * The answers a page posts after asking through the browser's Digital Credentials API (ADR 054),
 * from the platform's own page or from an organisation's registered website: authenticated by the
 * request's key and judged against its expected_origins by the verifier; no cookie read.
 */
const DC_API_ANSWER = /^\/api\/presentations\/requests\/[0-9a-f-]{36}\/dc-api$/;

/** Whether a mutation at `pathname` may come from another site (the refusal does not apply). */
export const isCrossSiteEndpoint = (pathname: string): boolean =>
  CROSS_SITE_ENDPOINTS.has(pathname) || DC_API_ANSWER.test(pathname);
