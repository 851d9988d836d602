import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requirePermission } from "#server/accounts/permissions.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import { renewOrganisationAttestation } from "#server/verification/registration.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * POST /api/verifier-organisations/{id}/attestation (administrators): signs the organisation's
 * attestation again now, for a year (ADR 034): after a key rotation, or one that the daily run
 * has not renewed. Audited.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const admin = await requirePermission(request, context, "manage:users");
  const id = params.id ?? "";
  if (!UUID.test(id)) return json({ message: "Organisation not found", code: "NOT_FOUND" }, { status: 404 });
  try {
    const renewed = await renewOrganisationAttestation(
      { db: context.db, env: context.env, requestUrl: request.url },
      id,
    );
    auditAct(context, request, admin, {
      category: "admin",
      component: "verifier",
      event: "organisation attestation renewed",
      details: { organisationId: renewed.id, name: renewed.name, attestationExpiresAt: renewed.attestationExpiresAt },
    });
    return json(renewed, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
