import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { errorFingerprint } from "#core/analytics/fingerprint.ts";
import { recurringErrors } from "#core/gabriel/rules.ts";
import type { Database } from "#db/client.ts";
import { errorGroups, errorLogs } from "#db/schema/index.ts";
import { readPlatformEvents } from "#server/gabriel/events.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { type ErrorOccurrenceInput, recordError } from "./errors.ts";
import { RequestRecorder } from "./recorder.ts";

let db: Database;

beforeEach(async () => {
  const temp = await openTempDatabase("error-groups-test-");
  db = temp.db;
  return temp.close;
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute));

/** Records occurrences through a request recorder and flushes it, as the web worker does after the response. */
async function occur(input: Partial<ErrorOccurrenceInput>, when: Date) {
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => pending.push(p),
    passThroughOnException() {},
  } as unknown as ExecutionContext;
  const recorder = new RequestRecorder(db, ctx, "req-1");
  recordError(
    { db, ctx, requestId: "req-1", recorder },
    { errorType: "TypeError", component: "wallet", message: "Credential 1 missing", severity: "medium", ...input },
    when,
  );
  expect([recorder.size, pending.length]).toEqual([2, 0]);
  recorder.flushAfterResponse();
  expect(pending).toHaveLength(1);
  await Promise.all(pending);
}

describe("error grouping", () => {
  it("groups occurrences by fingerprint with first seen, last seen and a count", async () => {
    await occur({ message: "Credential 17 missing" }, at(0));
    await occur({ message: "Credential 99 missing" }, at(5));
    await occur({ message: "Credential 3 missing", component: "shares" }, at(6));
    const groups = await db.select().from(errorGroups).orderBy(errorGroups.component);
    expect(
      groups.map((g) => [g.component, g.message, g.occurrences, g.firstSeen.toISOString(), g.lastSeen.toISOString()]),
    ).toEqual([
      ["shares", "Credential <n> missing", 1, at(6).toISOString(), at(6).toISOString()],
      ["wallet", "Credential <n> missing", 2, at(0).toISOString(), at(5).toISOString()],
    ]);
    const logs = await db.select().from(errorLogs).where(eq(errorLogs.component, "wallet"));
    expect(logs.map((l) => [l.message, l.fingerprint, l.requestId])).toEqual(
      expect.arrayContaining([
        ["Credential 17 missing", errorFingerprint("TypeError", "wallet", "Credential 5 missing"), "req-1"],
        ["Credential 99 missing", errorFingerprint("TypeError", "wallet", "Credential 1 missing"), "req-1"],
      ]),
    );
  });

  it("keeps the gravest severity seen, and a late-arriving occurrence does not move last seen back", async () => {
    await occur({ severity: "high" }, at(10));
    await occur({ severity: "low" }, at(3));
    const [group] = await db.select().from(errorGroups);
    expect(group).toMatchObject({ severity: "high", occurrences: 2 });
    expect(group!.lastSeen.toISOString()).toBe(at(10).toISOString());
    await occur({ severity: "critical" }, at(11));
    expect((await db.select().from(errorGroups))[0]!.severity).toBe("critical");
  });

  it("reopens a resolved group as regressed when it happens again", async () => {
    await occur({}, at(0));
    await db.update(errorGroups).set({ resolved: true, resolvedAt: at(1) });
    await occur({}, at(2));
    const [group] = await db.select().from(errorGroups);
    expect(group).toMatchObject({ resolved: false, occurrences: 2 });
    expect(group!.regressedAt?.toISOString()).toBe(at(2).toISOString());
    // Who resolved it and when stay as history.
    expect(group!.resolvedAt?.toISOString()).toBe(at(1).toISOString());
    // A further occurrence of an open group does not move the regression time.
    await occur({}, at(3));
    expect((await db.select().from(errorGroups))[0]!.regressedAt?.toISOString()).toBe(at(2).toISOString());
  });

  it("is not reopened by an occurrence from before it was resolved that is written late", async () => {
    await occur({}, at(0));
    await db.update(errorGroups).set({ resolved: true, resolvedAt: at(5) });
    // A request that failed at minute 4 and whose rows arrive after Mark Resolved.
    await occur({}, at(4));
    const [group] = await db.select().from(errorGroups);
    expect(group).toMatchObject({ resolved: true, occurrences: 2, regressedAt: null });
  });

  it("writes at once where there is no request recorder (a Durable Object, a script)", async () => {
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      passThroughOnException() {},
    } as unknown as ExecutionContext;
    recordError(
      { db, ctx, requestId: "do-1" },
      { errorType: "Error", component: "housekeeper", message: "boom", severity: "low" },
      at(0),
    );
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect((await db.select().from(errorLogs)).map((l) => l.requestId)).toEqual(["do-1"]);
    expect((await db.select().from(errorGroups)).map((g) => g.occurrences)).toEqual([1]);
  });
});

describe("one fingerprint for the Errors tab and Gabriel (docs/decisions/026)", () => {
  it("has Gabriel's recurring-errors agent find exactly the groups recorded here, from the rows it reads", async () => {
    const threshold = 5;
    const stream: Partial<ErrorOccurrenceInput>[] = [
      // One group whatever ids, counts and addresses it carries.
      ...Array.from({ length: 5 }, (_, i) => ({
        message: `Request 9f1c2a9e-6f55-4c1b-9a7e-2b8f0f6d9c1${i} failed after ${100 + i} ms for someone${i}@example.org`,
      })),
      // No type is recorded as "Error"; a component and a message beyond their columns are cut as recorded.
      ...Array.from({ length: 5 }, (_, i) => ({
        errorType: "",
        component: `${"c".repeat(100)}${i}`,
        message: `Upstream ERR_50${i} ${"x".repeat(2000)}${i}`,
      })),
      // Case counts: three and two are two groups, neither recurring.
      ...Array.from({ length: 5 }, (_, i) => ({ message: i < 3 ? "Upstream timeout" : "upstream timeout" })),
    ];
    for (const [i, occurrence] of stream.entries()) await occur(occurrence, at(i % 5));

    const rows = await db.select({ id: errorLogs.id, fingerprint: errorLogs.fingerprint }).from(errorLogs);
    const groups = await db.select().from(errorGroups);
    expect(groups.map((g) => g.occurrences).sort()).toEqual([2, 3, 5, 5]);
    const recurring = groups
      .filter((g) => g.occurrences >= threshold)
      .map((g) =>
        rows
          .filter((row) => row.fingerprint === g.fingerprint)
          .map((row) => `error_logs:${row.id}`)
          .sort(),
      )
      .sort();

    const events = await readPlatformEvents(db, at(-1), at(10));
    const findings = recurringErrors(events, { errorRepeatThreshold: threshold, errorWindowMinutes: 60 }, at(10));
    expect(findings.map((finding) => [...finding.evidence].sort()).sort()).toEqual(recurring);
  });
});
