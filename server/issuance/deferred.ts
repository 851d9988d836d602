/**
 * Deferred issuance (OpenID4VCI 1.0 section 9; issue 22): a wallet app asks for a credential whose
 * record the authority has not finished (an enhanced DBS check awaiting police records). The
 * request is accepted (202) with a transaction id; the keys it proved are kept; the wallet comes
 * back to the deferred credential endpoint with the same access token, which lives as long as the
 * transaction for that purpose alone (it has already been used to ask), and receives the copies
 * once the record is complete.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { type PublicJwk, webCrypto } from "#core/credentials/index.ts";
import { type CredentialConfiguration, issuerEndpoints } from "#core/issuance/endpoints.ts";
import { CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { credentialTransactions, oauthAccessTokens, walletEvents } from "#db/schema/index.ts";
import { issueCopies } from "#server/credentials/issuance.ts";
import { configurationAt } from "./configurations.ts";
import type { IssuerContext } from "./credential-endpoint.ts";
import { newDpopNonce } from "./dpop.ts";
import { OAuthError, oauthJson } from "./oauth-error.ts";
import { type AccessTokenRow, authenticateResourceRequest } from "./tokens.ts";
import { issuedBody, readJsonObject, recordForWalletApp } from "./wallet-bodies.ts";

/** How long a wallet may wait to collect (an enhanced DBS check can take weeks). */
const TRANSACTION_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;
/** How often a wallet should come back (seconds): checks complete in days, not seconds. */
export const DEFERRED_INTERVAL_SECONDS = 3600;

const idHash = (transactionId: string) => sha256Base64url(webCrypto(), transactionId);

/**
 * Keeps the request for later: the transaction, the token's life extended to collect it, and a line
 * in the person's history. One batch.
 */
export async function deferIssuance(
  db: Database,
  request: {
    token: AccessTokenRow;
    configuration: CredentialConfiguration;
    holderJwks: readonly PublicJwk[];
    now: Date;
  },
): Promise<{ transactionId: string }> {
  const { token, configuration, holderJwks, now } = request;
  const type = CREDENTIAL_TYPES[configuration.type];
  const transactionId = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  const expiresAt = new Date(now.getTime() + TRANSACTION_LIFETIME_MS);
  await db.batch([
    db.insert(credentialTransactions).values({
      idHash: await idHash(transactionId),
      tokenHash: token.tokenHash,
      userId: token.userId,
      // The configuration asked for (rtw, or rtw_haip): it says how the copies are signed once collected.
      type: configuration.id,
      holderJwks: holderJwks as unknown as Record<string, unknown>[],
      createdAt: now,
      expiresAt,
    }),
    db.update(oauthAccessTokens).set({ expiresAt }).where(eq(oauthAccessTokens.tokenHash, token.tokenHash)),
    db.insert(walletEvents).values({
      userId: token.userId,
      kind: "credential_deferred",
      detail: { type: type.code, issuer: type.issuerId, wallet: "app", copies: holderJwks.length },
      createdAt: now,
    }),
  ]);
  return { transactionId };
}

/** POST /issuers/{id}/deferred-credential (VCI 9): 202 again while the record is pending, the copies once it is complete. */
export async function deferredCredentialEndpoint(request: Request, context: IssuerContext): Promise<Response> {
  const { db, secret, base, keys, issuerId, now } = context;
  const url = issuerEndpoints(base, issuerId).deferredCredential;
  const token = await authenticateResourceRequest(request, { db, secret, issuerId, url, now });
  const body = await readJsonObject(request, "invalid_credential_request");
  const transactionId = body.transaction_id;
  if (typeof transactionId !== "string" || transactionId.length === 0 || transactionId.length > 100) {
    throw new OAuthError("invalid_credential_request", "transaction_id is required");
  }
  const open = and(
    eq(credentialTransactions.idHash, await idHash(transactionId)),
    eq(credentialTransactions.tokenHash, token.tokenHash),
    isNull(credentialTransactions.collectedAt),
    gt(credentialTransactions.expiresAt, now),
  );
  const [transaction] = await db.select().from(credentialTransactions).where(open).limit(1);
  if (!transaction) {
    throw new OAuthError("invalid_transaction_id", "no open transaction of this access token has this id");
  }
  const { configuration, certified } = await configurationAt(context, transaction.type);
  const type = CREDENTIAL_TYPES[configuration.type];
  const nextNonce = { "DPoP-Nonce": await newDpopNonce(secret, issuerId, now) };
  const record = await recordForWalletApp(db, transaction.userId, type, now);
  if (record.status === "pending") {
    return oauthJson({ transaction_id: transactionId, interval: DEFERRED_INTERVAL_SECONDS }, 202, nextNonce);
  }
  // Collected once: of two requests racing, one issues.
  const collected = await db
    .update(credentialTransactions)
    .set({ collectedAt: now })
    .where(open)
    .returning({ idHash: credentialTransactions.idHash });
  if (collected.length !== 1) throw new OAuthError("invalid_transaction_id", "this transaction was already collected");
  const issued = await issueCopies({
    db,
    keys,
    base,
    userId: transaction.userId,
    type,
    record,
    holderJwks: transaction.holderJwks as unknown as PublicJwk[],
    wallet: "app",
    clientId: token.clientId,
    tokenHash: token.tokenHash,
    now,
    certified,
  });
  return oauthJson(issuedBody(issued), 200, nextNonce);
}
