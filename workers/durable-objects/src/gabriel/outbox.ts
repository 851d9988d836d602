import { inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { gabrielAgents, gabrielAuditLog } from "#db/schema/index.ts";
import { AGENT_IDS, itemStatements } from "#server/gabriel/review-state.ts";
import { type AuditRow, ITEM_PREFIX, readItem } from "./state.ts";

const OUTBOX_PREFIX = "outbox:";
/** How soon the alarm retries a write that failed. */
const OUTBOX_RETRY_MS = 5_000;

/**
 * A libSQL write still owed: an item's current state (itemId) or the agents' status after a control
 * action (agentStatus), with the audit rows of the change.
 */
export interface OutboxEntry {
  itemId?: string;
  agentStatus?: "active" | "paused";
  audit: AuditRow[];
}

/**
 * The libSQL writes Gabriel's object owes, kept in its storage in the order they were made, so the
 * object and libSQL never part for good: a change is stored with its write in one step, `flush`
 * writes what is owed, and what fails stays for the alarm to retry (whatever the controls say).
 */
export class Outbox {
  readonly #storage: DurableObjectStorage;
  readonly #db: () => Database;
  readonly #now: () => number;
  /** Orders the entries owed within one millisecond of the object's clock. */
  #sequence = 0;

  constructor(storage: DurableObjectStorage, db: () => Database, now: () => number) {
    this.#storage = storage;
    this.#db = db;
    this.#now = now;
  }

  /** A libSQL write owed, queued in the order it was made (flush writes it). */
  owe(entry: OutboxEntry): void {
    const order = `${this.#now().toString().padStart(15, "0")}:${(this.#sequence++).toString().padStart(9, "0")}`;
    this.#storage.kv.put(`${OUTBOX_PREFIX}${order}:${crypto.randomUUID()}`, entry);
  }

  /** The items with a write still owed. */
  owedItems(): Set<string | undefined> {
    return new Set([...this.#entries()].map(([, entry]) => entry.itemId));
  }

  isEmpty(): boolean {
    return this.#entries().length === 0;
  }

  #entries(): [string, OutboxEntry][] {
    return [...this.#storage.kv.list<OutboxEntry>({ prefix: OUTBOX_PREFIX })];
  }

  /**
   * Writes what the outbox holds: all of it in one batch (one round trip however many items a run
   * raised), or, if that fails, entry by entry, so one bad entry cannot hold up the rest. What
   * still fails is left for the alarm.
   */
  async flush(): Promise<void> {
    const kv = this.#storage.kv;
    const db = this.#db();
    const entries = this.#entries();
    if (!entries.length) return;
    const statementsOf = (entry: OutboxEntry): unknown[] => {
      const audit = entry.audit.map((row) => ({
        ...row,
        timestamp: row.timestamp ? new Date(row.timestamp) : undefined,
      }));
      if (entry.itemId) {
        const item = readItem(kv, entry.itemId);
        return item ? itemStatements(db, item, audit) : [];
      }
      return [
        ...(entry.agentStatus
          ? [
              db
                .update(gabrielAgents)
                .set({ status: entry.agentStatus })
                .where(inArray(gabrielAgents.id, Object.values(AGENT_IDS))),
            ]
          : []),
        db.insert(gabrielAuditLog).values(audit),
      ];
    };
    type Statements = Parameters<typeof db.batch>[0];
    try {
      const all = entries.flatMap(([, entry]) => statementsOf(entry));
      if (all.length) await db.batch(all as unknown as Statements);
      for (const [key] of entries) kv.delete(key);
      return;
    } catch {
      // Entry by entry below, to find what fails.
    }
    for (const [key, entry] of entries) {
      try {
        const statements = statementsOf(entry);
        if (statements.length) await db.batch(statements as unknown as Statements);
        kv.delete(key);
      } catch (error) {
        if (entry.itemId && isUniqueViolation(error)) {
          // The same finding is already in the record (raised before this object's storage began): this copy goes.
          kv.delete(ITEM_PREFIX + entry.itemId);
          kv.delete(key);
          continue;
        }
        console.error("gabriel: write-through failed, retrying", error);
        await this.retryLater();
        return;
      }
    }
  }

  /** Arms the alarm to retry, unless one is set already (the run schedule's, or an earlier retry). */
  async retryLater(): Promise<void> {
    if ((await this.#storage.getAlarm()) === null) await this.#storage.setAlarm(this.#now() + OUTBOX_RETRY_MS);
  }
}
