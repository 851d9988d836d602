import type { gabrielAuditLog } from "#db/schema/index.ts";
import type { Controls, ReviewItem } from "#server/gabriel/review-state.ts";

/**
 * What Gabriel's object keeps in its storage, by key: the agents' controls, the review items
 * (`item:<id>`), and the `key:` index of every finding ever raised (dedupe). The outbox of owed
 * libSQL writes is ./outbox.ts's.
 */
export const CONTROLS = "controls";
export const ITEM_PREFIX = "item:";
export const KEY_PREFIX = "key:";

/** An audit row of a change, as written to gabriel_audit_log. */
export type AuditRow = typeof gabrielAuditLog.$inferInsert;

const INITIAL: Controls = {
  state: "running",
  changedBy: null,
  changedAt: null,
  reason: null,
  lastRunAt: null,
  cursor: null,
};

export const readControls = (kv: SyncKvStorage): Controls => kv.get<Controls>(CONTROLS) ?? INITIAL;

export const readItem = (kv: SyncKvStorage, id: string): ReviewItem | undefined => kv.get<ReviewItem>(ITEM_PREFIX + id);

export const readItems = (kv: SyncKvStorage): ReviewItem[] =>
  [...kv.list<ReviewItem>({ prefix: ITEM_PREFIX })].map(([, item]) => item);
