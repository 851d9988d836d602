/**
 * Access tokens of the platform's authorization server (ADR 045): opaque, random, stored as their
 * SHA-256, ten minutes, bound to the DPoP key that asked for them (RFC 9449 section 6) and to the
 * credential configurations they may issue. A resource accepts one only with a proof signed by
 * that key, naming that token (ath), with the resource's own DPoP nonce.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { webCrypto } from "#core/credentials/index.ts";
import type { Database } from "#db/client.ts";
import { oauthAccessTokens } from "#db/schema/index.ts";
import { checkDpopProof, newDpopNonce } from "./dpop.ts";
import { ResourceAuthError } from "./oauth-error.ts";

const ACCESS_TOKEN_LIFETIME_SECONDS = 600;

export type AccessTokenRow = typeof oauthAccessTokens.$inferSelect;

const tokenHash = (token: string) => sha256Base64url(webCrypto(), token);

/** A new access token for `grant`, bound to the DPoP key `jkt`. */
export async function mintAccessToken(
  db: Database,
  grant: Omit<AccessTokenRow, "tokenHash" | "createdAt" | "expiresAt" | "usedAt">,
  now: Date,
): Promise<{ accessToken: string; expiresIn: number }> {
  const accessToken = base64urlEncode(crypto.getRandomValues(new Uint8Array(32)));
  await db.insert(oauthAccessTokens).values({
    ...grant,
    tokenHash: await tokenHash(accessToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000),
  });
  return { accessToken, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS };
}

export interface ResourceRequest {
  db: Database;
  secret: string;
  /** The issuer whose endpoint this is: its DPoP nonces, and the only tokens it takes. */
  issuerId: string;
  /** The endpoint's published URL (the proof's htu). */
  url: string;
  now: Date;
}

/**
 * The access token a request to one of `issuerId`'s endpoints presents, checked with its DPoP
 * proof; every failure a ResourceAuthError (401 with the DPoP challenge, RFC 9449 7.1).
 */
export async function authenticateResourceRequest(request: Request, check: ResourceRequest): Promise<AccessTokenRow> {
  const authorization = request.headers.get("Authorization");
  if (authorization === null) throw new ResourceAuthError(null, "an access token is required");
  const [scheme, accessToken, ...rest] = authorization.split(" ");
  if (scheme?.toLowerCase() === "bearer") {
    // Section 7.2: a DPoP-bound token presented as a bearer token is refused.
    throw new ResourceAuthError("invalid_token", "the access token is DPoP-bound: use the DPoP scheme with a proof");
  }
  if (scheme?.toLowerCase() !== "dpop" || !accessToken || rest.length > 0 || accessToken.length > 200) {
    throw new ResourceAuthError("invalid_token", "the Authorization header must be DPoP followed by the access token");
  }
  const proof = await checkDpopProof(request, {
    db: check.db,
    secret: check.secret,
    audience: check.issuerId,
    method: request.method,
    url: check.url,
    accessToken,
    now: check.now,
  });
  if (!proof.ok) {
    const nonce = proof.error === "use_dpop_nonce" ? await newDpopNonce(check.secret, check.issuerId, check.now) : null;
    throw new ResourceAuthError(proof.error, proof.description, nonce ? { "DPoP-Nonce": nonce } : {});
  }
  const [token] = await check.db
    .select()
    .from(oauthAccessTokens)
    .where(
      and(eq(oauthAccessTokens.tokenHash, await tokenHash(accessToken)), gt(oauthAccessTokens.expiresAt, check.now)),
    )
    .limit(1);
  if (!token || token.issuerId !== check.issuerId) {
    throw new ResourceAuthError("invalid_token", "the access token is unknown, expired or for another issuer");
  }
  if (token.jkt !== proof.jkt) {
    throw new ResourceAuthError("invalid_dpop_proof", "the DPoP proof is not signed by the key the token is bound to");
  }
  return token;
}

/** Records that the token has issued its credentials: true the first time only (one issuance per token). */
export async function markTokenUsed(db: Database, hash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oauthAccessTokens)
    .set({ usedAt: now })
    .where(and(eq(oauthAccessTokens.tokenHash, hash), isNull(oauthAccessTokens.usedAt)))
    .returning({ hash: oauthAccessTokens.tokenHash });
  return rows.length === 1;
}

/**
 * Gives a token its issuance back when the issuance it was spent on did not happen (the database
 * failed mid-way, nothing was written): the wallet may ask again with the same token and a fresh
 * c_nonce, rather than lose the person's offer to our failure. Only the use made at `usedAt`.
 */
export async function releaseTokenUse(db: Database, hash: string, usedAt: Date): Promise<void> {
  await db
    .update(oauthAccessTokens)
    .set({ usedAt: null })
    .where(and(eq(oauthAccessTokens.tokenHash, hash), eq(oauthAccessTokens.usedAt, usedAt)));
}
