/**
 * Token Status Lists in the database (ADR 011). One list per issuer at a
 * time, of fixed size, 1 bit per credential; indexes drawn at random (herd privacy) and made
 * unique by the credentials_status_slot_idx constraint. The list's bits are derived from the
 * credentials table (a revoked credential's index is 1), so republishing after a revocation is
 * a rebuild, written only if nobody published in between (optimistic version check).
 */
import { and, count, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { encodeStatusList, secureRandomInt, webCrypto } from "#core/credentials/index.ts";
import { type IssuerId, statusListUrl } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { credentials, statusLists } from "#db/schema/index.ts";

/** 2^17 entries: 16 KiB before compression, a few hundred bytes of `lst` while mostly valid. */
const STATUS_LIST_SIZE = 131_072;
/** A list takes new credentials until half full, so random draws rarely collide. */
const FILL_LIMIT = STATUS_LIST_SIZE / 2;
/** Inflated-size cap when reading our own lists. */
const MAX_INFLATED_BYTES = STATUS_LIST_SIZE / 8;

let emptyList: Promise<string> | undefined;
function emptyEncodedList(): Promise<string> {
  emptyList ??= encodeStatusList(new Uint8Array(STATUS_LIST_SIZE), 1);
  return emptyList;
}

/**
 * The issuer's list that still takes credentials (fewer than FILL_LIMIT on it), created when there
 * is none. One query: lists with their credential counts. (Not "the latest list": republishing
 * after a revocation moves an old, full list's lastUpdated forward.)
 */
export async function openStatusList(
  db: Database,
  issuerId: IssuerId,
  base: string,
): Promise<{ listId: string; uri: string }> {
  const [open] = await db
    .select({ id: statusLists.id, publishedUrl: statusLists.publishedUrl })
    .from(statusLists)
    .leftJoin(credentials, eq(credentials.statusListId, statusLists.id))
    .where(and(eq(statusLists.issuerId, issuerId), isNotNull(statusLists.publishedUrl)))
    .groupBy(statusLists.id)
    .having(lt(count(credentials.id), FILL_LIMIT))
    .limit(1);
  if (open?.publishedUrl) return { listId: open.id, uri: open.publishedUrl };
  const id = crypto.randomUUID();
  const publishedUrl = statusListUrl(base, id);
  await db.insert(statusLists).values({
    id,
    purpose: "revocation",
    issuerId,
    size: STATUS_LIST_SIZE,
    bits: 1,
    encodedList: await emptyEncodedList(),
    publishedUrl,
  });
  return { listId: id, uri: publishedUrl };
}

/** A random index (CSPRNG) on an open list, for herd privacy; the caller's insert enforces uniqueness. */
function drawStatusIndex(): number {
  return secureRandomInt(webCrypto(), STATUS_LIST_SIZE);
}

/** True when an insert failed on the status slot's unique index (a random draw collided). */
const isSlotCollision = (error: unknown): boolean =>
  isUniqueViolation(error, "credentials.status_list_id, credentials.status_list_index");

/** Draws before giving up: each collides with probability < 1/2 (a list is at most half full), so 20 all colliding is under one in a million. */
const SLOT_ATTEMPTS = 20;

/**
 * Runs `attempt` with `count` distinct random indexes on `listId` (one per credential it writes:
 * a batch of copies, issue 22, or one) that no credential held when they were drawn, so a batch of
 * five collides no more often than one; drawn again whenever the write still collides with one
 * taken since (a collision fails the attempt's whole batch). Any other failure is thrown as it is.
 */
export async function withStatusSlots<T>(
  db: Database,
  listId: string,
  count: number,
  attempt: (indexes: number[]) => Promise<T>,
): Promise<T> {
  for (let n = 0; n < SLOT_ATTEMPTS; n++) {
    const indexes = await freeIndexes(db, listId, count);
    try {
      return await attempt(indexes);
    } catch (error) {
      if (!isSlotCollision(error)) throw error;
    }
  }
  throw new Error("could not allocate status list slots");
}

/** `count` distinct random indexes no credential on the list holds: the taken ones are drawn again. */
async function freeIndexes(db: Database, listId: string, count: number): Promise<number[]> {
  const chosen = new Set<number>();
  for (let round = 0; round < SLOT_ATTEMPTS; round++) {
    const candidates = new Set<number>();
    while (candidates.size < count - chosen.size) {
      const index = drawStatusIndex();
      if (!chosen.has(index)) candidates.add(index);
    }
    const taken = await db
      .select({ index: credentials.statusListIndex })
      .from(credentials)
      .where(and(eq(credentials.statusListId, listId), inArray(credentials.statusListIndex, [...candidates])));
    const takenIndexes = new Set(taken.map((row) => row.index));
    for (const index of candidates) if (!takenIndexes.has(index)) chosen.add(index);
    if (chosen.size === count) return [...chosen];
  }
  throw new Error("could not find free status list slots");
}

/** The credentials on a list that are revoked: the bits set to 1. */
const revokedOn = (listId: string) =>
  and(eq(credentials.statusListId, listId), or(eq(credentials.status, "revoked"), isNotNull(credentials.revokedAt)));

/**
 * Rebuilds a list's bits from the credentials on it and stores them as the next version, with how
 * many were revoked. Reads (version, revoked indexes) in one transaction and writes only if the
 * version is still the one read, so two revocations racing both end up in the list.
 */
export async function republishStatusList(db: Database, listId: string): Promise<{ version: number }> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [lists, revoked] = await db.batch([
      db
        .select({ version: statusLists.version, size: statusLists.size })
        .from(statusLists)
        .where(eq(statusLists.id, listId)),
      db.select({ index: credentials.statusListIndex }).from(credentials).where(revokedOn(listId)),
    ]);
    const list = lists[0];
    if (!list) throw new Error(`status list ${listId} does not exist`);
    const bits = new Uint8Array(list.size ?? STATUS_LIST_SIZE);
    for (const { index } of revoked) if (index !== null && index >= 0 && index < bits.length) bits[index] = 1;
    const encoded = await encodeStatusList(bits, 1);
    const updated = await db
      .update(statusLists)
      .set({
        encodedList: encoded,
        revokedCount: revoked.length,
        version: sql`${statusLists.version} + 1`,
        lastUpdated: new Date(),
      })
      .where(and(eq(statusLists.id, listId), eq(statusLists.version, list.version)))
      .returning({ version: statusLists.version });
    if (updated[0]) return { version: updated[0].version };
  }
  throw new Error(`status list ${listId}: too many concurrent publications`);
}

export interface StoredStatusList {
  id: string;
  issuerId: IssuerId;
  publishedUrl: string;
  encodedList: string;
  bits: 1;
  version: number;
  lastUpdated: Date;
}

/**
 * The list as it must be published now. The credentials table is the truth: when the list holds
 * fewer revocations than the table (a revocation whose republish never ran, because the worker
 * stopped between the two), it is rebuilt first. So a committed revocation reaches verifiers
 * even if the request that made it died half-way.
 */
export async function loadStatusList(db: Database, listId: string): Promise<StoredStatusList | undefined> {
  const [rows, counted] = await db.batch([
    db.select().from(statusLists).where(eq(statusLists.id, listId)).limit(1),
    db.select({ n: count() }).from(credentials).where(revokedOn(listId)),
  ]);
  let row = rows[0];
  if (row && row.revokedCount !== Number(counted[0]?.n ?? 0)) {
    await republishStatusList(db, listId);
    [row] = await db.select().from(statusLists).where(eq(statusLists.id, listId)).limit(1);
  }
  if (!row?.encodedList || !row.publishedUrl || !row.issuerId) return undefined;
  return {
    id: row.id,
    issuerId: row.issuerId as IssuerId,
    publishedUrl: row.publishedUrl,
    encodedList: row.encodedList,
    bits: 1,
    version: row.version,
    lastUpdated: row.lastUpdated,
  };
}

export { MAX_INFLATED_BYTES as STATUS_LIST_MAX_INFLATED_BYTES };

/**
 * Sets revoked credentials' bits in their published lists, each list once, after the write that
 * revoked them has committed: a failure here loses nothing (the credentials table is the truth,
 * and a list whose credentials were revoked after it was last published is rebuilt when it is
 * next read), so it is logged, never thrown at a caller whose change already stands.
 */
export async function republishAfterCommit(
  db: Database,
  listIds: readonly (string | null)[],
  why: string,
): Promise<void> {
  for (const listId of new Set(listIds.filter((id): id is string => id !== null))) {
    await republishStatusList(db, listId).catch((error: unknown) =>
      console.error(`status list ${listId} not republished after ${why}`, error),
    );
  }
}
