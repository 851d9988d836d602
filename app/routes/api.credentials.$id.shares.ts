import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { z } from "zod";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { requireUser } from "#server/accounts/authentication.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed, readJsonBody, validationError } from "#server/http/json.ts";
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
  const body = ShareBody.safeParse(await readJsonBody(request), SPEC_WORDING);
  if (!body.success) return validationError(body.error);
  try {
    const share = await createShare(context.db, user.id, params.id ?? "", body.data);
    return json(share, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed("POST");
}
