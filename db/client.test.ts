import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startStandIn } from "#tests/support/database-stand-in-server.ts";
import { createDb } from "./client.ts";
import { isDatabaseUnavailable } from "./errors.ts";

/**
 * Every database call has a deadline (ADR 032): the client's own fetch gives up on a database that
 * does not answer, refuses the connection, stalls half way, or is reported away by a gateway, with
 * one error every worker answers as 503.
 */
const DEADLINE_MS = 200;
/**
 * Without the deadline these calls would wait for ever, so any bound shows it worked: a wide one,
 * so a busy machine that stalls the process for a moment cannot fail the test.
 */
const WITHIN_MS = DEADLINE_MS + 5_000;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A local HTTP server answering every request with `handle`. */
async function server(handle: RequestListener): Promise<string> {
  const s: Server = createServer(handle);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

async function failure(url: string) {
  const db = createDb({ LIBSQL_URL: url, LIBSQL_DEADLINE_MS: String(DEADLINE_MS) });
  const started = Date.now();
  const error = await db.run(sql`select 1`).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { error, elapsedMs: Date.now() - started };
}

describe("createDb's deadline", () => {
  it("gives up on a database that accepts and never answers, at the deadline", async () => {
    const standIn = await startStandIn("hang", "http://127.0.0.1:1");
    closers.push(() => standIn.close());
    const { error, elapsedMs } = await failure(standIn.url);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(elapsedMs).toBeGreaterThanOrEqual(DEADLINE_MS - 20);
    expect(elapsedMs).toBeLessThan(WITHIN_MS);
    expect(standIn.seen.requests).toBeGreaterThanOrEqual(1);
  });

  it("gives up on a database that refuses the connection, at once", async () => {
    const standIn = await startStandIn("refuse", "http://127.0.0.1:1");
    const { error, elapsedMs } = await failure(standIn.url);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(elapsedMs).toBeLessThan(WITHIN_MS);
  });

  it("gives up on an answer that starts and then stalls", async () => {
    const url = await server((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('{"baton":null,"base_url":null,"results":[');
    });
    const { error, elapsedMs } = await failure(url);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(elapsedMs).toBeLessThan(WITHIN_MS);
  });

  it.each([502, 503, 504])("treats a gateway's %i as the database being away", async (status) => {
    const url = await server((_request, response) => {
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end("upstream unavailable");
    });
    expect(isDatabaseUnavailable((await failure(url)).error)).toBe(true);
  });

  it("leaves the database's own refusals as they are (a fault, not an outage)", async () => {
    const url = await server((_request, response) => {
      response.writeHead(401, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ message: "Unauthorized" }));
    });
    const { error } = await failure(url);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
