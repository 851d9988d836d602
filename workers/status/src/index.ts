import { assertTrusted, loadIssuerTrust, loadStatusListKeys } from "#server/credentials/issuer-keys.ts";
import { createWorkerApp } from "#server/worker/hono.ts";
import type { StatusContext } from "./app.ts";
import { StatusEnvSchema } from "./env.ts";
import { authorizationServerMetadataRoutes, credentialIssuerMetadataRoutes } from "./routes/issuance-metadata.ts";
import { issuerMetadata } from "./routes/issuer-metadata.ts";
import { statusLists } from "./routes/status-lists.ts";
import { typeMetadataRoutes } from "./routes/type-metadata.ts";

/**
 * The status worker (ADR 011): publishes what anybody needs to verify our credentials, and what a
 * wallet reads before it asks for one (OpenID4VCI 1.0, issue 22).
 *   GET /status/health                            liveness, for the local stack and monitoring
 *   GET /status/lists/{id}                        a status list as a signed statuslist+jwt
 *   GET /.well-known/jwt-vc-issuer/issuers/{id}   issuer metadata with its JWKS
 *   GET /vct/{slug}                               credential type metadata
 *   GET /.well-known/openid-credential-issuer/issuers/{id}
 *                                                 the authority's OpenID4VCI credential issuer metadata
 *   GET /.well-known/oauth-authorization-server   the platform's authorization server metadata (RFC 8414)
 * Built on the worker template (server/worker/hono.ts): validated env, request context, one
 * sub-app per resource, JSON errors.
 */
const app = createWorkerApp<typeof StatusEnvSchema, StatusContext>({ name: "status", env: StatusEnvSchema });

// Imported once per distinct secret and kept by the isolate (server/credentials/issuer-keys.ts).
// Status-list keys only: this worker signs lists, never credentials (ADR 028).
app.use(async (c, next) => {
  const [keys, trust] = await Promise.all([
    loadStatusListKeys(c.var.env.STATUS_LIST_SIGNING_KEYS),
    loadIssuerTrust(c.var.env.ISSUER_PUBLIC_KEYS),
  ]);
  assertTrusted("STATUS_LIST_SIGNING_KEYS", keys, trust.statusListKeys);
  c.set("keys", keys);
  c.set("trust", trust);
  await next();
});

// Everything here is public verification material: a verifier's own page on another origin may read it.
app.use(async (c, next) => {
  await next();
  c.header("Access-Control-Allow-Origin", "*");
});

app.get("/status/health", (c) => c.json({ ok: true, service: "status" }));
app.route("/status", statusLists);
app.route("/.well-known/jwt-vc-issuer", issuerMetadata);
app.route("/vct", typeMetadataRoutes);
app.route("/.well-known/openid-credential-issuer", credentialIssuerMetadataRoutes);
app.route("/.well-known/oauth-authorization-server", authorizationServerMetadataRoutes);

export default app;
