import { DurableObject } from "cloudflare:workers";
import { systemClock, type Clock } from "#server/worker/clock.ts";
import { parseDurableObjectsEnv, type DurableObjectsEnv } from "./env.ts";

/**
 * An object that keeps state over time: its bindings validated once, a clock tests can replace,
 * and the consoles watching it over hibernating WebSockets (accepted with tags, told of each
 * change, closed cleanly). Every object of this worker is one.
 */
export abstract class ClockedObject extends DurableObject<DurableObjectsEnv> {
  /** Where the object reads the time; tests pass another clock. */
  clock: Clock = systemClock;

  constructor(ctx: DurableObjectState, env: DurableObjectsEnv) {
    super(ctx, parseDurableObjectsEnv(env));
  }

  /** Sends `message` to every watcher (with `tag`, only those); returns how many it reached. */
  protected broadcast(message: unknown, tag?: string): number {
    const text = JSON.stringify(message);
    let reached = 0;
    for (const socket of this.ctx.getWebSockets(tag)) {
      try {
        socket.send(text);
        reached++;
      } catch {
        // A socket closing as we send: its console reconnects and reads again.
      }
    }
    return reached;
  }

  /**
   * A new watcher: 426 unless `request` is a WebSocket upgrade; otherwise the socket is accepted
   * with `tags` and, when given, `greeting` is its first message (the state it watches).
   */
  protected watch(request: Request, tags: string[] = [], greeting?: unknown): Response {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    if (greeting !== undefined) server.send(JSON.stringify(greeting));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    // 1005/1006 (no status, abnormal) may not be sent back: answer a plain normal closure.
    socket.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }
}
