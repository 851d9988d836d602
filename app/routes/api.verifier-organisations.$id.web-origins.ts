import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requirePermission } from "#server/accounts/permissions.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { auditAct } from "#server/observability/audit-act.ts";
import { WebOriginsBody } from "#server/verification/api-schemas.ts";
import { setWebOrigins } from "#server/verification/organisations.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * POST /api/verifier-organisations/{id}/web-origins (administrators): the websites from which the
 * organisation asks through the browser's Digital Credentials API (ADR 054), replacing the list:
 * its requests' expected_origins from then on, beside the platform's own. Audited, old and new.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const admin = await requirePermission(request, context, "manage:users");
  const id = params.id ?? "";
  if (!UUID.test(id)) return json({ message: "Organisation not found", code: "NOT_FOUND" }, { status: 404 });
  const { webOrigins } = await parseBody(request, WebOriginsBody);
  const updated = await setWebOrigins(context.db, id, webOrigins);
  if (!updated) return json({ message: "Organisation not found", code: "NOT_FOUND" }, { status: 404 });
  auditAct(context, request, admin, {
    category: "admin",
    component: "verifier",
    event: "organisation web origins set",
    details: { organisationId: id, previous: updated.previous, webOrigins: updated.webOrigins },
  });
  return json({ id, webOrigins: updated.webOrigins }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
