import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { effectiveRole } from "#core/accounts/schemas.ts";
import { clientAddress, findUserByUsername } from "#server/accounts/authentication.ts";
import { ServiceError } from "#server/http/errors.ts";
import { type AuditEvent, audit } from "#server/observability/audit.ts";
import { type Actor, actingOrganisation, requireAdmin } from "#server/verification/actor.ts";
import { ApiKeyBody, IdParam, OrganisationBody } from "#server/verification/api-schemas.ts";
import {
  assignMember,
  createApiKey,
  listApiKeys,
  listOrganisations,
  registerOrganisation,
  revokeApiKey,
} from "#server/verification/organisations.ts";
import { invalidBody, notFound } from "#server/worker/validation-hooks.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { requireActor } from "#workers/verifier/src/context.ts";

/** Keys are managed by people of the organisation, signed in: an API key cannot mint or revoke keys. */
const requirePerson = (actor: VerifierApp["Variables"]["actor"]) => {
  if (actor.kind !== "user") throw new ServiceError(403, "API keys are managed from the Verifier Portal", "FORBIDDEN");
  return actor;
};

/**
 * A security audit row (issue 13) for an act of `actor` on keys or organisations, with this
 * worker's request id (the X-Request-Id it answers with) and the caller's address.
 */
function auditAct(
  c: Context<VerifierApp>,
  actor: Extract<Actor, { kind: "user" }>,
  event: AuditEvent["event"],
  category: AuditEvent["category"],
  details: Record<string, unknown>,
): void {
  audit(
    { db: c.var.db, ctx: c.executionCtx as ExecutionContext, requestId: c.var.requestId },
    {
      level: "info",
      category,
      component: "verifier",
      event,
      username: actor.username,
      userId: actor.userId,
      ip: clientAddress(c.req.raw),
      details,
    },
  );
}

/** /api/verifications/api-keys and /api/verifications/organisations. */
export const admin = new Hono<VerifierApp>()
  .get("/api-keys", requireActor, async (c) => {
    const organisationId = actingOrganisation(requirePerson(c.var.actor));
    return c.json({ keys: await listApiKeys(c.var.db, organisationId) }, 200, { "Cache-Control": "no-store" });
  })
  .post("/api-keys", requireActor, zValidator("json", ApiKeyBody, invalidBody), async (c) => {
    const actor = requirePerson(c.var.actor);
    const organisationId = actingOrganisation(actor);
    const created = await createApiKey(c.var.db, organisationId, c.req.valid("json").name, actor.userId);
    auditAct(c, actor, "API key created", "security", {
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
      auditAct(c, actor, "API key revoked", "security", {
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
  })
  .post("/organisations", requireActor, zValidator("json", OrganisationBody, invalidBody), async (c) => {
    requireAdmin(c.var.actor);
    const actor = c.var.actor as Extract<Actor, { kind: "user" }>;
    const body = c.req.valid("json");
    let memberId: string | undefined;
    if (body.memberUsername) {
      const member = await findUserByUsername({ db: c.var.db }, body.memberUsername);
      if (!member || effectiveRole(member.role) !== "verifier")
        throw new ServiceError(400, "memberUsername must name a verifier account", "VALIDATION_ERROR");
      memberId = member.id;
    }
    const organisation = await registerOrganisation(
      c.var.db,
      { name: body.name, allowedChecks: [...new Set(body.allowedChecks)] },
      actor.userId,
    );
    auditAct(c, actor, "organisation registered", "admin", {
      organisationId: organisation.id,
      name: organisation.name,
      allowedChecks: organisation.allowedChecks,
    });
    if (memberId) {
      await assignMember(c.var.db, memberId, organisation.id);
      // A verifier now acts for this organisation and reads its records: a change of access, audited as such.
      auditAct(c, actor, "organisation member assigned", "admin", {
        organisationId: organisation.id,
        memberId,
        memberUsername: body.memberUsername,
      });
    }
    return c.json(organisation, 201);
  });
