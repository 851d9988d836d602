/**
 * Where each issuance went, as the person's credential history records it (issue 22): what a
 * wallet app reported at the notification endpoint (OpenID4VCI 1.0 section 11).
 */
import { defineMessages } from "@formatjs/intl";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { credentialIssuances, credentials, walletEvents } from "#db/schema/index.ts";
import { revokeIssuanceCopies } from "#server/credentials/revocation.ts";
import { republishAfterCommit } from "#server/credentials/status-lists.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";

const historyWords = defineMessages({
  issuanceNotFound: {
    id: "wallet.api.issuanceNotFound",
    defaultMessage: "You have no copies in another wallet app by this reference",
  },
});

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
  const [, , revoked] = await db.batch([...recorded, revokeIssuanceCopies(db, issuance.id, event, now)]);
  await republishAfterCommit(
    db,
    revoked.map((row) => row.statusListId),
    event,
  );
  return true;
}

/** One issuance as the person's credential history shows it: where its copies went, and whether they still count. */
export interface IssuanceEntry {
  id: string;
  type: string;
  wallet: "web" | "app";
  /** The wallet app's client id, when it gave one (as it gave it: not ours to vouch for). */
  clientId: string | null;
  copies: number;
  /** What the copies are: SD-JWT VCs, or mDL mdocs (ADR 053), which cannot be revoked. */
  format: "dc+sd-jwt" | "mso_mdoc";
  issuedAt: string;
  /** What the wallet app last reported (credential_accepted, credential_failure, credential_deleted), if anything. */
  reported: string | null;
  /** Copies not revoked (revoked when the credential was, by the person, or on a failure report). */
  activeCopies: number;
}

/** Where the person's credentials went, newest first: every issuance of theirs, with its copies counted. */
export async function issuancesOf(db: Database, userId: string): Promise<IssuanceEntry[]> {
  const [rows, active] = await db.batch([
    db
      .select()
      .from(credentialIssuances)
      .where(eq(credentialIssuances.userId, userId))
      .orderBy(desc(credentialIssuances.createdAt)),
    db
      .select({ issuanceId: credentials.issuanceId, copies: count() })
      .from(credentials)
      .where(and(eq(credentials.userId, userId), isNull(credentials.revokedAt)))
      .groupBy(credentials.issuanceId),
  ]);
  const activeBy = new Map(active.map((row) => [row.issuanceId, row.copies]));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    wallet: row.wallet,
    clientId: row.clientId,
    copies: row.copies,
    format: row.format,
    issuedAt: row.createdAt.toISOString(),
    reported: row.notifiedEvent,
    activeCopies: activeBy.get(row.id) ?? 0,
  }));
}

/**
 * The person revokes the copies of one of their issuances held in another wallet app (a lost phone,
 * an app they no longer trust): every copy of it, with a line in their history. 404 for an issuance
 * that is not theirs, or not a wallet app's (their web wallet's credential has its own controls).
 * Idempotent: revoking revoked copies changes nothing.
 */
export async function revokeAppIssuance(
  db: Database,
  request: { userId: string; issuanceId: string; now?: Date },
): Promise<{ revoked: number }> {
  const now = request.now ?? new Date();
  const [issuance] = await db
    .select()
    .from(credentialIssuances)
    .where(
      and(
        eq(credentialIssuances.id, request.issuanceId),
        eq(credentialIssuances.userId, request.userId),
        eq(credentialIssuances.wallet, "app"),
      ),
    )
    .limit(1);
  if (!issuance) throw new WordedServiceError(404, historyWords.issuanceNotFound, "NOT_FOUND");
  const revoked = await revokeIssuanceCopies(db, issuance.id, "revoked by the holder", now);
  if (revoked.length > 0) {
    await db.insert(walletEvents).values({
      userId: issuance.userId,
      kind: "app_copies_revoked",
      detail: { type: issuance.type, issuanceId: issuance.id, copies: revoked.length },
      createdAt: now,
    });
  }
  await republishAfterCommit(
    db,
    revoked.map((row) => row.statusListId),
    "the holder revoked copies",
  );
  return { revoked: revoked.length };
}
