import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requirePermission } from "#server/accounts/permissions.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import {
  decideTrustEntry,
  TRUST_DECISIONS,
  type TrustDecision,
  TrustDecisionBody,
} from "#server/verification/trust-list-admin.ts";
import { auditTrustChange } from "#server/verification/trust-list-page.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const isDecision = (value: string | undefined): value is TrustDecision =>
  value !== undefined && Object.hasOwn(TRUST_DECISIONS, value);

/**
 * POST /api/trust-list/{id}/approve|reject|retire (administrators; ADR 050): approve (another
 * administrator than the proposer: 403 OWN_PROPOSAL otherwise), reject a proposal, retire an active
 * entry (reject and retire with a reason). A decision already taken answers 409. Audited.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const admin = await requirePermission(request, context, "manage:trust-list");
  const id = params.id ?? "";
  const decision = params.decision;
  if (!isDecision(decision) || !UUID.test(id))
    return json({ message: "Trust list entry not found", code: "NOT_FOUND" }, { status: 404 });
  const { reason } = await parseBody(request, TrustDecisionBody[decision]);
  try {
    const decided = await decideTrustEntry(context.db, admin, id, TRUST_DECISIONS[decision], reason ?? null);
    auditTrustChange(context, request, admin, TRUST_DECISIONS[decision], {
      entryId: decided.id,
      name: decided.name,
      state: decided.state,
    });
    return json(decided, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
