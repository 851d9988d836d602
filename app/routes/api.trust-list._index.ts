import { type ActionFunctionArgs, json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePermission } from "#server/accounts/permissions.ts";
import { assertMethod, parseBody } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { listTrustEntries, ProposeTrustEntryBody, proposeTrustEntry } from "#server/verification/trust-list-admin.ts";
import { auditTrustChange } from "#server/verification/trust-list-page.ts";

/** A PEM certificate of 8 KB of DER, with its lines, and the other fields. */
const MAX_PROPOSAL_BYTES = 24 * 1024;

/**
 * GET /api/trust-list (administrators): every trust list entry, waiting for approval first, with
 * who proposed and approved it and its certificate's summary (ADR 050).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "manage:trust-list");
  return json({ entries: await listTrustEntries(context.db) }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * POST /api/trust-list (administrators): proposes an entry, which another administrator must
 * approve before the verifier trusts it. The proposal and its event are one batch; audited.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const admin = await requirePermission(request, context, "manage:trust-list");
  const body = await parseBody(request, ProposeTrustEntryBody, MAX_PROPOSAL_BYTES);
  try {
    const proposed = await proposeTrustEntry(context.db, admin, body);
    auditTrustChange(context, request, admin, "proposed", {
      entryId: proposed.id,
      kind: body.kind,
      name: body.name,
      checks: body.checks,
      fingerprint: proposed.fingerprint,
    });
    return json(proposed, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return localisedServiceErrorResponse(error, requestLocale(request));
  }
}
