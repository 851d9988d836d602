import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { type LocalEdge, startLocalEdge } from "./local-edge.ts";

/** The tunnels /open keeps, upstream's side. */
const upstreamSockets: Duplex[] = [];

/** An upstream standing in for wrangler dev: it answers with the client address it was given. */
async function upstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(
      JSON.stringify({ address: request.headers["cf-connecting-ip"] ?? null, path: request.url, body: null }),
    );
  });
  server.on("upgrade", (request, socket) => {
    const handshake = `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Seen-Address: ${request.headers["cf-connecting-ip"] ?? "none"}\r\n\r\n`;
    // /open keeps the tunnel open (a console's live feed); anything else closes it at once.
    if (request.url !== "/open") return void socket.end(handshake);
    socket.on("error", () => undefined);
    socket.write(handshake);
    upstreamSockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function edgeInFront(): Promise<LocalEdge> {
  const { server, url } = await upstream();
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const edge = await startLocalEdge(0, url);
  closers.push(edge.close);
  return edge;
}

describe("the local edge in front of wrangler dev", () => {
  it("sets CF-Connecting-IP from the socket, replacing whatever the client sent", async () => {
    const edge = await edgeInFront();
    for (const sent of [undefined, "203.0.113.9", "10.0.0.1, 198.51.100.7"]) {
      const response = await fetch(`${edge.url}/api/auth/login?x=1`, {
        headers: sent ? { "CF-Connecting-IP": sent } : {},
      });
      expect(await response.json()).toEqual({ address: "127.0.0.1", path: "/api/auth/login?x=1", body: null });
    }
  });

  it("does the same for a WebSocket handshake", async () => {
    const edge = await edgeInFront();
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      const handshake = httpRequest(`${edge.url}/api/assisted/office/live`, {
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
          "CF-Connecting-IP": "203.0.113.9",
        },
      });
      handshake.on("upgrade", (response, socket) => {
        socket.destroy();
        resolve(response.headers);
      });
      handshake.on("error", reject);
      handshake.end();
    });
    expect(headers["x-seen-address"]).toBe("127.0.0.1");
  });

  it("lives on when a client resets its WebSocket: the tunnel's other side is ended, and the next client is answered", async () => {
    const edge = await edgeInFront();
    const { port } = new URL(edge.url);
    const client: Socket = connect(Number(port), "127.0.0.1");
    client.on("error", () => undefined);
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    client.write(
      "GET /open HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
    );
    await new Promise<void>((resolve) => client.once("data", () => resolve()));
    const tunnel = upstreamSockets.at(-1)!;
    const ended = new Promise<void>((resolve) => tunnel.once("end", () => resolve()));
    // A TCP reset, as a browser's proxy sends when a test closes its page: ECONNRESET at the edge.
    client.resetAndDestroy();
    await ended;
    tunnel.destroy();
    const response = await fetch(`${edge.url}/after`);
    expect(await response.json()).toEqual({ address: "127.0.0.1", path: "/after", body: null });
  });

  it("answers 502 with a message while the workers are not listening", async () => {
    const edge = await startLocalEdge(0, "http://127.0.0.1:9");
    closers.push(edge.close);
    const response = await fetch(`${edge.url}/`);
    expect(response.status).toBe(502);
    expect(await response.text()).toMatch(/not answering/);
  });

  it("holds its port before it has an upstream, answering 502 until it is told where wrangler is", async () => {
    const edge = await startLocalEdge(0);
    closers.push(edge.close);
    const early = await fetch(`${edge.url}/status/health`);
    expect(early.status).toBe(502);
    expect(await early.text()).toMatch(/not answering/);

    const { server, url } = await upstream();
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    edge.forwardTo(url);
    const later = await fetch(`${edge.url}/status/health`);
    expect(await later.json()).toEqual({ address: "127.0.0.1", path: "/status/health", body: null });
  });
});
