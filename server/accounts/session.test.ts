import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { createSession, getActiveSession, SESSION_COOKIE } from "./session.ts";

/**
 * How often a request reads the session: once per GET however many loaders ask (root.tsx and the
 * route's loader both call getUser on a page load), afresh for other methods.
 */
let db: Database;
let sessionReads: number;

beforeEach(async () => {
  sessionReads = 0;
  const temp = await openTempDatabase("session-test-", {
    logger: { logQuery: (query) => void (/^select .* from "sessions"/i.test(query) && sessionReads++) },
  });
  db = temp.db;
  return temp.close;
});

const newContext = () => ({
  db,
  env: { SESSION_SECRET: "session-test-secret-0123456789abcdef" },
  ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
});

async function signedInCookie(): Promise<string> {
  const [user] = await db.insert(schema.users).values({ username: "reader", passwordHash: "x" }).returning();
  const { setCookie } = await createSession(new Request("https://identity.example/login"), newContext(), user!.id);
  return setCookie.split(";")[0]!.slice(SESSION_COOKIE.length + 1);
}

const request = (token: string, method = "GET") =>
  new Request("https://identity.example/", { method, headers: { Cookie: `${SESSION_COOKIE}=${token}` } });

describe("session reads per request", () => {
  it("reads the session once for a GET page load, however many loaders ask", async () => {
    const token = await signedInCookie();
    const context = newContext();
    const page = request(token);
    // The root loader and the route loader run together with the same load context.
    const [root, route] = await Promise.all([
      getActiveSession(page, context),
      getActiveSession(new Request(page), context),
    ]);
    expect(root?.user.username).toBe("reader");
    expect(route).toBe(root);
    expect(sessionReads).toBe(1);
  });

  it("reads afresh for each request, and for each call of a non-GET request", async () => {
    const token = await signedInCookie();
    await getActiveSession(request(token), newContext());
    await getActiveSession(request(token), newContext());
    expect(sessionReads).toBe(2);
    const post = newContext();
    await getActiveSession(request(token, "POST"), post);
    await getActiveSession(request(token, "POST"), post);
    expect(sessionReads).toBe(4);
  });
});
