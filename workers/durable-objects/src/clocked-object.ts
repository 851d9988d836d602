import { DurableObject } from "cloudflare:workers";
import { type Clock, systemClock } from "#server/worker/clock.ts";
import { type DurableObjectsEnv, parseDurableObjectsEnv } from "./env.ts";
import { Watchers } from "./watchers.ts";

/**
 * An object that keeps state over time: its bindings validated once, a clock tests can replace,
 * and the consoles watching it (./watchers.ts). Every object of this worker is one.
 *
 * What a worker holding a binding may call is a class's public prototype methods (RPC). Helpers are
 * ECMAScript-private (`#name`) in each class, and the watchers an instance field: neither is on the
 * prototype, so neither is reachable over RPC (TypeScript's `private` would be: ADR 022).
 */
export abstract class ClockedObject extends DurableObject<DurableObjectsEnv> {
  /** Where the object reads the time; tests pass another clock. */
  clock: Clock = systemClock;

  /** The consoles watching this object. */
  protected readonly watchers: Watchers;

  constructor(ctx: DurableObjectState, env: DurableObjectsEnv) {
    super(ctx, parseDurableObjectsEnv(env));
    this.watchers = new Watchers(ctx, this.env, () => this.clock.now());
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 (no status, abnormal) may not be sent back: answer a plain normal closure.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }
}
