import { type ActionFunctionArgs, json } from "@remix-run/cloudflare";
import { requireUser } from "#server/accounts/authentication.ts";
import { createIssuanceNonce } from "#server/credentials/issuance.ts";
import { assertMethod, methodNotAllowed } from "#server/http/json.ts";

/**
 * POST /api/vc/nonce: a one-time nonce (5 minutes) for the wallet's proof of possession of its
 * device key (OpenID4VCI 1.0 section 7 "Nonce Endpoint": c_nonce).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const user = await requireUser(request, context);
  const { nonce, expiresAt } = await createIssuanceNonce(context.db, user.id);
  return json({ c_nonce: nonce, expiresAt: expiresAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST");
}
