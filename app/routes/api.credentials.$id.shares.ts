import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import * as z from "zod";
import { requireUser } from "#server/accounts/authentication.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, parseBody } from "#server/http/json.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { createShare } from "#server/shares/shares.ts";

const ShareBody = z.object({
  purpose: z.string().trim().max(200).optional(),
  sharedWith: z.string().trim().max(120).optional(),
});

/**
 * POST /api/credentials/{id}/shares: shares the signed-in user's own credential as a 24-hour
 * verification link. Someone else's credential reads as not found (404), a revoked or expired
 * one is refused (409).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  const input = await parseBody(request, ShareBody);
  try {
    const share = await createShare(context.db, user.id, params.id ?? "", input, new Date(), requestLocale(request));
    return json(share, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
