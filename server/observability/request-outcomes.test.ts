import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { audit } from "./audit.ts";
import { RequestRecorder } from "./recorder.ts";
import { isMeasuredRequest, recordRequestOutcome } from "./request-outcomes.ts";

let db: Database;
/** How many db.batch calls (round trips) the code under test made. */
let batches: number;

beforeEach(async () => {
  const temp = await openTempDatabase("observability-test-");
  batches = 0;
  const batch = temp.db.batch.bind(temp.db) as (statements: unknown) => Promise<unknown>;
  const counted = (statements: unknown) => {
    batches++;
    return batch(statements);
  };
  db = Object.assign(Object.create(temp.db) as Database, { batch: counted as unknown as Database["batch"] });
  return temp.close;
});

/** A request as the web worker handles it: a recorder in its context, flushed once after the response; waits for exactly the writes scheduled. */
async function request(
  path: string,
  status: number,
  options: {
    headers?: Record<string, string>;
    during?: (context: { db: Database; ctx: ExecutionContext; requestId: string; recorder: RequestRecorder }) => void;
    error?: unknown;
  } = {},
) {
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => pending.push(p),
    passThroughOnException() {},
  } as unknown as ExecutionContext;
  const requestId = crypto.randomUUID();
  const context = { db, ctx, requestId, recorder: new RequestRecorder(db, ctx, requestId) };
  options.during?.(context);
  const req = new Request(`https://identity.example${path}`, { headers: options.headers });
  recordRequestOutcome(context, { request: req, status, durationMs: 12, error: options.error });
  expect(pending).toHaveLength(0);
  context.recorder.flushAfterResponse();
  await Promise.all(pending);
  return { writes: pending.length, requestId };
}

describe("request outcome recording", () => {
  it("measures API requests, a signed-out 401 included", async () => {
    await request("/api/auth/user", 401);
    const rows = await db.select().from(schema.performanceMetrics);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ metricType: "response_time", endpoint: "GET /api/auth/user", value: 12 });
  });

  it("does not measure the dashboard's 2 s stats poll, nor any request marked as a background poll", async () => {
    expect((await request("/api/dashboard/stats", 200)).writes).toBe(0);
    expect((await request("/api/dashboard/stats/", 401)).writes).toBe(0);
    expect((await request("/api/analytics/events", 200, { headers: { "X-Background-Poll": "1" } })).writes).toBe(0);
    expect(await db.select().from(schema.performanceMetrics)).toEqual([]);
    expect(batches).toBe(0);
  });

  it("still logs a background poll's server error, marked as outside the measured population", async () => {
    await request("/api/dashboard/stats", 500, { headers: { "X-Background-Poll": "1" } });
    await request("/api/auth/user", 503);
    await request("/wallet", 500);
    const errors = await db.select().from(schema.errorLogs);
    expect(errors.map((e) => e.context).sort((a, b) => String(a!.path).localeCompare(String(b!.path)))).toEqual([
      { method: "GET", path: "/api/auth/user", measured: true },
      { method: "GET", path: "/api/dashboard/stats", measured: false },
      { method: "GET", path: "/wallet", measured: false },
    ]);
    // Exactly one response time: the measured API request's.
    expect((await db.select().from(schema.performanceMetrics)).map((m) => m.endpoint)).toEqual(["GET /api/auth/user"]);
  });

  it("writes a request's audit events, response time, error, its group and its log line in one batch after the response, all with the request id", async () => {
    const thrown = new TypeError("Cannot read properties of undefined (reading 'id')");
    const { writes, requestId } = await request("/api/wallet/credentials", 500, {
      error: thrown,
      during: (context) => {
        audit(context, {
          level: "warn",
          category: "authz",
          event: "permission denied",
          username: "ann",
          reason: "view:analytics",
        });
        audit(context, { level: "info", category: "auth", event: "login succeeded", username: "ann" });
      },
    });
    expect([writes, batches]).toEqual([1, 1]);
    const logs = await db.select().from(schema.systemLogs);
    expect(logs.map((l) => [l.category, l.message, l.requestId]).sort()).toEqual([
      ["auth", 'login succeeded user="ann"', requestId],
      ["authz", 'permission denied user="ann" reason=view:analytics', requestId],
      ["request", "GET /api/wallet/credentials answered 500", requestId],
    ]);
    const [error] = await db.select().from(schema.errorLogs);
    expect(error).toMatchObject({
      errorType: "TypeError",
      component: "web",
      severity: "critical",
      errorCode: "500",
      requestId,
    });
    const [group] = await db.select().from(schema.errorGroups);
    expect(group).toMatchObject({
      fingerprint: error!.fingerprint,
      occurrences: 1,
      message: "Cannot read properties of undefined (reading <value>)",
    });
    expect((await db.select().from(schema.performanceMetrics)).map((m) => [m.endpoint, m.metadata])).toEqual([
      ["GET /api/wallet/credentials", { status: 500, requestId }],
    ]);
  });

  it("writes an audit event that arrives after the batch has gone on its own, rather than losing it", async () => {
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      passThroughOnException() {},
    } as unknown as ExecutionContext;
    const context = { db, ctx, requestId: "late", recorder: new RequestRecorder(db, ctx, "late") };
    context.recorder.flushAfterResponse();
    audit(context, { level: "info", category: "auth", event: "logout" });
    await Promise.all(pending);
    expect((await db.select().from(schema.systemLogs)).map((l) => l.message)).toEqual(["logout"]);
  });

  it("classifies requests: API yes, pages no, polls no", () => {
    const req = (path: string, headers: Record<string, string> = {}) =>
      new Request(`https://identity.example${path}`, { headers });
    expect(isMeasuredRequest(req("/api/wallet/credentials"))).toBe(true);
    expect(isMeasuredRequest(req("/wallet"))).toBe(false);
    expect(isMeasuredRequest(req("/api/dashboard/stats"))).toBe(false);
    expect(isMeasuredRequest(req("/api/wallet/credentials", { "X-Background-Poll": "1" }))).toBe(false);
    // Only the exact marker counts.
    expect(isMeasuredRequest(req("/api/wallet/credentials", { "X-Background-Poll": "0" }))).toBe(true);
  });
});
