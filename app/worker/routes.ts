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

/**
 * The one mutation exempt from the cross-site refusal: OpenID4VP's response_uri, where wallets on
 * other devices and origins post their answers. It reads no cookies and is authenticated by the
 * request's `state` alone (docs/decisions/015).
 */
export const CROSS_SITE_ENDPOINTS: ReadonlySet<string> = new Set(["/api/presentations/response"]);
