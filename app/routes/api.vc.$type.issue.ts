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

/** The body, with the missing proof's message in the language of the person whose wallet sent it. */
const issueBody = (locale: Locale) =>
  z.object({
    /** The wallet's proof of possession: a JWT of typ openid4vci-proof+jwt over the nonce from /api/vc/nonce. */
    proof: z
      .string({
        error: (issue) => (issue.input === undefined ? proofRequiredMessage(locale) : undefined),
      })
      .min(1)
      .max(4096),
  });

/**
 * POST /api/vc/{type}/issue (spec 000 §7): issues the authority's record of this type about the
 * signed-in user as an SD-JWT VC bound to the device key the proof shows. 201 with the wallet
 * credential; 404 when the authority has no record; 400 for a missing or bad proof.
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
      userId: user.id,
      type: params.type ?? "",
      proof: input.proof,
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
