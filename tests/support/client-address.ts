import { closeSync, openSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { join } from "node:path";

/**
 * Every browser a test opens is a client of its own, at an address of its own, as two people on
 * two networks are. The product keys per-client limits on the address the edge saw (the analytics
 * track limiter: 120 events a minute per client), so browsers sharing 127.0.0.1 would share one
 * budget, and a file that browses a lot could spend another file's: a test must own its limits
 * (ADR 025).
 *
 * Chromium cannot choose its source address, so each browser context talks through a small
 * forward proxy of its own (a context's `proxy` option) that opens every connection to the stack
 * from a loopback address claimed for it. The URL, Host and Origin the product sees are unchanged; only the
 * socket's address differs, and the local edge stamps CF-Connecting-IP from it as Cloudflare does.
 */
export interface ClientProxy {
  /**
   * The proxy's URL, for a browser context's `proxy: { server }` (playwright-core routes loopback
   * through it too: it adds `<-loopback>`, which takes back Chromium's implicit bypass).
   */
  server: string;
  /** The loopback address the stack sees for this browser. */
  address: string;
  close(): Promise<void>;
}

/**
 * A loopback address no other browser of this run has had. Claimed by creating a file exclusively
 * in the run's directory (`claimsDir`), so claims hold across the test files' worker processes
 * without a coordinator. 127.0.0.1 itself stays for Node-side callers.
 */
function claimAddress(claimsDir: string): string {
  for (let n = 1; n < 65_536; n++) {
    try {
      closeSync(openSync(join(claimsDir, String(n)), "wx"));
      return `127.1.${n >> 8}.${n & 255}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error("no loopback address left for another browser");
}

/**
 * Where a request for `hostname:port` goes: the stack's own port, named `localhost` or by the
 * stack's address, reaches its IPv4 listener; nothing else is forwarded (Chromium, routed through
 * the proxy entirely, still tries a few hosts of its own).
 */
function upstreamHost(hostname: string, port: string, stack: URL): string | undefined {
  if (port !== stack.port) return undefined;
  return hostname === "localhost" || hostname === stack.hostname ? "127.0.0.1" : undefined;
}

/** A proxy for one browser in front of the stack at `stackUrl`, from an address claimed in `claimsDir`. */
/**
 * The build's fingerprinted files (`/build/…`: content-hashed, served immutable), kept once per
 * test process as Cloudflare's edge cache keeps them in front of the product: four in five of a
 * browser test's requests are these, and each new test browser starts with an empty cache. The
 * first request for a file reaches the stack; later ones get its answer as the stack gave it.
 */
const buildFiles = new Map<string, { headers: IncomingHttpHeaders; body: Buffer }>();

export async function startClientProxy(stackUrl: string, claimsDir: string): Promise<ClientProxy> {
  const address = claimAddress(claimsDir);
  const stack = new URL(stackUrl);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    if (sockets.has(socket)) return; // a kept-alive upstream socket serving another request
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // Every socket, the browser's and the stack's: a peer that resets one (a browser closing, a
    // refused host dropping the answer) closes it, and nothing is thrown into the test run. The
    // http server stops handling a socket's errors once it is handed over as a CONNECT tunnel.
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((request, response) => {
    // A proxied request carries the absolute URL (absolute-form request target).
    const target = URL.canParse(request.url ?? "") ? new URL(request.url ?? "") : undefined;
    const host = target && upstreamHost(target.hostname, target.port, stack);
    if (!target || !host) {
      response.writeHead(502).end("only the stack under test is reachable from test browsers");
      return;
    }
    const headers = { ...request.headers };
    delete headers["proxy-connection"];
    const buildFile = request.method === "GET" && target.pathname.startsWith("/build/") ? target.pathname : undefined;
    const kept = buildFile && buildFiles.get(buildFile);
    if (kept) {
      response.writeHead(200, kept.headers).end(kept.body);
      return;
    }
    const upstream = httpRequest(
      {
        host,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        headers,
        localAddress: address,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        if (buildFile && answer.statusCode === 200) {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => buildFiles.set(buildFile, { headers: answer.headers, body: Buffer.concat(chunks) }));
        }
        answer.pipe(response);
      },
    );
    upstream.on("socket", track);
    // A side that fails ends the exchange on the other side too.
    upstream.on("error", () => response.destroy());
    response.on("close", () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  server.on("connection", track);
  // WebSockets (the live consoles) reach the stack through a CONNECT tunnel.
  server.on("connect", (request, client: Socket, head: Buffer) => {
    const [hostname = "", port = ""] = (request.url ?? "").split(/:(?=\d+$)/);
    const host = upstreamHost(hostname, port, stack);
    if (!host) {
      client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
      return;
    }
    const upstream = connect({ host, port: Number(port), localAddress: address }, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    address,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
