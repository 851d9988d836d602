import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { effectiveRole } from "#core/accounts/schemas.ts";
import { findUserByUsername } from "#server/accounts/authentication.ts";
import { actingOrganisation, requireAdmin } from "#server/verification/actor.ts";
import { ApiKeyBody, IdParam, OrganisationBody } from "#server/verification/api-schemas.ts";
import { assignMember, createApiKey, listApiKeys, listOrganisations, registerOrganisation, revokeApiKey } from "#server/verification/organisations.ts";
import { ServiceError } from "#server/http/errors.ts";
import type { VerifierApp } from "#workers/verifier/src/app.ts";
import { requireActor } from "#workers/verifier/src/context.ts";
import { invalidBody, notFound } from "#server/worker/validation-hooks.ts";

/** Keys are managed by people of the organisation, signed in: an API key cannot mint or revoke keys. */
const requirePerson = (actor: VerifierApp["Variables"]["actor"]) => {
  if (actor.kind !== "user") throw new ServiceError(403, "API keys are managed from the Verifier Portal", "FORBIDDEN");
  return actor;
};

/** /api/verifications/api-keys and /api/verifications/organisations. */
export const admin = new Hono<VerifierApp>()
  .get("/api-keys", requireActor, async (c) => {
    const organisationId = actingOrganisation(requirePerson(c.var.actor));
    return c.json({ keys: await listApiKeys(c.var.db, organisationId) }, 200, { "Cache-Control": "no-store" });
  })
  .post("/api-keys", requireActor, zValidator("json", ApiKeyBody, invalidBody), async (c) => {
    const actor = requirePerson(c.var.actor);
    const created = await createApiKey(c.var.db, actingOrganisation(actor), c.req.valid("json").name, actor.userId);
    return c.json(created, 201, { "Cache-Control": "no-store" });
  })
  .post("/api-keys/:id/revoke", zValidator("param", IdParam, notFound), requireActor, async (c) => {
    const actor = requirePerson(c.var.actor);
    return c.json(await revokeApiKey(c.var.db, actingOrganisation(actor), c.req.valid("param").id));
  })
  .get("/organisations", requireActor, async (c) => {
    requireAdmin(c.var.actor);
    return c.json({ organisations: await listOrganisations(c.var.db) }, 200, { "Cache-Control": "no-store" });
  })
  .post("/organisations", requireActor, zValidator("json", OrganisationBody, invalidBody), async (c) => {
    requireAdmin(c.var.actor);
    const body = c.req.valid("json");
    let memberId: string | undefined;
    if (body.memberUsername) {
      const member = await findUserByUsername({ db: c.var.db }, body.memberUsername);
      if (!member || effectiveRole(member.role) !== "verifier") throw new ServiceError(400, "memberUsername must name a verifier account", "VALIDATION_ERROR");
      memberId = member.id;
    }
    const organisation = await registerOrganisation(c.var.db, { name: body.name, allowedChecks: [...new Set(body.allowedChecks)] }, (c.var.actor as { userId: string }).userId);
    if (memberId) await assignMember(c.var.db, memberId, organisation.id);
    return c.json(organisation, 201);
  });
