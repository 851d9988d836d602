import { ACCESS_CHANGED_CLOSE } from "#core/accounts/live.ts";
import { createDb, type Database } from "#db/client.ts";
import { grantsStillHeld, type WatcherGrant } from "#server/accounts/live-access.ts";
import type { DurableObjectsEnv } from "./env.ts";

/**
 * Whether to go on talking to `socket`, given the grants that still hold (null: nothing to go by).
 * Signed out, expired, or no longer entitled: the console is told so and the socket closed.
 */
function keep(socket: WebSocket, held: Set<string> | null): boolean {
  const grant = socket.deserializeAttachment() as WatcherGrant | null;
  if (!grant || !held || held.has(grant.sid)) return true;
  try {
    socket.close(ACCESS_CHANGED_CLOSE, "Your access has changed: sign in again");
  } catch {
    // Already closing.
  }
  return false;
}

/**
 * The consoles watching one object over hibernating WebSockets: accepted with tags, told of each
 * change (each after its access is checked again), closed when that access has gone.
 *
 * A plain class, not part of any object's prototype: an object holds it in an instance field, and
 * RPC reaches only methods on a Durable Object class's prototype, so no worker holding a binding
 * can broadcast to an object's watchers or open a socket past the caller's checks (ADR 022).
 */
export class Watchers {
  readonly #ctx: DurableObjectState;
  /** The object's bindings (validated). */
  readonly #env: DurableObjectsEnv;
  /** The object's clock (read at each check: tests replace the object's clock after it starts). */
  readonly #now: () => number;
  /** The client the watchers' access is checked with, made once. */
  #db: Database | undefined;
  /** Messages go out in the order they were made, each after its watchers' access is checked. */
  #delivery: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: DurableObjectsEnv, now: () => number) {
    this.#ctx = ctx;
    this.#env = env;
    this.#now = now;
  }

  /**
   * Sends `message` to every watcher (with `tag`, only those) whose access still holds; resolves to
   * how many it reached. Sync callers need not wait: the order of messages is kept.
   */
  broadcast(message: unknown, tag?: string): Promise<number> {
    const text = JSON.stringify(message);
    const sent = this.#delivery.then(() => this.#deliver(text, tag));
    this.#delivery = sent.catch(() => undefined);
    return sent;
  }

  async #deliver(text: string, tag: string | undefined): Promise<number> {
    const sockets = this.#ctx.getWebSockets(tag);
    const held = await this.#grantsHeld(sockets);
    let reached = 0;
    for (const socket of sockets) {
      if (!keep(socket, held)) continue;
      try {
        socket.send(text);
        reached++;
      } catch {
        // A socket closing as we send: its console reconnects and reads again.
      }
    }
    return reached;
  }

  /** Whether `socket`'s access still holds (checked now); a socket whose access has gone is closed. */
  async stillAllowed(socket: WebSocket): Promise<boolean> {
    return keep(socket, await this.#grantsHeld([socket]));
  }

  /**
   * The session ids of `sockets`' grants that still hold (one libSQL query), or null when there is
   * nothing to check or libSQL cannot answer: the upgrade was authorised, so a database outage
   * does not silence every console (logged).
   */
  async #grantsHeld(sockets: WebSocket[]): Promise<Set<string> | null> {
    const grants = sockets
      .map((socket) => socket.deserializeAttachment() as WatcherGrant | null)
      .filter((g): g is WatcherGrant => g !== null);
    if (grants.length === 0) return null;
    try {
      this.#db ??= createDb(this.#env);
      return await grantsStillHeld(this.#db, grants, this.#now());
    } catch (error) {
      console.error("live consoles: could not check watchers' access", error);
      return null;
    }
  }

  /**
   * A new watcher: 426 unless `request` is a WebSocket upgrade; otherwise the socket is accepted
   * with `tags` and, when given, `greeting` is its first message (the state it watches). A `grant`
   * (what let the console in) stays with the socket and is checked before every message.
   */
  watch(request: Request, tags: string[] = [], greeting?: unknown, grant?: WatcherGrant | null): Response {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.#ctx.acceptWebSocket(server, tags);
    if (grant) server.serializeAttachment(grant);
    if (greeting !== undefined) server.send(JSON.stringify(greeting));
    return new Response(null, { status: 101, webSocket: client });
  }
}
