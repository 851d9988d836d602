import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requirePermission } from "#server/accounts/permissions.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import { OrganisationBody } from "#server/verification/api-schemas.ts";
import { registerVerifierOrganisation } from "#server/verification/registration.ts";

/**
 * POST /api/verifier-organisations (administrators): registers a verifier organisation, its
 * Verifier Attestation signed here with the trust anchor's key and stored with it (ADR 034), and
 * puts the named verifier in it. Both acts audited.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const admin = await requirePermission(request, context, "manage:users");
  const body = await parseBody(request, OrganisationBody);
  try {
    const { organisation, member } = await registerVerifierOrganisation(
      { db: context.db, env: context.env, requestUrl: request.url },
      body,
      admin.id,
    );
    auditAct(context, request, admin, {
      category: "admin",
      component: "verifier",
      event: "organisation registered",
      details: {
        organisationId: organisation.id,
        name: organisation.name,
        allowedChecks: organisation.allowedChecks,
        attestationExpiresAt: organisation.attestationExpiresAt,
      },
    });
    // A verifier now acts for this organisation and reads its records: a change of access, audited as such.
    if (member)
      auditAct(context, request, admin, {
        category: "admin",
        component: "verifier",
        event: "organisation member assigned",
        details: { organisationId: organisation.id, memberId: member.id, memberUsername: member.username },
      });
    return json(organisation, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
