import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Databases that fail the way a hosted libSQL fails, for the outage tests (ADR 032). Workerd tests
 * cannot listen on a port, so a broker in Node (started by libsql-global-setup.ts) makes one
 * stand-in per test on a port of its own, and the test points a worker's LIBSQL_URL at it; the
 * worker talks to it through the real libSQL client.
 *
 *  - `hang`: accepts every connection and reads every request, and never answers (a paused
 *    server, a partitioned network);
 *  - `refuse`: nothing listens on its port (a server that is down): every connection is refused;
 *  - `hold-batch`: a proxy to the real test database that forwards everything but a batch, and
 *    answers a batch never (the database went away as the batch was sent);
 *  - `lose-batch-answer`: forwards a batch too, lets the database run it, and never hands back the
 *    answer (the database went away after committing).
 *
 * Broker API (JSON): POST /stand-ins {kind} -> {id, url}; GET /stand-ins/{id} -> what it saw;
 * DELETE /stand-ins/{id} closes it.
 */
declare module "vitest" {
  interface ProvidedContext {
    /** The broker's URL, provided by libsql-global-setup.ts to every workerd project (./database-stand-in.ts). */
    databaseStandIns: string;
  }
}

const STAND_IN_KINDS = ["hang", "refuse", "hold-batch", "lose-batch-answer"] as const;
export type StandInKind = (typeof STAND_IN_KINDS)[number];

/** What a stand-in has seen: database requests, and of them each batch, as the SQL it carried. */
export interface StandInSeen {
  requests: number;
  batches: string[][];
}

export interface StandIn {
  url: string;
  seen: StandInSeen;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Headers of the connection, not of the request: the forwarded request gets its own. */
const HOP_HEADERS = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

interface Pipeline {
  requests?: { type?: string; sql?: string; batch?: { steps?: { stmt?: { sql?: string } }[] } }[];
}

/**
 * The SQL of a Hrana pipeline that runs a batch (every `client.batch()` and drizzle `db.batch()`
 * does), statements stored for it included; undefined for any other pipeline.
 */
function batchSql(body: Buffer): string[] | undefined {
  let parsed: Pipeline;
  try {
    parsed = JSON.parse(body.toString("utf8")) as Pipeline;
  } catch {
    return undefined;
  }
  const requests = parsed.requests ?? [];
  if (!requests.some((r) => r.type === "batch")) return undefined;
  return requests.flatMap((r) => [
    ...(r.sql ? [r.sql] : []),
    ...(r.batch?.steps ?? []).flatMap((step) => (step.stmt?.sql ? [step.stmt.sql] : [])),
  ]);
}

export async function startStandIn(kind: StandInKind, database: string): Promise<StandIn> {
  const seen: StandInSeen = { requests: 0, batches: [] };
  if (kind === "refuse") {
    // A port that was free a moment ago and that nothing listens on now: connections are refused.
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    return { url: `http://127.0.0.1:${port}`, seen, close: async () => undefined };
  }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      seen.requests++;
      const sql = batchSql(body);
      const batch = sql !== undefined;
      if (sql) seen.batches.push(sql);
      if (kind === "hang" || (kind === "hold-batch" && batch)) return; // never answered
      const forwarded = await fetch(new URL(request.url ?? "/", database), {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string" && !HOP_HEADERS.has(entry[0]),
          ),
        ),
        body: request.method === "GET" || request.method === "HEAD" ? undefined : body,
      });
      const answer = Buffer.from(await forwarded.arrayBuffer());
      if (kind === "lose-batch-answer" && batch) return; // the database ran it; its answer never arrives
      response.writeHead(forwarded.status, { "Content-Type": forwarded.headers.get("content-type") ?? "text/plain" });
      response.end(answer);
    })().catch(() => response.destroy());
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, seen, close: () => closeServer(server) };
}

export interface StandInBroker {
  url: string;
  close(): Promise<void>;
}

/** The broker: stand-ins made on request, each proxying (where its kind does) to `database`. */
export async function startStandInBroker(database: string): Promise<StandInBroker> {
  const standIns = new Map<string, StandIn>();
  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const path = new URL(request.url ?? "/", "http://broker").pathname;
      const id = /^\/stand-ins\/([0-9a-f-]{36})$/.exec(path)?.[1];
      if (request.method === "POST" && path === "/stand-ins") {
        const { kind } = JSON.parse((await readBody(request)).toString("utf8")) as { kind: StandInKind };
        if (!STAND_IN_KINDS.includes(kind)) return send(400, { message: `unknown kind ${kind}` });
        const standIn = await startStandIn(kind, database);
        const made = crypto.randomUUID();
        standIns.set(made, standIn);
        return send(201, { id: made, url: standIn.url });
      }
      const standIn = id ? standIns.get(id) : undefined;
      if (!standIn || !id) return send(404, { message: "no such stand-in" });
      if (request.method === "GET") return send(200, standIn.seen);
      if (request.method === "DELETE") {
        standIns.delete(id);
        await standIn.close();
        return send(200, standIn.seen);
      }
      return send(405, { message: "method not allowed" });
    })().catch((error: unknown) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ message: String(error) }));
    });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await Promise.all([...standIns.values()].map((standIn) => standIn.close()));
      standIns.clear();
      await closeServer(server);
    },
  };
}
