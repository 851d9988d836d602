import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { authorizationServerMetadata, credentialIssuerMetadata } from "#core/issuance/metadata.ts";
import { type IssuerId, publicBaseUrl } from "#core/issuers/registry.ts";
import { offersHaip } from "#server/credentials/issuer-keys.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import { METADATA_MAX_AGE_SECONDS, type StatusApp } from "#workers/status/src/app.ts";
import { IssuerParam } from "./issuer-metadata.ts";

const CACHED = { "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}` };

/**
 * GET /.well-known/openid-credential-issuer/issuers/{id}: the authority's Credential Issuer
 * Metadata (OpenID4VCI 1.0 section 12.2.2: the well-known segment between the host and the
 * identifier's path), naming as `credential_issuer` the identifier a wallet built this URL from.
 */
export const credentialIssuerMetadataRoutes = new Hono<StatusApp>().get(
  "/issuers/:id",
  zValidator("param", IssuerParam, notFound),
  (c) => {
    const base = publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url);
    const id = c.req.valid("param").id as IssuerId;
    return c.json(credentialIssuerMetadata(base, id, offersHaip(c.var.trust)), 200, CACHED);
  },
);

/** GET /.well-known/oauth-authorization-server: the platform's Authorization Server Metadata (RFC 8414 section 3). */
export const authorizationServerMetadataRoutes = new Hono<StatusApp>().get("/", (c) => {
  const base = publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url);
  return c.json(authorizationServerMetadata(base, offersHaip(c.var.trust)), 200, CACHED);
});
