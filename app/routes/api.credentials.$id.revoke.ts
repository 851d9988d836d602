import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import { requirePermission } from "#server/accounts/permissions.ts";
import { revokeCredentialOnce } from "#server/credentials/revocation.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { auditAct } from "#server/observability/audit-act.ts";

const RevokeBody = z.object({ reason: z.string().trim().min(1).max(200).optional() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * POST /api/credentials/{id}/revoke (issue 4): administrators only. Sets the credential revoked
 * with revokedAt, sets its status bit and republishes the list; verifiers reading the list see
 * it within its 60 s ttl, our own checks at once. Revoking twice answers the same record. Audited
 * (issue 13): who, the credential, and the reason as written (a detail, never the log line).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const admin = await requirePermission(request, context, "revoke:credentials");
  const input = await parseBody(request, RevokeBody);
  const id = params.id ?? "";
  if (!UUID.test(id)) return json({ message: "Credential not found" }, { status: 404 });
  try {
    const reason = input.reason ?? "revoked by administrator";
    const { credential, revoked } = await revokeCredentialOnce({
      db: context.db,
      credentialId: id,
      reason,
      actorId: admin.id,
    });
    // Revoking twice answers the same record; only the request that revoked it is audited.
    if (revoked) {
      auditAct(context, request, admin, {
        category: "admin",
        component: "credentials",
        event: "credential revoked",
        details: { credentialId: id, type: credential.type, revocationReason: reason },
      });
    }
    // The administrator sees the record, never the holder's credential itself (nor its copies').
    const { vcJwt: _omitted, copies: _copies, ...summary } = credential;
    return json(summary, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
