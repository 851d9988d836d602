import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import { requireUser } from "#server/accounts/authentication.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { authorizationServerContext } from "#server/issuance/http.ts";
import { createCredentialOffer } from "#server/issuance/offers.ts";
import { auditAct } from "#server/observability/audit-act.ts";

const OfferBody = z.object({ type: z.string().min(1).max(40) });

/**
 * POST /api/wallet/offers: an offer of the signed-in person's own credential of `type` for their
 * own wallet app (OpenID4VCI 1.0; ADR 045): the link its QR code carries, and the transaction code
 * to show apart from it. 201; 404/409 when the authority holds no current record of the type.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  const locale = requestLocale(request);
  const { type } = await parseBody(request, OfferBody);
  try {
    const offer = await createCredentialOffer(authorizationServerContext(context, request), {
      userId: user.id,
      type,
      channel: "wallet",
    });
    auditAct(context, request, user, {
      category: "security",
      component: "credentials",
      event: "credential offered to a wallet app",
      details: { type, offerId: offer.id, expiresAt: offer.expiresAt.toISOString() },
    });
    return json(
      { link: offer.link, offerUri: offer.offerUri, txCode: offer.txCode, expiresAt: offer.expiresAt.toISOString() },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return localisedServiceErrorResponse(error, locale);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
