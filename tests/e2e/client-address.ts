import { closeSync, openSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { join } from "node:path";
import { inject } from "vitest";

/**
 * Every browser a test opens is a client of its own, at an address of its own, as two people on
 * two networks are. The product keys per-client limits on the address the edge saw (the analytics
 * track limiter: 120 events a minute per client), so browsers sharing 127.0.0.1 would share one
 * budget, and a file that browses a lot could spend another file's: a test must own its limits.
 *
 * Chromium cannot choose its source address, so each browser talks through a small forward proxy
 * of its own (`--proxy-server`) that opens every connection to the stack from a loopback address
 * claimed for that browser. The URL, Host and Origin the product sees are unchanged; only the
 * socket's address differs, and the local edge stamps CF-Connecting-IP from it as Cloudflare does.
 */
export interface ClientProxy {
  /** Chromium arguments that route every request of the browser through the proxy, loopback included. */
  args: string[];
  /** The loopback address the stack sees for this browser. */
  address: string;
  close(): Promise<void>;
}

/**
 * A loopback address no other browser of this run has had. Claimed by creating a file exclusively
 * in the run's directory (stack-global-setup.ts provides it), so claims hold across the test
 * files' worker processes without a coordinator. 127.0.0.1 itself stays for Node-side callers.
 */
function claimAddress(): string {
  const dir = inject("clientAddressDir");
  for (let n = 1; n < 65_536; n++) {
    try {
      closeSync(openSync(join(dir, String(n)), "wx"));
      return `127.1.${n >> 8}.${n & 255}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error("no loopback address left for another browser");
}

/** `localhost` and 127.0.0.1 name the edge's IPv4 listener; nothing else is forwarded. */
function upstreamHost(hostname: string, allowed: URL): string | undefined {
  if (hostname !== "localhost" && hostname !== allowed.hostname) return undefined;
  return "127.0.0.1";
}

export async function startClientProxy(stackUrl: string): Promise<ClientProxy> {
  const address = claimAddress();
  const stack = new URL(stackUrl);
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    // A proxied request carries the absolute URL (absolute-form request target).
    const target = URL.canParse(request.url ?? "") ? new URL(request.url!) : undefined;
    const host = target && target.port === stack.port ? upstreamHost(target.hostname, stack) : undefined;
    if (!target || !host) {
      response.writeHead(502).end("only the stack under test is reachable from test browsers");
      return;
    }
    const headers = { ...request.headers };
    delete headers["proxy-connection"];
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
        answer.pipe(response);
        answer.on("error", () => response.destroy());
      },
    );
    // A browser that closes a tab, or a stack that drops a connection, resets a socket: the other
    // side is closed too, and nothing is thrown into the test run.
    upstream.on("error", () => response.destroy());
    request.on("error", () => upstream.destroy());
    response.on("error", () => upstream.destroy());
    request.pipe(upstream);
  });
  // WebSockets (the live consoles) reach the stack through a CONNECT tunnel.
  server.on("connect", (request, client: Socket, head: Buffer) => {
    const [hostname = "", port = ""] = (request.url ?? "").split(/:(?=\d+$)/);
    const host = port === stack.port ? upstreamHost(hostname, stack) : undefined;
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
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    // One side reset: end the other gracefully, so the stack sees a closed socket, not a reset.
    upstream.on("error", () => client.end());
    client.on("error", () => upstream.end());
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const proxy = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    // `<-loopback>` takes back Chromium's implicit bypass of loopback addresses.
    args: [`--proxy-server=${proxy}`, "--proxy-bypass-list=<-loopback>"],
    address,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
