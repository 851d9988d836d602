import type { Database } from "#db/client.ts";
import { pruneExpired, type RetentionRun } from "./retention.ts";
import { HOUR_MS, type RollupStep, rollUp, rollupCursor } from "./rollups.ts";

/**
 * The scheduled analytics housekeeping (issue 12): the Housekeeper Durable Object
 * (workers/durable-objects/src/housekeeper.ts) runs it from its alarm every RUN_INTERVAL_MS,
 * rollups first (so the hours about to lose raw rows are summed), then retention: the raw analytics
 * rows, and the verification records and audit trail by the privacy policy's periods (ADR 031).
 */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;
/** When a run left work (a long gap of hours to roll, more old rows than a run deletes), the next comes this soon. */
export const CATCH_UP_INTERVAL_MS = 10_000;

export interface HousekeepingRun {
  /** Unix ms. */
  at: number;
  rollups: Pick<RollupStep, "from" | "to" | "caughtUp"> & { hours: number };
  retention: RetentionRun;
  /** Whether everything due was done (otherwise the next run comes after CATCH_UP_INTERVAL_MS). */
  caughtUp: boolean;
}

export async function runHousekeeping(db: Database, now: number, retentionDays: number): Promise<HousekeepingRun> {
  const steps = await rollUp(db, now);
  const first = steps[0]!;
  const last = steps.at(-1)!;
  // Raw rows go only once they are summed: the prune stops at the rollup cursor.
  const retention = await pruneExpired(db, now, retentionDays, await rollupCursor(db));
  return {
    at: now,
    rollups: { from: first.from, to: last.to, caughtUp: last.caughtUp, hours: (last.to - first.from) / HOUR_MS },
    retention,
    caughtUp: last.caughtUp && retention.complete,
  };
}

/** A UTC day's random visitor salt (server/analytics/privacy.ts). */
export interface DailySalt {
  day: string;
  salt: ArrayBuffer;
}

/** The Housekeeper's RPC methods (one object: idFromName("housekeeper")). */
export interface HousekeeperApi {
  /** Today's visitor salt (UTC), made at random on the day's first ask; the previous day's is replaced, so gone. */
  dailySalt(): Promise<DailySalt>;
  /** Arms the schedule when it is not armed (or its alarm is overdue); answers when the next run is due. */
  ensureScheduled(): Promise<{ nextRunAt: number }>;
  /** Runs the housekeeping now (also what the alarm does). */
  runNow(): Promise<HousekeepingRun>;
  /** The last run, or null before the first. */
  lastRun(): Promise<HousekeepingRun | null>;
}

const HOUSEKEEPER_NAME = "housekeeper";

export type HousekeeperBinding = { HOUSEKEEPER: DurableObjectNamespace<HousekeeperApi & Rpc.DurableObjectBranded> };

export function housekeeper(env: HousekeeperBinding): HousekeeperApi {
  return env.HOUSEKEEPER.get(env.HOUSEKEEPER.idFromName(HOUSEKEEPER_NAME)) as unknown as HousekeeperApi;
}
