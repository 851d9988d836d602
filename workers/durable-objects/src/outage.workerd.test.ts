import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "#db/errors.ts";
import { assistedSessions, verificationRequests } from "#db/schema/index.ts";
import type { AssistedSessionApi } from "#server/assisted/session-state.ts";
import type { PresentationRequestApi, VerificationResult } from "#server/verification/request-state.ts";
import { databaseStandIn, OUTAGE_DEADLINE_MS } from "#tests/support/database-stand-in.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { AssistedSessionObject } from "./assisted-session.ts";
import type { DurableObjectsEnv } from "./env.ts";
import type { PresentationRequest, Stored } from "./presentation-request.ts";
import { alarmAt, requestRow, stubsWithAlarmsCleared, TestClock, testOffice, testPerson } from "./test-support.ts";

/**
 * Durable Objects when the database hangs or refuses connections (issue 20, ADR 032): they keep
 * their state, answer their callers (an assisted session's command waits for its write-through:
 * at most the deadline), and retry the write-through on their alarm until the database is back. The object's database is a failing stand-in of the test's own
 * (tests/support/database-stand-in.ts) with a short deadline, reached through the real client.
 */
const ns = (env as unknown as { PRESENTATION_REQUESTS: DurableObjectNamespace<PresentationRequest> })
  .PRESENTATION_REQUESTS;
type Stub = DurableObjectStub<PresentationRequest>;
const api = (stub: Stub) => stub as unknown as PresentationRequestApi;
const made = stubsWithAlarmsCleared<Stub>();

/** Longer than the test's deadline, far shorter than a hang: a wait that ends proves the deadline ended it. */
const WAIT = { timeout: 3_000, interval: 25 };
const SYNC_RETRY_MS = 5_000;

afterEach(() => vi.restoreAllMocks());

const stored = (stub: Stub) => runInDurableObject(stub, (_i, state) => state.storage.kv.get<Stored>("state"));
const rowOf = async (id: string) =>
  (await db().select().from(verificationRequests).where(eq(verificationRequests.id, id)))[0]!;

/** An open request (its row, as the verifier worker writes it, and its object) on a clock of the test's own. */
async function openRequest() {
  const id = crypto.randomUUID();
  const clock = new TestClock(Date.now());
  const expiresAt = clock.now() + 10 * 60_000;
  await requestRow(id, expiresAt);
  const stub = ns.get(ns.idFromName(id));
  made.push(stub);
  await runInDurableObject(stub, (instance: PresentationRequest) => {
    instance.clock = clock;
  });
  const state = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await api(stub).open({ id, expiresAt, state });
  return { id, stub, clock };
}

/** Points the object at `databaseUrl` with the test's deadline; returns the bindings it had. */
const pointAt = (stub: Stub, databaseUrl: string) =>
  runInDurableObject(stub, (instance: PresentationRequest) => {
    const holder = instance as unknown as { env: DurableObjectsEnv };
    const working = holder.env;
    holder.env = { ...working, LIBSQL_URL: databaseUrl, LIBSQL_DEADLINE_MS: String(OUTAGE_DEADLINE_MS) };
    return working;
  });

describe.each(["hang", "refuse"] as const)("PresentationRequest with a database that %ss", (kind) => {
  it("takes the answer, keeps it, and writes it through on its alarm once the database is back", async () => {
    const { id, stub, clock } = await openRequest();
    const standIn = await databaseStandIn(kind);
    const working = await pointAt(stub, standIn.url);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const result: VerificationResult = {
      valid: true,
      reason: "valid",
      presentedAttributes: { hasRightToWork: true },
      timestamp: new Date(clock.now()).toISOString(),
    };
    // The caller is answered at once: the write-through runs after.
    expect((await api(stub).answer({ kind: "presentation", result })).accepted).toBe(true);
    // The write-through gives up at its deadline (it would hang for ever without one) and arms the retry.
    await vi.waitFor(async () => expect(await alarmAt(stub)).toBe(clock.now() + SYNC_RETRY_MS), WAIT);
    const failure = logged.mock.calls.find(([line]) =>
      String(line).includes(`presentation request ${id}: write-through failed`),
    );
    expect(isDatabaseUnavailable(failure?.[1])).toBe(true);
    if (kind === "hang") expect((await standIn.seen()).requests).toBeGreaterThan(0);
    // Its state is kept, marked as not yet in the database, and still served to callers.
    expect(await stored(stub)).toMatchObject({ snapshot: { status: "completed", result }, unsynced: true });
    expect(await api(stub).snapshot()).toMatchObject({ status: "completed", result });
    expect((await rowOf(id)).status).toBe("pending");

    // An alarm while the database is still away: it fails again within the deadline and re-arms.
    clock.advance(SYNC_RETRY_MS);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await vi.waitFor(async () => expect(await alarmAt(stub)).toBe(clock.now() + SYNC_RETRY_MS), WAIT);
    expect((await stored(stub))?.unsynced).toBe(true);

    // The database is back: the next alarm writes the answer through.
    await runInDurableObject(stub, (instance: PresentationRequest) => {
      (instance as unknown as { env: DurableObjectsEnv }).env = working;
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: "completed", result });
    expect((await stored(stub))?.unsynced).toBe(false);
  });
});

const sessions = (env as unknown as { ASSISTED_SESSIONS: DurableObjectNamespace<AssistedSessionObject> })
  .ASSISTED_SESSIONS;
const madeSessions = stubsWithAlarmsCleared<DurableObjectStub<AssistedSessionObject>>();

describe.each(["hang", "refuse"] as const)("AssistedSession with a database that %ss", (kind) => {
  it("answers the operator's step within the deadline, keeps it, and writes it through on its alarm once the database is back", async () => {
    const office = await testOffice("1 Outage Street");
    const [operator, citizen] = [await testPerson("Olivia"), await testPerson("Cara")];
    const id = crypto.randomUUID();
    const stub = sessions.get(sessions.idFromName(id));
    madeSessions.push(stub);
    const clock = new TestClock(Date.now());
    await runInDurableObject(stub, (instance: AssistedSessionObject) => {
      instance.clock = clock;
    });
    const session = stub as unknown as AssistedSessionApi;
    const scope = { officeId: office.id };
    await session.create({ id, officeId: office.id, operator });
    const sessionRow = async () => (await db().select().from(assistedSessions).where(eq(assistedSessions.id, id)))[0];
    expect((await sessionRow())?.clientName).toBe("New Client");

    const standIn = await databaseStandIn(kind);
    const working = await runInDurableObject(stub, (instance: AssistedSessionObject) => {
      const holder = instance as unknown as { env: DurableObjectsEnv };
      const had = holder.env;
      holder.env = { ...had, LIBSQL_URL: standIn.url, LIBSQL_DEADLINE_MS: String(OUTAGE_DEADLINE_MS) };
      return had;
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);

    // The command waits for its write-through: it is answered at the deadline, not never.
    const started = Date.now();
    const linked = await session.apply(
      {
        type: "link-client",
        client: { userId: citizen.id, username: "cara", name: "Cara Jones", createdHere: false },
        actor: operator,
      },
      scope,
    );
    expect(Date.now() - started).toBeLessThan(WAIT.timeout);
    expect(linked).toMatchObject({ ok: true, session: { clientName: "Cara Jones" } });
    // Kept in the object, not yet in the database, with a retry armed.
    expect(await session.view(scope)).toMatchObject({ clientName: "Cara Jones" });
    expect((await sessionRow())?.clientName).toBe("New Client");
    expect(await alarmAt(stub)).toBe(clock.now() + SYNC_RETRY_MS);

    await runInDurableObject(stub, (instance: AssistedSessionObject) => {
      (instance as unknown as { env: DurableObjectsEnv }).env = working;
    });
    clock.advance(SYNC_RETRY_MS);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await sessionRow())?.clientName).toBe("Cara Jones");
  });
});
