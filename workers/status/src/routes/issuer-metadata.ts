import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import * as z from "zod";
import { buildJwks, type PublicJwk } from "#core/credentials/index.ts";
import { ISSUER_IDS, type IssuerId, issuerUrl, publicBaseUrl, statusIssuerUrl } from "#core/issuers/registry.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import { METADATA_MAX_AGE_SECONDS, type StatusApp } from "#workers/status/src/app.ts";

/** An authority's id in a path: any other value names nothing (a 404). */
export const IssuerParam = z.object({ id: z.enum(ISSUER_IDS as [string, ...string[]]) });

const metadata = (issuer: string, keys: readonly PublicJwk[]) => ({ issuer, jwks: buildJwks([...keys]) });
const CACHED = { "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}` };

/**
 * GET /.well-known/jwt-vc-issuer/issuers/{id}: the authority's issuer metadata with its JWKS
 * (SD-JWT VC section 4). `issuer` is exactly the `iss` its credentials carry; the JWKS lists its
 * credential keys alone: one, or two during a rotation (the new one published before it signs, the
 * old one until its credentials have expired).
 * GET /.well-known/jwt-vc-issuer/status/issuers/{id}: the same for the authority's status lists,
 * whose `iss` is its status issuer: the JWKS lists its status-list keys alone. Kept apart so that no
 * verifier reading our metadata accepts a credential signed with a key the status worker holds
 * (ADR 028).
 */
export const issuerMetadata = new Hono<StatusApp>()
  .get("/issuers/:id", zValidator("param", IssuerParam, notFound), (c) => {
    const id = c.req.valid("param").id as IssuerId;
    const keys = c.var.trust.credentialKeys.get(id);
    if (!keys?.length) throw new Error(`no credential key for ${id}`);
    return c.json(metadata(issuerUrl(publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url), id), keys), 200, CACHED);
  })
  .get("/status/issuers/:id", zValidator("param", IssuerParam, notFound), (c) => {
    const id = c.req.valid("param").id as IssuerId;
    const keys = c.var.trust.statusListKeys.get(id);
    if (!keys?.length) throw new Error(`no status-list key for ${id}`);
    return c.json(
      metadata(statusIssuerUrl(publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url), id), keys),
      200,
      CACHED,
    );
  });
