import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { type Act, auditAct } from "#server/observability/audit-act.ts";
import { type Actor, actingOrganisation, requireAdmin } from "#server/verification/actor.ts";
import { ApiKeyBody, IdParam } from "#server/verification/api-schemas.ts";
import { createApiKey, listApiKeys, listOrganisations, revokeApiKey } from "#server/verification/organisations.ts";
import { verificationErrors } from "#server/verification/worded.ts";
import { notFound } from "#server/worker/validation-hooks.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { requireActor } from "#workers/verifier/src/context.ts";
import { refusedInput } from "#workers/verifier/src/refused-input.ts";

/** Keys are managed by people of the organisation, signed in: an API key cannot mint or revoke keys. */
const requirePerson = (actor: VerifierApp["Variables"]["actor"]) => {
  if (actor.kind !== "user") throw new WordedServiceError(403, verificationErrors.keysFromPortal, "FORBIDDEN");
  return actor;
};

/** A person's act on their organisation's keys, audited as every person's act is (the shared auditAct). */
function auditKeyAct(
  c: Context<VerifierApp>,
  actor: Extract<Actor, { kind: "user" }>,
  event: string,
  details: Act["details"],
): void {
  auditAct(
    { db: c.var.db, ctx: c.executionCtx as ExecutionContext, requestId: c.var.requestId },
    c.req.raw,
    { id: actor.userId, username: actor.username },
    { category: "security", component: "verifier", event, details },
  );
}

/**
 * /api/verifications/api-keys and GET /api/verifications/organisations. Registering an
 * organisation is the web worker's (POST /api/verifier-organisations): it signs the
 * organisation's attestation with the trust anchor's key, which this worker never holds (ADR 034).
 */
export const admin = new Hono<VerifierApp>()
  .get("/api-keys", requireActor, async (c) => {
    const organisationId = actingOrganisation(requirePerson(c.var.actor));
    return c.json({ keys: await listApiKeys(c.var.db, organisationId) }, 200, { "Cache-Control": "no-store" });
  })
  .post("/api-keys", requireActor, zValidator("json", ApiKeyBody, refusedInput(ApiKeyBody)), async (c) => {
    const actor = requirePerson(c.var.actor);
    const organisationId = actingOrganisation(actor);
    const created = await createApiKey(c.var.db, organisationId, c.req.valid("json").name, actor.userId);
    auditKeyAct(c, actor, "API key created", {
      keyId: created.apiKey.id,
      prefix: created.apiKey.prefix,
      name: created.apiKey.name,
      organisationId,
    });
    return c.json(created, 201, { "Cache-Control": "no-store" });
  })
  .post("/api-keys/:id/revoke", zValidator("param", IdParam, notFound), requireActor, async (c) => {
    const actor = requirePerson(c.var.actor);
    const organisationId = actingOrganisation(actor);
    const { key, revoked } = await revokeApiKey(c.var.db, organisationId, c.req.valid("param").id);
    // Revoking twice answers the same key; only the request that revoked it is audited.
    if (revoked)
      auditKeyAct(c, actor, "API key revoked", {
        keyId: key.id,
        prefix: key.prefix,
        name: key.name,
        organisationId,
      });
    return c.json(key);
  })
  .get("/organisations", requireActor, async (c) => {
    requireAdmin(c.var.actor);
    return c.json({ organisations: await listOrganisations(c.var.db) }, 200, { "Cache-Control": "no-store" });
  });
