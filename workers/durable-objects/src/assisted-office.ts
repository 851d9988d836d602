import { DurableObject } from "cloudflare:workers";
import { OfficeChange, SupervisorCall, WATCHER_ROLES, type AssistedOfficeApi, type OfficeMessage } from "#server/assisted/office-feed.ts";
import type { DurableObjectsEnv } from "./env.ts";

/**
 * One office's live board (idFromName(officeId); server/assisted/office-feed.ts): the consoles of
 * the office hold hibernating WebSockets here, tagged with their role, and hear what changed.
 * It stores nothing: a console that was away reads the office's lists again when it reconnects.
 */
export class AssistedOffice extends DurableObject<DurableObjectsEnv> implements AssistedOfficeApi {
  private send(message: OfficeMessage, tag?: string): number {
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

  async changed(input: unknown): Promise<number> {
    return this.send({ type: "changed", ...OfficeChange.parse(input) });
  }

  async callSupervisor(input: unknown): Promise<number> {
    return this.send({ type: "supervisor-call", ...SupervisorCall.parse(input) }, "supervisor");
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const role = new URL(request.url).searchParams.get("role");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [WATCHER_ROLES.find((r) => r === role) ?? "operator"]);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") socket.send(JSON.stringify({ type: "pong" }));
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }
}
