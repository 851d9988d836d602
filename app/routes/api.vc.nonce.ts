import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { createIssuanceNonce } from "#server/credentials/issuance.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";

/**
 * POST /api/vc/nonce: a one-time nonce (5 minutes) for the web wallet's proofs of possession of its
 * keys (OpenID4VCI 1.0 section 7 "Nonce Endpoint": c_nonce), made as a wallet app's is, for the
 * signed-in person alone.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  const { nonce, expiresAt } = await createIssuanceNonce(context.env.SESSION_SECRET, user.id);
  return json({ c_nonce: nonce, expiresAt: expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
