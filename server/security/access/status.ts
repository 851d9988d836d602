import { EVERYONE, type HonoEndpoint } from "#server/security/access-table.ts";

// The status worker (Hono; ADR 011): public verification material. It reads no session and no key.

const status = (path: string, note?: string): HonoEndpoint => ({
  worker: "status",
  method: "GET",
  path,
  access: EVERYONE,
  ...(note ? { note } : {}),
});

export const STATUS_ENDPOINTS: readonly HonoEndpoint[] = [
  status("/status/health"),
  status("/status/lists/:id", "a signed statuslist+jwt: revoked or not, by index, for any verifier"),
  status("/status/lists/:id/x509", "the same list signed ES256 with an x5c chain, for HAIP's credentials (ADR 047)"),
  status("/.well-known/jwt-vc-issuer/issuers/:id", "issuer metadata with its credential key"),
  status("/.well-known/jwt-vc-issuer/status/issuers/:id", "status issuer metadata with its status-list key"),
  status("/vct/:slug", "credential type metadata"),
  status("/.well-known/openid-credential-issuer/issuers/:id", "an authority's OpenID4VCI credential issuer metadata"),
  status("/.well-known/oauth-authorization-server", "the platform's authorization server metadata"),
];
