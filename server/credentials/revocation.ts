/**
 * Revocation by the authority (on this platform, an administrator: ADR 011). Setting the
 * credential revoked and writing the holder's log line is one transaction; the status list is
 * then republished from the credentials table, so any verifier sees the bit within the list's
 * ttl and our own checks see it at once. Re-issue replaces older copies itself (issuance.ts).
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { credentials, walletEvents } from "#db/schema/index.ts";
import { ServiceError } from "#server/http/errors.ts";
import { toWalletCredential, type WalletCredential } from "./credentials.ts";
import { republishAfterCommit } from "./status-lists.ts";

export interface RevokeRequest {
  db: Database;
  credentialId: string;
  reason: string;
  /** Who revoked it (kept in the credential's metadata). */
  actorId?: string;
  now?: Date;
}

/** Revokes a credential (idempotent): status revoked, revokedAt, the holder told, the list republished. */
export async function revokeCredential(input: RevokeRequest): Promise<WalletCredential> {
  return (await revokeCredentialOnce(input)).credential;
}

/** revokeCredential, saying whether this call revoked it: of two racing calls only one does. */
export async function revokeCredentialOnce(
  input: RevokeRequest,
): Promise<{ credential: WalletCredential; revoked: boolean }> {
  const { db, credentialId } = input;
  const now = input.now ?? new Date();
  const { row, flipped, lists } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(credentials).where(eq(credentials.id, credentialId)).limit(1);
    if (!current) throw new ServiceError(404, "Credential not found", "NOT_FOUND");
    if (current.status === "revoked" || current.revokedAt) return { row: current, flipped: false, lists: [] };
    // A write transaction: only one of two racing revocations flips it and logs it. Every copy
    // issued with it (a batch, issue 22) is revoked with it: they are one credential.
    const copies = await tx
      .update(credentials)
      .set(revokedValues(now, input.reason, input.actorId))
      .where(
        and(
          current.issuanceId
            ? or(eq(credentials.id, credentialId), eq(credentials.issuanceId, current.issuanceId))
            : eq(credentials.id, credentialId),
          isNull(credentials.revokedAt),
        ),
      )
      .returning();
    const updated = copies.find((copy) => copy.id === credentialId);
    if (!updated) return { row: current, flipped: false, lists: [] };
    if (updated.userId) {
      await tx.insert(walletEvents).values({
        userId: updated.userId,
        kind: "credential_revoked",
        credentialId,
        detail: { type: updated.type, reason: input.reason },
        createdAt: now,
      });
    }
    return { row: updated, flipped: true, lists: copies.map((copy) => copy.statusListId) };
  });
  // The revocation stands once committed: a list that fails to republish now is rebuilt when next read.
  if (flipped) await republishAfterCommit(db, lists, "a revocation");
  return { credential: toWalletCredential(row, now, 0), revoked: flipped };
}

/** What a revoked copy is set to: revoked now, the reason (and who) added to its own metadata (its holder key stays). */
function revokedValues(now: Date, reason: string, actorId?: string) {
  return {
    status: "revoked",
    revokedAt: now,
    metadata: actorId
      ? sql`json_set(coalesce(${credentials.metadata}, '{}'), '$.revocationReason', ${reason}, '$.revokedBy', ${actorId})`
      : sql`json_set(coalesce(${credentials.metadata}, '{}'), '$.revocationReason', ${reason})`,
  };
}

/**
 * The statement revoking every still-valid copy of issuance `issuanceId`, for the caller's batch
 * (so its history line is written with it); it returns the copies' lists, for republishAfterCommit.
 */
export function revokeIssuanceCopies(db: Database, issuanceId: string, reason: string, now: Date) {
  return db
    .update(credentials)
    .set(revokedValues(now, reason))
    .where(and(eq(credentials.issuanceId, issuanceId), isNull(credentials.revokedAt)))
    .returning({ statusListId: credentials.statusListId });
}
