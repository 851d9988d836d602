import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ClientProxy, startClientProxy } from "./client-address.ts";

/** A stand-in for the stack: answers with the address its socket came from and the Host it was sent. */
let stack: Server;
let stackUrl: string;
let claims: string;
const proxies: ClientProxy[] = [];

beforeAll(async () => {
  claims = mkdtempSync(join(tmpdir(), "client-address-"));
  stack = createServer((req, res) =>
    res.end(JSON.stringify({ from: req.socket.remoteAddress, host: req.headers.host })),
  );
  await new Promise<void>((resolve) => stack.listen(0, "127.0.0.1", resolve));
  stackUrl = `http://127.0.0.1:${(stack.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await new Promise((resolve) => stack.close(resolve));
  rmSync(claims, { recursive: true, force: true });
});

async function proxyFor(): Promise<{ proxy: ClientProxy; port: number }> {
  const proxy = await startClientProxy(stackUrl, claims);
  proxies.push(proxy);
  return { proxy, port: Number(new URL(proxy.server).port) };
}

/** A request as a browser sends it to its proxy: the absolute URL as the request target. */
function viaProxy(port: number, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, headers: { Host: new URL(url).host } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a test browser's own client address (tests/support/client-address.ts, ADR 025)", () => {
  it("keeps the build's fingerprinted files after their first answer; every other request reaches the stack", async () => {
    const first = await proxyFor();
    const second = await proxyFor();
    const file = `${stackUrl}/build/_shared/chunk-${crypto.randomUUID()}.js`;
    const fromStack = await viaProxy(first.port, file);
    // The second browser gets the first answer (the address it names is the first browser's): the stack was not asked again.
    expect(await viaProxy(second.port, file)).toEqual(fromStack);
    expect(JSON.parse(fromStack.body).from).toBe(first.proxy.address);
    // A page, or a path outside /build/, is asked for every time.
    const page = `${stackUrl}/wallet`;
    expect(JSON.parse((await viaProxy(first.port, page)).body).from).toBe(first.proxy.address);
    expect(JSON.parse((await viaProxy(second.port, page)).body).from).toBe(second.proxy.address);
  });

  it("reaches the stack from an address of its own, with the URL and Host unchanged; each browser its own", async () => {
    const first = await proxyFor();
    const second = await proxyFor();
    expect(first.proxy.address).not.toBe(second.proxy.address);
    for (const { proxy, port } of [first, second]) {
      expect(proxy.address).toMatch(/^127\.1\.\d+\.\d+$/);
      const answer = await viaProxy(port, `${stackUrl}/about?x=1`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ from: proxy.address, host: new URL(stackUrl).host });
    }
  });

  it("tunnels a WebSocket's CONNECT to the stack from the same address", async () => {
    const { proxy, port } = await proxyFor();
    const socket = connect(port, "127.0.0.1");
    const { host } = new URL(stackUrl);
    socket.write(`CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    await new Promise((resolve) => socket.on("close", resolve));
    expect(received).toMatch(/^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(received).toContain(JSON.stringify({ from: proxy.address, host }));
  });

  it("forwards nothing but the stack: another host or port is refused with 502", async () => {
    const { port } = await proxyFor();
    expect((await viaProxy(port, "http://127.0.0.1:9/")).status).toBe(502);
    expect((await viaProxy(port, `http://example.com:${new URL(stackUrl).port}/`)).status).toBe(502);
  });

  it("throws nothing into the run when a browser resets a refused CONNECT (Chromium's own hosts)", async () => {
    const thrown: unknown[] = [];
    const record = (error: unknown) => thrown.push(error);
    process.on("uncaughtException", record);
    try {
      const { port } = await proxyFor();
      const socket = connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write("CONNECT clients2.google.com:443 HTTP/1.1\r\nHost: clients2.google.com:443\r\n\r\n");
      await new Promise((resolve) => socket.once("data", resolve));
      socket.resetAndDestroy();
      // What is checked is that nothing happens: give the proxy's side of the reset time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off("uncaughtException", record);
    }
    expect(thrown).toEqual([]);
  });
});
