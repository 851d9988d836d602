import { createDb, type Database } from "#db/client.ts";
import {
  CATCH_UP_INTERVAL_MS,
  type DailySalt,
  HOUSEKEEPING_INTERVAL_MS,
  type HousekeeperApi,
  type HousekeepingRun,
  runHousekeeping,
} from "#server/analytics/housekeeping.ts";
import { retentionDays } from "#server/analytics/retention.ts";
import { errorStatements } from "#server/observability/errors.ts";
import { ClockedObject } from "./clocked-object.ts";
import type { DurableObjectsEnv } from "./env.ts";

/**
 * The analytics housekeeping's schedule (issue 12; one object, idFromName("housekeeper")): its
 * alarm rolls up the complete hours and prunes raw rows past retention (server/analytics/
 * housekeeping.ts), then re-arms, every 15 minutes, or sooner while catching up. The state is in
 * libSQL (the rollup cursor), so the work is idempotent and an alarm run twice does no harm. It
 * arms itself when it starts and whenever the web worker asks (once per isolate), so a lost alarm
 * (a restart, a hot reload under `wrangler dev`) is re-armed by the next visitor.
 */
const LAST_RUN = "lastRun";
const SALT = "visitorSalt";
/** The first run after the object starts: soon, not at once, so a deploy's first requests are not competing with it. */
export const FIRST_RUN_DELAY_MS = 60_000;

export class Housekeeper extends ClockedObject implements HousekeeperApi {
  constructor(ctx: DurableObjectState, env: DurableObjectsEnv) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      await this.ensureScheduled();
    });
  }

  #db(): Database {
    return createDb(this.env);
  }

  async ensureScheduled(): Promise<{ nextRunAt: number }> {
    const alarm = await this.ctx.storage.getAlarm();
    // An alarm far overdue may never fire after a restart (workerd#3138): set it again.
    if (alarm !== null && alarm > this.clock.now() - HOUSEKEEPING_INTERVAL_MS) return { nextRunAt: alarm };
    const nextRunAt = this.clock.now() + FIRST_RUN_DELAY_MS;
    await this.ctx.storage.setAlarm(nextRunAt);
    return { nextRunAt };
  }

  async dailySalt(): Promise<DailySalt> {
    const day = new Date(this.clock.now()).toISOString().slice(0, 10);
    const kept = this.ctx.storage.kv.get<DailySalt>(SALT);
    if (kept?.day === day) return kept;
    // A new day: a fresh random salt over the old one, which is gone for good.
    const fresh: DailySalt = { day, salt: crypto.getRandomValues(new Uint8Array(32)).buffer };
    this.ctx.storage.kv.put(SALT, fresh);
    return fresh;
  }

  async lastRun(): Promise<HousekeepingRun | null> {
    return this.ctx.storage.kv.get<HousekeepingRun>(LAST_RUN) ?? null;
  }

  async runNow(): Promise<HousekeepingRun> {
    const run = await runHousekeeping(this.#db(), this.clock.now(), retentionDays(this.env));
    this.ctx.storage.kv.put(LAST_RUN, run);
    return run;
  }

  override async alarm(): Promise<void> {
    let next = HOUSEKEEPING_INTERVAL_MS;
    try {
      if (!(await this.runNow()).caughtUp) next = CATCH_UP_INTERVAL_MS;
    } catch (error) {
      console.error("housekeeper: run failed", error);
      await this.#recordFailure(error);
    } finally {
      await this.ctx.storage.setAlarm(this.clock.now() + next);
    }
  }

  /** A failed run is a server error like any other: an error occurrence in its group, for the Errors tab. */
  async #recordFailure(error: unknown): Promise<void> {
    const failure = error instanceof Error ? error : new Error(String(error));
    try {
      const db = this.#db();
      await db.batch(
        errorStatements(
          db,
          {
            errorType: failure.name,
            message: failure.message,
            component: "housekeeper",
            severity: "high",
            stackTrace: failure.stack ?? null,
          },
          null,
          new Date(this.clock.now()),
        ),
      );
    } catch (again) {
      console.error("housekeeper: could not record the failure", again);
    }
  }
}
