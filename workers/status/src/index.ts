import { Hono } from "hono";
import { createDb } from "#db/client.ts";
import { buildJwks, issueStatusListToken } from "#core/credentials/index.ts";
import { loadIssuerKeys } from "#server/credentials/issuer-keys.ts";
import { credentialTypeBySlug, isIssuerId, issuerUrl, publicBaseUrl, typeMetadata } from "#core/issuers/registry.ts";
import { loadStatusList } from "#server/credentials/status-lists.ts";

export interface StatusBindings {
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
  ISSUER_SIGNING_KEYS?: string;
  PUBLIC_BASE_URL?: string;
}

/**
 * Seconds a consumer may cache a status list (the token's ttl and the HTTP max-age): DESIGN.md
 * "Revocation": any verifier sees a revocation within 60 s.
 */
const STATUS_TTL_SECONDS = 60;
/** A token's own lifetime: long enough to ride out a short outage, short enough to bound replay. */
const STATUS_TOKEN_LIFETIME_SECONDS = 600;
/** Issuer and type metadata change only with a key rotation or a deploy. */
const METADATA_MAX_AGE_SECONDS = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The status worker (issue 4): publishes what anybody needs to verify our credentials:
 *   GET /.well-known/jwt-vc-issuer/issuers/{id}  issuer metadata with its JWKS (SD-JWT VC section 4)
 *   GET /vct/{slug}                               type metadata (SD-JWT VC section 6)
 *   GET /status/lists/{id}                        the list as a signed statuslist+jwt (status-list draft section 5)
 * It reads the database on every request; HTTP caching (at most 60 s) happens in front of it.
 */
const app = new Hono<{ Bindings: StatusBindings }>();

app.get("/status/health", (c) => c.json({ ok: true, service: "status" }));

app.get("/status/lists/:id", async (c) => {
  const id = c.req.param("id");
  if (!UUID.test(id)) return c.json({ message: "Not found" }, 404);
  const db = createDb({ LIBSQL_URL: required(c.env.LIBSQL_URL, "LIBSQL_URL"), LIBSQL_AUTH_TOKEN: c.env.LIBSQL_AUTH_TOKEN });
  const list = await loadStatusList(db, id);
  if (!list) return c.json({ message: "Not found" }, 404);
  const keys = await loadIssuerKeys(c.env.ISSUER_SIGNING_KEYS);
  const key = keys.get(list.issuerId);
  if (!key) throw new Error(`no key for ${list.issuerId}`);
  const base = publicBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
  const iat = Math.floor(Date.now() / 1000);
  const token = await issueStatusListToken({
    iss: issuerUrl(base, list.issuerId),
    sub: list.publishedUrl,
    iat,
    exp: iat + STATUS_TOKEN_LIFETIME_SECONDS,
    ttl: STATUS_TTL_SECONDS,
    bits: list.bits,
    lst: list.encodedList,
    kid: key.kid,
    privateKey: key.privateKey,
  });
  return c.body(token, 200, {
    "Content-Type": "application/statuslist+jwt",
    "Cache-Control": `public, max-age=${STATUS_TTL_SECONDS}`,
    "Last-Modified": list.lastUpdated.toUTCString(),
    "X-Status-List-Version": String(list.version),
  });
});

app.get("/.well-known/jwt-vc-issuer/issuers/:id", async (c) => {
  const id = c.req.param("id");
  if (!isIssuerId(id)) return c.json({ message: "Not found" }, 404);
  const keys = await loadIssuerKeys(c.env.ISSUER_SIGNING_KEYS);
  const key = keys.get(id);
  if (!key) throw new Error(`no key for ${id}`);
  const base = publicBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
  return c.json({ issuer: issuerUrl(base, id), jwks: buildJwks([key.publicJwk]) }, 200, {
    "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}`,
  });
});

app.get("/vct/:slug", (c) => {
  const type = credentialTypeBySlug(c.req.param("slug"));
  if (!type) return c.json({ message: "Not found" }, 404);
  const base = publicBaseUrl(c.env.PUBLIC_BASE_URL, c.req.url);
  return c.json(typeMetadata(base, type.code), 200, { "Cache-Control": `public, max-age=${METADATA_MAX_AGE_SECONDS}` });
});

app.notFound((c) => c.json({ message: "Not found" }, 404));
app.onError((err, c) => {
  console.error("status worker error", err);
  return c.json({ message: "Internal error" }, 500);
});

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export default app;
