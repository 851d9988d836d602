import { DurableObject } from "cloudflare:workers";
import { systemClock, type Clock } from "#server/worker/clock.ts";
import { parseDurableObjectsEnv, type DurableObjectsEnv } from "./env.ts";

/** An object that keeps state over time: its bindings validated once, and a clock tests can replace. */
export abstract class ClockedObject extends DurableObject<DurableObjectsEnv> {
  /** Where the object reads the time; tests pass another clock. */
  clock: Clock = systemClock;

  constructor(ctx: DurableObjectState, env: DurableObjectsEnv) {
    super(ctx, parseDurableObjectsEnv(env));
  }
}
