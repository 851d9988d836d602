/**
 * Holder nonces of offline presentations (issue 9; docs/decisions/015): each is accepted once
 * inside its window. Only the nonce's SHA-256 is kept, as the primary key of `offline_nonces`;
 * expired rows are pruned by the same batch that inserts.
 */
import { lt } from "drizzle-orm";
import { sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { OFFLINE_WINDOW_SECONDS } from "#core/verification/openid4vp.ts";
import type { Database } from "#db/client.ts";
import { offlineNonces } from "#db/schema/index.ts";

export { OFFLINE_WINDOW_SECONDS };
/** Allowed clock difference with a wallet's or issuer's clock. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * Consumes a holder nonce: true the first time inside its window, false for a replay. One batch
 * prunes what has expired and inserts unless present; the insert's RETURNING row says whether
 * this was the first use. judge.ts calls it last, once the presentation has verified and its
 * check is one the organisation may make, so a refused code is never used up (issue 20).
 */
export async function consumeOfflineNonce(db: Database, nonce: string, now: Date): Promise<boolean> {
  const nonceHash = await sha256Base64url(webCrypto(), nonce);
  // The window a nonce can still be presented in, plus the skew: after it, the age check refuses it anyway.
  const expiresAt = new Date(now.getTime() + (OFFLINE_WINDOW_SECONDS + 2 * CLOCK_SKEW_SECONDS) * 1000);
  const [, inserted] = await db.batch([
    db.delete(offlineNonces).where(lt(offlineNonces.expiresAt, now)),
    db
      .insert(offlineNonces)
      .values({ nonceHash, expiresAt })
      .onConflictDoNothing()
      .returning({ nonceHash: offlineNonces.nonceHash }),
  ]);
  return inserted.length === 1;
}
