// The local stand-in for Cloudflare's edge in front of `wrangler dev` (npm start, the browser tests).
// In production the edge sets CF-Connecting-IP to the connecting client's address, replacing any
// value the client sent, and the workers read the client address only from it. Locally, wrangler's
// own entry sets that header from the socket only when the client did not send one, so a client
// could choose its address. This proxy does the edge's job: every request and WebSocket handshake
// reaches wrangler with CF-Connecting-IP set from the socket it came in on, whatever was sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createProxyServer } from "http-proxy-3";

export interface LocalEdge {
  /** http://127.0.0.1:PORT, where clients connect. */
  url: string;
  /**
   * Where requests go from now on. An edge can listen before wrangler has a port (startStack binds
   * the edge's port first, so no other process can take it between choosing it and listening on it).
   */
  forwardTo(upstream: string): void;
  close(): Promise<void>;
}

/** The platform's header, set from the socket (IPv4-mapped IPv6 addresses in their IPv4 form). */
function stampClientAddress(request: IncomingMessage): void {
  const address = request.socket.remoteAddress ?? "";
  request.headers["cf-connecting-ip"] = address.startsWith("::ffff:") ? address.slice(7) : address;
}

/** What a client gets while wrangler is starting or has stopped. */
function notAnswering(response: ServerResponse): void {
  if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
  response.end("The local workers are not answering (wrangler dev).");
}

/**
 * Listens on 127.0.0.1:`port` (0: any free port) and forwards everything to `upstream` (wrangler
 * dev); until it has one (forwardTo), every request is answered as wrangler still starting is.
 */
export async function startLocalEdge(port: number, upstream?: string): Promise<LocalEdge> {
  let target = upstream;
  const proxy = createProxyServer({ ws: true });
  // wrangler still starting, or stopped: the client learns so, and the proxy lives on. A WebSocket
  // client's own socket errors (a closed tab, a reset) come here too (http-proxy-3 listens on the
  // socket as ws() is called): that socket is ended, not the process (local-edge.test.ts).
  proxy.on("error", (_error, _request, response) => {
    if ("writeHead" in response) notAnswering(response);
    else response.destroy();
  });
  const server: Server = createServer((request, response) => {
    stampClientAddress(request);
    if (target) proxy.web(request, response, { target });
    else notAnswering(response);
  });
  server.on("upgrade", (request, socket, head) => {
    stampClientAddress(request);
    if (target) proxy.ws(request, socket, head, { target });
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo: (next) => {
      target = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
