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
 * The statements that consume a nonce: prune what has expired, then insert unless present. The
 * insert's RETURNING row says whether this was the first use, so the statements can ride in a
 * batch with others (judge.ts reads the status version in the same round trip when nothing can
 * refuse the check after it).
 */
export async function nonceStatements(db: Database, nonce: string, now: Date) {
  const nonceHash = await sha256Base64url(webCrypto(), nonce);
  // The window a nonce can still be presented in, plus the skew: after it, the age check refuses it anyway.
  const expiresAt = new Date(now.getTime() + (OFFLINE_WINDOW_SECONDS + 2 * CLOCK_SKEW_SECONDS) * 1000);
  return [
    db.delete(offlineNonces).where(lt(offlineNonces.expiresAt, now)),
    db
      .insert(offlineNonces)
      .values({ nonceHash, expiresAt })
      .onConflictDoNothing()
      .returning({ nonceHash: offlineNonces.nonceHash }),
  ] as const;
}

/**
 * Consumes a holder nonce on its own: true the first time inside its window, false for a replay.
 * judge.ts calls it once the presentation has verified and its check is one the organisation may
 * make, so a code refused for registration is never used up (issue 20).
 */
export async function consumeOfflineNonce(db: Database, nonce: string, now: Date): Promise<boolean> {
  const [prune, insert] = await nonceStatements(db, nonce, now);
  const [, inserted] = await db.batch([prune, insert]);
  return inserted.length === 1;
}
