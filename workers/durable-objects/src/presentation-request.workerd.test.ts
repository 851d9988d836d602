import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { exportJWK, generateKeyPair } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessions, users, verificationRequests } from "#db/schema/index.ts";
import {
  MAX_ATTEMPTS,
  type PresentationRequestApi,
  type VerificationResult,
} from "#server/verification/request-state.ts";
import type { Clock } from "#server/worker/clock.ts";
import { watchSocket } from "#tests/support/websocket.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { DurableObjectsEnv } from "./env.ts";
import type { PresentationRequest, Stored } from "./presentation-request.ts";
import { alarmAt, requestRow, TestClock } from "./test-support.ts";

const bindings = env as unknown as DurableObjectsEnv & {
  PRESENTATION_REQUESTS: DurableObjectNamespace<PresentationRequest>;
};
const ns = bindings.PRESENTATION_REQUESTS;
type Stub = DurableObjectStub<PresentationRequest>;
/** The object as its callers see it (server/verification/request-state.ts): RPC types cannot name `unknown` attributes. */
const api = (stub: Stub) => stub as unknown as PresentationRequestApi;

const MINUTE = 60_000;
const LIFETIME = 10 * MINUTE;
/** Every wait for the object or the database is bounded (a never-answered wait would hang the run). */
const WAIT = { timeout: 3_000, interval: 25 };

const opened: Stub[] = [];

// Alarms outlive the test that set them (workers-sdk#5388): delete every one left behind. A spy
// (console.error) is restored even when the test that set it failed half way.
afterEach(async () => {
  vi.restoreAllMocks();
  for (const stub of opened.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

/** A fresh object (one request id, one object) on a clock of the test's own, with its open input. */
async function freshRequest(): Promise<{
  stub: Stub;
  clock: TestClock;
  id: string;
  input: { id: string; expiresAt: number; state: string };
}> {
  const id = crypto.randomUUID();
  const stub = ns.get(ns.idFromName(id));
  const clock = new TestClock(Date.now());
  await runInDurableObject(stub, (instance: PresentationRequest) => {
    instance.clock = clock;
  });
  opened.push(stub);
  const state = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  return { stub, clock, id, input: { id, expiresAt: clock.now() + LIFETIME, state } };
}

// Read only, to check what the object keeps in storage rather than in memory.
const stored = (stub: Stub) => runInDurableObject(stub, (_i, state) => state.storage.kv.get<Stored>("state"));

const judged = (clock: Clock, over: Partial<VerificationResult> = {}): VerificationResult => ({
  valid: true,
  reason: "valid",
  presentedAttributes: { hasRightToWork: true },
  timestamp: new Date(clock.now()).toISOString(),
  recordId: crypto.randomUUID(),
  issuer: "Home Office",
  ...over,
});

const rowOf = async (id: string) =>
  (await db().select().from(verificationRequests).where(eq(verificationRequests.id, id)))[0]!;

/**
 * A portal watching over a WebSocket, let in as the verifier worker lets one in: a verifier of an
 * organisation, signed in (a login session row), and the grant the worker writes on the upgrade.
 */
async function portal() {
  const organisationId = crypto.randomUUID();
  const [verifier] = await db()
    .insert(users)
    .values({
      username: `verifier${crypto.randomUUID().slice(0, 12)}`,
      passwordHash: "not-used-to-sign-in",
      role: "verifier",
      organisationId,
    })
    .returning();
  const sid = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const now = Date.now();
  await db()
    .insert(sessions)
    .values({
      sid,
      sess: { userId: verifier!.id, createdAt: now, lastSeenAt: now },
      expire: new Date(now + 60 * MINUTE),
    });
  const grant = JSON.stringify({ sid, need: "verifier", officeId: null, organisationId });
  return { userId: verifier!.id, url: `https://presentation-request/live?grant=${encodeURIComponent(grant)}` };
}
const watch = async (stub: Stub) => watchSocket(stub, (await portal()).url);

describe("PresentationRequest.open", () => {
  it("starts a pending request with an alarm at its expiry; opening it again changes neither its expiry nor its state", async () => {
    const { stub, input } = await freshRequest();
    const snapshot = await api(stub).open(input);
    expect(snapshot).toEqual({
      id: input.id,
      status: "pending",
      result: null,
      expiresAt: new Date(input.expiresAt).toISOString(),
      attempts: 0,
    });
    expect(await alarmAt(stub)).toBe(input.expiresAt);

    const again = await api(stub).open({ ...input, expiresAt: input.expiresAt + LIFETIME, state: "a".repeat(43) });
    expect(again).toEqual(snapshot);
    expect(await api(stub).openState()).toBe(input.state);
    expect(await alarmAt(stub)).toBe(input.expiresAt);
  });

  it("holds nothing before it is opened: no snapshot, no state, no watchers (404), and it takes no answer", async () => {
    const { stub, clock } = await freshRequest();
    expect(await api(stub).snapshot()).toBeNull();
    expect(await api(stub).openState()).toBeNull();
    expect((await stub.fetch("https://presentation-request/live", { headers: { Upgrade: "websocket" } })).status).toBe(
      404,
    );
    // Called on the instance: an RPC rejection would surface as an unhandled error in the pool.
    const refused = await runInDurableObject(stub, (instance: PresentationRequest) =>
      instance.answer({ kind: "presentation", result: judged(clock) }).then(
        () => "accepted",
        (error: Error) => error.message,
      ),
    );
    expect(refused).toBe("no such request");
    expect(await stored(stub)).toBeUndefined();
  });
});

describe("PresentationRequest.answer", () => {
  it("takes the first answer and keeps it: a later presentation or refusal is refused, and the state is no longer handed out", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const result = judged(clock);
    expect(await api(stub).answer({ kind: "presentation", result })).toEqual({
      accepted: true,
      snapshot: {
        id: input.id,
        status: "completed",
        result,
        expiresAt: new Date(input.expiresAt).toISOString(),
        attempts: 0,
      },
    });
    expect(await api(stub).openState()).toBeNull();

    const late = [
      {
        kind: "presentation" as const,
        result: judged(clock, { valid: false, reason: "STATUS_REVOKED", presentedAttributes: {} }),
      },
      { kind: "declined" as const, timestamp: new Date(clock.now()).toISOString() },
    ];
    for (const answer of late)
      expect(await api(stub).answer(answer)).toMatchObject({
        accepted: false,
        snapshot: { status: "completed", result },
      });
    expect(await api(stub).snapshot()).toMatchObject({ status: "completed", result });
    expect((await stored(stub))?.snapshot.result).toEqual(result);
  });

  it("takes exactly one of many answers arriving at once", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const results = Array.from({ length: 8 }, () => judged(clock));
    const answers = await Promise.all(results.map((result) => api(stub).answer({ kind: "presentation", result })));
    const taken = answers.filter((a) => a.accepted);
    expect(taken).toHaveLength(1);
    const winner = taken[0]!.snapshot.result!;
    expect(answers.every((a) => a.snapshot.result?.recordId === winner.recordId)).toBe(true);
    expect((await api(stub).snapshot())?.result?.recordId).toBe(winner.recordId);
  });

  it(`counts an invalid presentation as an attempt and stays open for a valid one; the ${MAX_ATTEMPTS}th closes the request as failed (REQUEST_TOO_MANY_ATTEMPTS)`, async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const refused = () => judged(clock, { valid: false, reason: "VP_TOKEN_MALFORMED", presentedAttributes: {} });
    expect(await api(stub).answer({ kind: "presentation", result: refused() })).toMatchObject({
      accepted: true,
      snapshot: { status: "pending", result: null, attempts: 1 },
    });
    // Still open: the state is handed out, and a valid answer would complete it.
    expect(await api(stub).openState()).toBe(input.state);
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++)
      expect((await api(stub).answer({ kind: "presentation", result: refused() })).snapshot).toMatchObject({
        status: "pending",
        attempts: attempt,
      });
    clock.advance(MINUTE);
    expect(await api(stub).answer({ kind: "presentation", result: refused() })).toMatchObject({
      accepted: true,
      snapshot: {
        status: "failed",
        attempts: MAX_ATTEMPTS,
        result: {
          valid: false,
          reason: "REQUEST_TOO_MANY_ATTEMPTS",
          presentedAttributes: {},
          timestamp: new Date(clock.now()).toISOString(),
        },
      },
    });
    expect(await api(stub).openState()).toBeNull();
    expect(await api(stub).answer({ kind: "presentation", result: judged(clock) })).toMatchObject({
      accepted: false,
      snapshot: { status: "failed" },
    });
    expect((await stored(stub))?.snapshot).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("records the citizen's refusal as declined (REQUEST_DECLINED)", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const timestamp = new Date(clock.now()).toISOString();
    expect(await api(stub).answer({ kind: "declined", timestamp })).toMatchObject({
      accepted: true,
      snapshot: {
        status: "declined",
        result: { valid: false, reason: "REQUEST_DECLINED", presentedAttributes: {}, timestamp },
      },
    });
    expect(await api(stub).openState()).toBeNull();
  });
});

describe("PresentationRequest expiry", () => {
  it("keeps a direct_post.jwt request's own key while it is open, through attempts, and forgets it, stored copy too, once the request ends", async () => {
    const responseKeyFor = async (id: string) => {
      const { privateKey } = await generateKeyPair("ECDH-ES", { crv: "P-256", extractable: true });
      const { x, y, d } = await exportJWK(privateKey);
      return { kty: "EC", crv: "P-256", x: x!, y: y!, d: d!, kid: id, alg: "ECDH-ES", use: "enc" } as const;
    };
    // Answered: an attempt keeps it, the valid answer drops it.
    const answered = await freshRequest();
    const key = await responseKeyFor(answered.id);
    await api(answered.stub).open({ ...answered.input, responseKey: key });
    expect(await api(answered.stub).responseKey()).toEqual(key);
    const invalid = judged(answered.clock, { valid: false, reason: "STATUS_REVOKED", presentedAttributes: {} });
    await api(answered.stub).answer({ kind: "presentation", result: invalid });
    expect(await api(answered.stub).responseKey()).toEqual(key);
    await api(answered.stub).answer({ kind: "presentation", result: judged(answered.clock) });
    expect(await api(answered.stub).responseKey()).toBeNull();
    expect(await stored(answered.stub)).not.toHaveProperty("responseKey");

    // Expired, read before the alarm runs.
    const expiring = await freshRequest();
    await api(expiring.stub).open({ ...expiring.input, responseKey: await responseKeyFor(expiring.id) });
    expiring.clock.advance(LIFETIME);
    expect(await api(expiring.stub).responseKey()).toBeNull();
    expect(await stored(expiring.stub)).not.toHaveProperty("responseKey");

    // A direct_post request has none.
    const plain = await freshRequest();
    await api(plain.stub).open(plain.input);
    expect(await api(plain.stub).responseKey()).toBeNull();
  });

  it("is open until its expiry and expired from then on, when read, even before the alarm runs: no answer is taken after it", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    clock.advance(LIFETIME - 1);
    expect(await api(stub).openState()).toBe(input.state);
    clock.advance(1);
    expect(await api(stub).snapshot()).toMatchObject({ status: "expired", result: null });
    expect(await api(stub).openState()).toBeNull();
    expect(await api(stub).answer({ kind: "presentation", result: judged(clock) })).toMatchObject({
      accepted: false,
      snapshot: { status: "expired", result: null },
    });
    expect((await stored(stub))?.snapshot.status).toBe("expired");
  });

  it("is expired by its alarm, which writes the expiry through to the request's row", async () => {
    const { stub, clock, id, input } = await freshRequest();
    await requestRow(id, input.expiresAt);
    await api(stub).open(input);
    clock.advance(LIFETIME);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stored(stub))?.snapshot).toMatchObject({ status: "expired", result: null });
    await vi.waitFor(
      async () =>
        expect(await rowOf(id)).toMatchObject({ status: "expired", result: null, completedAt: new Date(clock.now()) }),
      WAIT,
    );
    await vi.waitFor(async () => expect((await stored(stub))?.unsynced).toBe(false), WAIT);
    expect(await alarmAt(stub)).toBeNull();
  });
});

describe("PresentationRequest write-through", () => {
  it("writes the answer to the request's row: status, result and when it was answered", async () => {
    const { stub, clock, id, input } = await freshRequest();
    await requestRow(id, input.expiresAt);
    await api(stub).open(input);
    expect((await rowOf(id)).status).toBe("pending");
    const result = judged(clock);
    await api(stub).answer({ kind: "presentation", result });
    await vi.waitFor(
      async () =>
        expect(await rowOf(id)).toMatchObject({ status: "completed", result, completedAt: new Date(result.timestamp) }),
      WAIT,
    );
    await vi.waitFor(async () => expect((await stored(stub))?.unsynced).toBe(false), WAIT);
  });

  it("retries a write-through that failed on an alarm, until the row has the answer", async () => {
    const { stub, clock, id, input } = await freshRequest();
    await requestRow(id, input.expiresAt);
    await api(stub).open(input);
    // The database refuses the object when the answer comes (its token no longer valid).
    const working = await runInDurableObject(stub, (instance: PresentationRequest) => {
      const holder = instance as unknown as { env: DurableObjectsEnv };
      const env = holder.env;
      holder.env = { ...env, LIBSQL_AUTH_TOKEN: "revoked-token" };
      return env;
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = judged(clock);
    expect((await api(stub).answer({ kind: "presentation", result })).accepted).toBe(true);
    await vi.waitFor(async () => expect(await alarmAt(stub)).toBe(clock.now() + 5_000), WAIT);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining(`presentation request ${id}: write-through failed`),
      expect.anything(),
    );
    expect((await stored(stub))?.unsynced).toBe(true);
    expect((await rowOf(id)).status).toBe("pending");

    // It is back when the alarm runs.
    await runInDurableObject(stub, (instance: PresentationRequest) => {
      (instance as unknown as { env: DurableObjectsEnv }).env = working;
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: "completed", result });
    expect((await stored(stub))?.unsynced).toBe(false);
  });
});

describe("PresentationRequest watchers (WebSocket)", () => {
  it("sends a new watcher the current state at once, then every change to every watcher, and never the OpenID4VP state", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const first = await watch(stub);
    expect(await first.next()).toEqual({
      type: "state",
      id: input.id,
      status: "pending",
      result: null,
      expiresAt: new Date(input.expiresAt).toISOString(),
      attempts: 0,
    });
    // An answer that ends nothing is sent too: the portal shows how many were not accepted.
    await api(stub).answer({
      kind: "presentation",
      result: judged(clock, { valid: false, reason: "KB_NONCE_MISMATCH", presentedAttributes: {} }),
    });
    expect(await first.next()).toMatchObject({ type: "state", status: "pending", attempts: 1 });

    const result = judged(clock);
    await api(stub).answer({ kind: "presentation", result });
    expect(await first.next()).toMatchObject({ type: "state", status: "completed", result });

    const second = await watch(stub);
    expect(await second.next()).toMatchObject({ status: "completed", result });
    // A watcher may ask again (after a reconnect, or to check the line).
    first.send("state");
    expect(await first.next()).toMatchObject({ status: "completed", result });

    for (const text of [...first.all, ...second.all]) expect(text).not.toContain(input.state);
    first.close();
    second.close();
  });

  it("tells watchers when the request expires", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const watcher = await watch(stub);
    expect(await watcher.next()).toMatchObject({ status: "pending" });
    clock.advance(LIFETIME);
    await api(stub).snapshot();
    expect(await watcher.next()).toMatchObject({ type: "state", status: "expired", result: null });
    watcher.close();
  });

  it("answers 426 to a request without a WebSocket upgrade", async () => {
    const { stub, input } = await freshRequest();
    await api(stub).open(input);
    expect((await stub.fetch((await portal()).url)).status).toBe(426);
  });

  it("lets in no watcher without a verifier's grant (403): the upgrade alone, or a grant of another kind", async () => {
    const { stub, input } = await freshRequest();
    await api(stub).open(input);
    const upgrade = { headers: { Upgrade: "websocket" } };
    expect((await stub.fetch("https://presentation-request/live", upgrade)).status).toBe(403);
    const { url } = await portal();
    const staff = url.replace(encodeURIComponent('"need":"verifier"'), encodeURIComponent('"need":"review"'));
    expect(staff).not.toBe(url);
    expect((await stub.fetch(staff, upgrade)).status).toBe(403);
  });

  it("checks each watcher's grant before every message: a verifier signed out or moved to another organisation is closed (4403), the others still told", async () => {
    const { stub, clock, input } = await freshRequest();
    await api(stub).open(input);
    const [signedOut, moved, staying] = [await portal(), await portal(), await portal()];
    const sockets = await Promise.all([signedOut, moved, staying].map((p) => watchSocket(stub, p.url)));
    for (const socket of sockets) expect(await socket.next()).toMatchObject({ status: "pending" });
    await db()
      .delete(sessions)
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, signedOut.userId));
    await db().update(users).set({ organisationId: crypto.randomUUID() }).where(eq(users.id, moved.userId));
    await api(stub).answer({ kind: "presentation", result: judged(clock) });
    for (const socket of sockets.slice(0, 2)) {
      expect(await socket.closed).toEqual({ code: 4403, reason: "Your access has changed: sign in again" });
      expect(socket.all).toHaveLength(1);
    }
    expect(await sockets[2]!.next()).toMatchObject({ status: "completed" });
    // Asking again is checked too.
    sockets[2]!.send("state");
    expect(await sockets[2]!.next()).toMatchObject({ status: "completed" });
    sockets[2]!.close();
  });
});
