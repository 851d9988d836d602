/**
 * The issuance endpoints are open to any wallet app, anonymous until it holds a token, and each
 * request writes something (a pushed request, a spent DPoP proof, an offer's failed try): a client
 * may make WALLET_REQUESTS_PER_MINUTE requests a minute to them, counted per network (an IPv6
 * client is its /64) under a keyed digest of its address, never the address itself. A wallet
 * needs about eight requests to receive a credential. Past the limit: 429 with Retry-After, in
 * the endpoints' own OAuth error shape, and nothing written.
 */

import { clientAddress } from "#server/accounts/authentication.ts";
import { keyedDigest } from "#server/accounts/keyed-digest.ts";
import { clientNetwork } from "#server/analytics/privacy.ts";
import { OAuthError, oauthErrorResponse } from "./oauth-error.ts";

/** wrangler.toml [[ratelimits]] WALLET_LIMITER: its limit and period. */
const WALLET_REQUESTS_PER_MINUTE = 60;
const PERIOD_SECONDS = 60;

/** The 429 for a client past its limit, or null to go on. */
export async function walletRequestRefusal(
  limiter: RateLimit,
  secret: string,
  request: Request,
): Promise<Response | null> {
  const key = await keyedDigest(secret, `wallet-limit|${clientNetwork(clientAddress(request))}`);
  const { success } = await limiter.limit({ key });
  if (success) return null;
  return oauthErrorResponse(
    new OAuthError(
      "invalid_request",
      `too many requests from this client: at most ${WALLET_REQUESTS_PER_MINUTE} a minute`,
      429,
      { "Retry-After": String(PERIOD_SECONDS) },
    ),
  );
}
