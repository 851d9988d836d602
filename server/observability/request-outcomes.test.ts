import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import * as schema from "#db/schema/index.ts";
import { isMeasuredRequest, recordRequestOutcome } from "./request-outcomes.ts";

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("observability-test-");
  db = temp.db;
  return temp.close;
});

/** Records one outcome and waits for exactly the writes it scheduled: no sleeping and hoping. */
async function record(path: string, status: number, headers: Record<string, string> = {}) {
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {} } as unknown as ExecutionContext;
  const request = new Request(`https://identity.example${path}`, { headers });
  recordRequestOutcome(ctx, db, { request, status, durationMs: 12, requestId: crypto.randomUUID() });
  await Promise.all(pending);
  return pending.length;
}

describe("request outcome recording", () => {
  it("measures API requests, a signed-out 401 included", async () => {
    await record("/api/auth/user", 401);
    const rows = await db.select().from(schema.performanceMetrics);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ metricType: "response_time", endpoint: "GET /api/auth/user", value: 12 });
  });

  it("does not measure the dashboard's 2 s stats poll, nor any request marked as a background poll", async () => {
    expect(await record("/api/dashboard/stats", 200)).toBe(0);
    expect(await record("/api/dashboard/stats/", 401)).toBe(0);
    expect(await record("/api/analytics/events", 200, { "X-Background-Poll": "1" })).toBe(0);
    expect(await db.select().from(schema.performanceMetrics)).toEqual([]);
  });

  it("still logs a background poll's server error, marked as outside the measured population", async () => {
    await record("/api/dashboard/stats", 500, { "X-Background-Poll": "1" });
    await record("/api/auth/user", 503);
    await record("/wallet", 500);
    const errors = await db.select().from(schema.errorLogs);
    expect(errors.map((e) => e.context).sort((a, b) => String(a!.path).localeCompare(String(b!.path)))).toEqual([
      { method: "GET", path: "/api/auth/user", measured: true },
      { method: "GET", path: "/api/dashboard/stats", measured: false },
      { method: "GET", path: "/wallet", measured: false },
    ]);
    // Exactly one response time: the measured API request's.
    expect((await db.select().from(schema.performanceMetrics)).map((m) => m.endpoint)).toEqual(["GET /api/auth/user"]);
  });

  it("classifies requests: API yes, pages no, polls no", () => {
    const req = (path: string, headers: Record<string, string> = {}) => new Request(`https://identity.example${path}`, { headers });
    expect(isMeasuredRequest(req("/api/wallet/credentials"))).toBe(true);
    expect(isMeasuredRequest(req("/wallet"))).toBe(false);
    expect(isMeasuredRequest(req("/api/dashboard/stats"))).toBe(false);
    expect(isMeasuredRequest(req("/api/wallet/credentials", { "X-Background-Poll": "1" }))).toBe(false);
    // Only the exact marker counts.
    expect(isMeasuredRequest(req("/api/wallet/credentials", { "X-Background-Poll": "0" }))).toBe(true);
  });
});
