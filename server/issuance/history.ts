/**
 * Where each issuance went, as the person's credential history records it (issue 22): what a
 * wallet app reported at the notification endpoint (OpenID4VCI 1.0 section 11).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { credentialIssuances, credentials, walletEvents } from "#db/schema/index.ts";
import { republishStatusList } from "#server/credentials/status-lists.ts";

export interface Notification {
  notificationId: string;
  /** Only the token that issued it may report about it. */
  tokenHash: string;
  event: "credential_accepted" | "credential_failure" | "credential_deleted";
  now: Date;
}

/**
 * Records the wallet's report on the issuance; false when the token issued nothing by that id.
 * A failure or a deletion revokes the issuance's copies (no wallet holds them) in the same batch.
 */
export async function recordNotification(db: Database, notification: Notification): Promise<boolean> {
  const { notificationId, tokenHash, event, now } = notification;
  const [issuance] = await db
    .select()
    .from(credentialIssuances)
    .where(and(eq(credentialIssuances.notificationId, notificationId), eq(credentialIssuances.tokenHash, tokenHash)))
    .limit(1);
  if (!issuance) return false;
  const recorded = [
    db
      .update(credentialIssuances)
      .set({ notifiedEvent: event, notifiedAt: now })
      .where(eq(credentialIssuances.id, issuance.id)),
    db.insert(walletEvents).values({
      userId: issuance.userId,
      kind: "wallet_app_notified",
      detail: { type: issuance.type, event, issuanceId: issuance.id, copies: issuance.copies },
      createdAt: now,
    }),
  ] as const;
  if (event === "credential_accepted") {
    await db.batch(recorded);
    return true;
  }
  const [, , revoked] = await db.batch([
    ...recorded,
    db
      .update(credentials)
      .set({ status: "revoked", revokedAt: now })
      .where(and(eq(credentials.issuanceId, issuance.id), isNull(credentials.revokedAt)))
      .returning({ statusListId: credentials.statusListId }),
  ]);
  for (const listId of new Set(revoked.map((row) => row.statusListId))) {
    if (listId) await republishStatusList(db, listId);
  }
  return true;
}
