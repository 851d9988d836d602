import { Hono } from "hono";
import { credentialTypeBySlug, publicBaseUrl } from "#core/issuers/registry.ts";
import { typeMetadata } from "#core/issuers/type-metadata.ts";
import { METADATA_MAX_AGE_SECONDS, type StatusApp } from "#workers/status/src/app.ts";

/** GET /vct/{slug}: the credential type's metadata (SD-JWT VC section 6): names, claims, display. */
export const typeMetadataRoutes = new Hono<StatusApp>().get("/:slug", (c) => {
  // The registry is the allow-list: any other slug is simply not a type.
  const type = credentialTypeBySlug(c.req.param("slug"));
  if (!type) return c.json({ message: "Not found" }, 404);
  const base = publicBaseUrl(c.var.env.PUBLIC_BASE_URL, c.req.url);
  return c.json(typeMetadata(base, type.code), 200, { "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}` });
});
