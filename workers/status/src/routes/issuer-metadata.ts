import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { buildJwks } from "#core/credentials/index.ts";
import { ISSUER_IDS, issuerUrl, publicBaseUrl } from "#core/issuers/registry.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import { METADATA_MAX_AGE_SECONDS, type StatusApp } from "#workers/status/src/app.ts";

const IssuerParam = z.object({ id: z.enum(ISSUER_IDS as [string, ...string[]]) });

/**
 * GET /.well-known/jwt-vc-issuer/issuers/{id}: the authority's issuer metadata with its JWKS
 * (SD-JWT VC section 4). `issuer` is exactly the `iss` its credentials carry.
 */
export const issuerMetadata = new Hono<StatusApp>().get(
  "/issuers/:id",
  zValidator("param", IssuerParam, notFound),
  (c) => {
    const id = c.req.valid("param").id as (typeof ISSUER_IDS)[number];
    const key = c.var.keys.get(id);
    if (!key) throw new Error(`no signing key for ${id}`);
    const base = publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url);
    return c.json({ issuer: issuerUrl(base, id), jwks: buildJwks([key.publicJwk]) }, 200, {
      "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}`,
    });
  },
);
