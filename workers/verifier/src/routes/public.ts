import { Hono } from "hono";
import { CHECK_TYPES, CHECKS } from "#core/verification/checks.ts";
import { openApiDocument } from "#server/verification/openapi.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";

const PUBLIC = { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300" };

/**
 * What anybody may read: health, the platform's verifier keys (public halves only: the trust
 * anchor's private key is the web worker's, ADR 034), the checks and the API description.
 */
export const publicRoutes = new Hono<VerifierApp>()
  .get("/health", (c) => c.json({ ok: true, service: "verifier" }))
  .get("/keys", (c) => {
    const keys = c.var.verification.verifierPublicKeys;
    return c.json({ keys: [keys["trust-anchor"], keys["verifier-service"]] }, 200, {
      ...PUBLIC,
      "Content-Type": "application/jwk-set+json",
    });
  })
  // The anchor wallets trust for verifier_attestation client ids: what a wallet ships configured with.
  .get("/trust-anchor", (c) =>
    c.json({ keys: [c.var.verification.verifierPublicKeys["trust-anchor"]] }, 200, {
      ...PUBLIC,
      "Content-Type": "application/jwk-set+json",
    }),
  )
  .get("/checks", (c) => c.json({ checks: CHECK_TYPES.map((code) => CHECKS[code]) }, 200, PUBLIC))
  .get("/openapi.json", (c) => c.json(documentFor(c.var.verification.origin), 200, PUBLIC));

/** The document changes only with a deploy: built once per origin an isolate serves. */
const documents = new Map<string, Record<string, unknown>>();
function documentFor(origin: string): Record<string, unknown> {
  let document = documents.get(origin);
  if (!document) {
    document = openApiDocument(origin);
    documents.set(origin, document);
  }
  return document;
}
