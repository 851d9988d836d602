import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SERVICE_UNAVAILABLE_MESSAGE } from "#server/http/errors.ts";
import { systemClock } from "#server/worker/clock.ts";
import { databaseStandIn, OUTAGE_DEADLINE_MS } from "#tests/support/database-stand-in.ts";
import { aStatusList } from "#tests/support/status-list-fixtures.ts";
import { db } from "#tests/support/workerd-database.ts";
import { heldStatusLists } from "./held-lists.ts";
import { ORIGIN, request } from "./test-support.ts";

/**
 * The status worker when its database hangs or refuses connections (issue 20, ADR 032): it serves
 * the last list it signed within that list's ttl (60 s), and 503 after, never a hang. The worker's
 * database is a failing stand-in of the test's own (tests/support/database-stand-in.ts), reached
 * through the real client with a short deadline; the ttl is judged on the test's own clock.
 */
const TTL_SECONDS = 60;
const PROMPT_MS = 3_000;

let now = Date.now();
beforeEach(() => {
  now = Date.now();
  heldStatusLists.clock = { now: () => now };
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  heldStatusLists.clock = systemClock;
  vi.restoreAllMocks();
});

/** A list of the test's own in the working database. */
const storedList = () => aStatusList(db(), ORIGIN);

/** The body as text: a token (application/statuslist+jwt) or a JSON error. */
const textOf = async (response: Response) => new TextDecoder().decode(await response.arrayBuffer());

async function timed(path: string, databaseUrl: string) {
  const started = Date.now();
  const response = await request(path, { LIBSQL_URL: databaseUrl, LIBSQL_DEADLINE_MS: String(OUTAGE_DEADLINE_MS) });
  const body = await textOf(response);
  return { response, body, elapsedMs: Date.now() - started };
}

describe.each(["hang", "refuse"] as const)("GET /status/lists/{id} with a database that %ss", (kind) => {
  it("serves the list it signed last while within its ttl, then answers 503", async () => {
    const id = await storedList();
    const fresh = await request(`/status/lists/${id}`);
    expect(fresh.status).toBe(200);
    const token = await textOf(fresh);
    const standIn = await databaseStandIn(kind);

    now += 30_000;
    const held = await timed(`/status/lists/${id}`, standIn.url);
    expect(held.response.status).toBe(200);
    expect(held.body).toBe(token);
    expect(held.response.headers.get("content-type")).toBe("application/statuslist+jwt");
    expect(held.response.headers.get("cache-control")).toBe(`public, max-age=${TTL_SECONDS}`);
    // Its age, so a cache in front keeps it only for what is left of the ttl.
    expect(Number(held.response.headers.get("age"))).toBeGreaterThanOrEqual(29);
    expect(held.elapsedMs).toBeLessThan(PROMPT_MS);
    if (kind === "hang") expect((await standIn.seen()).requests).toBeGreaterThan(0);

    // Past its ttl no verifier may rely on it: 503, so a revocation is never hidden for longer.
    now += (TTL_SECONDS - 30 + 1) * 1000;
    const stale = await timed(`/status/lists/${id}`, standIn.url);
    expect(stale.response.status).toBe(503);
    expect(JSON.parse(stale.body)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" });
    expect(stale.response.headers.get("retry-after")).toBe("30");
    expect(stale.elapsedMs).toBeLessThan(PROMPT_MS);
  });

  it("answers 503 with Retry-After for a list it holds no copy of, within the deadline", async () => {
    const id = await storedList();
    const standIn = await databaseStandIn(kind);
    const { response, body, elapsedMs } = await timed(`/status/lists/${id}`, standIn.url);
    expect(response.status).toBe(503);
    expect(JSON.parse(body)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" });
    expect(response.headers.get("retry-after")).toBe("30");
    expect(elapsedMs).toBeLessThan(PROMPT_MS);
  });
});
