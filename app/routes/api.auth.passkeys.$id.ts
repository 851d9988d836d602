import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { removePasskey } from "#server/accounts/passkeys.ts";
import { serviceErrorResponse } from "#server/http/errors.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";

/**
 * DELETE /api/auth/passkeys/{id} (signed in; ADR 021): removes one of the signed-in person's own
 * passkeys. 204; 401 signed out; 404 for an id that is not one of theirs (someone else's passkey
 * included: nothing changes, and nothing says whether it exists).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  assertMethod(request, "DELETE");
  const user = await requireUser(request, context);
  try {
    await removePasskey(context, user, params.id ?? "");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return serviceErrorResponse(error);
  }
}

export function loader() {
  return methodNotAllowed("DELETE");
}
