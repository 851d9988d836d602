import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import type { Locale } from "#core/i18n/locales.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { credentialContext } from "#server/credentials/context.ts";
import { issueToHolder, proofRequiredMessage } from "#server/credentials/issuance.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { localisedServiceErrorResponse } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { auditAct } from "#server/observability/audit-act.ts";

const proofJwt = z.string().min(1).max(4096);

/**
 * The body: `proof`, the spec's one proof of possession, or `proofs`, one per copy (issue 22: the
 * web wallet asks for WEB_WALLET_COPIES, each bound to its own key). How many, and whether they
 * agree, issueToHolder checks; the missing proof's message is in the language of the person whose
 * wallet sent it.
 */
const issueBody = (locale: Locale) =>
  z
    .object({
      /** A JWT of typ openid4vci-proof+jwt over the nonce from /api/vc/nonce. */
      proof: proofJwt.optional(),
      /** The same, one per key, all over that one nonce. */
      proofs: z.array(proofJwt).max(16).optional(),
    })
    .refine((body) => body.proof !== undefined || body.proofs !== undefined, {
      error: () => proofRequiredMessage(locale),
      path: ["proof"],
    });

/**
 * POST /api/vc/{type}/issue (spec 000 §7): issues the authority's record of this type about the
 * signed-in user as SD-JWT VCs, one copy bound to each device key the proofs show. 201 with the
 * wallet credential (its copies grouped); 404 when the authority has no record; 400 for a missing
 * or bad proof, and then nothing is issued.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  // Issued to the signed-in user only: the holder is always the caller, never named in the request.
  const user = await requireUser(request, context);
  const locale = requestLocale(request);
  const input = await parseBody(request, issueBody(locale));
  try {
    const wallet = await credentialContext(context, request.url);
    const credential = await issueToHolder({
      ...wallet,
      secret: context.env.SESSION_SECRET,
      userId: user.id,
      type: params.type ?? "",
      proof: input.proof,
      proofs: input.proofs,
      // A new copy revokes the older one: the holder's act, audited (issue 20).
      onReplaced: ({ ids, replacedBy, type }) =>
        auditAct(context, request, user, {
          category: "security",
          component: "credentials",
          event: "older copy revoked",
          details: { credentialIds: ids, replacedBy, type, revocationReason: "reissued" },
        }),
    });
    return json(credential, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return localisedServiceErrorResponse(error, locale);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
