import {
  abortAllDurableObjects,
  env,
  evictDurableObject,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AssistedSession } from "#core/assisted/session.ts";
import { assistedSessions, systemLogs } from "#db/schema/index.ts";
import type { AssistedSessionApi, SessionCommand } from "#server/assisted/session-state.ts";
import { watchSocket } from "#tests/support/websocket.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { AssistedSessionObject } from "./assisted-session.ts";
import type { DurableObjectsEnv } from "./env.ts";
import { stubsWithAlarmsCleared, testOffice, testPerson } from "./test-support.ts";

/**
 * A restart of the session's object in the middle of an assisted session loses nothing (issue 13):
 * the object is torn down (evicted, as the runtime does to an idle object or on a deploy; or
 * aborted, as after a crash: vitest-pool-workers' abortAllDurableObjects, since ctx.abort() inside
 * runInDurableObject surfaces as an uncaught exception in the test) while a supervisor's approval is pending, and comes back from its
 * storage with every piece of state (step, status, approval, events, the captured document), its
 * alarm, its consoles, and a libSQL row that matches; then the journey carries on to the end.
 */
const bindings = env as unknown as DurableObjectsEnv & {
  ASSISTED_SESSIONS: DurableObjectNamespace<AssistedSessionObject>;
};
const ns = bindings.ASSISTED_SESSIONS;
type Stub = DurableObjectStub<AssistedSessionObject>;
const api = (stub: Stub) => stub as unknown as AssistedSessionApi;
const IMAGE = `data:image/png;base64,${"iVBORw0KGgo".repeat(8)}=`;

const made = stubsWithAlarmsCleared<Stub>();

const staff = (name: string) => testPerson(name);

/** A session at step 2 with its document captured and a supervisor's approval asked for, not yet given. */
async function pendingApproval() {
  const office = await testOffice("3 Restart Row");
  const [operator, supervisor, client] = [await staff("Olu"), await staff("Sade"), await staff("Kemi")];
  const id = crypto.randomUUID();
  let stub = ns.get(ns.idFromName(id));
  made.push(stub);
  const scope = { officeId: office!.id };
  const apply = async (command: SessionCommand): Promise<AssistedSession> => {
    const result = await api(stub).apply(command, scope);
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.session;
  };
  await api(stub).create({ id, officeId: office!.id, operator });
  await apply({
    type: "link-client",
    client: { userId: client.id, username: "kemi", name: "Kemi Adeyemi", createdHere: false },
    actor: operator,
  });
  await apply({ type: "advance", toStep: 2, actor: operator });
  await apply({
    type: "document",
    document: { type: "passport", number: "AB1234567", expiryDate: "2032-03-01", image: IMAGE },
    actor: operator,
  });
  const approvalId = crypto.randomUUID();
  const asked = await apply({ type: "request-approval", approvalId, actor: operator });
  return {
    id,
    get stub() {
      return stub;
    },
    /** A new stub, as the web worker gets one per request: an aborted object's old stubs stay broken. */
    reconnect() {
      const broken = made.indexOf(stub);
      stub = ns.get(ns.idFromName(id));
      made[broken] = stub;
    },
    scope,
    operator,
    supervisor,
    approvalId,
    asked,
    apply,
  };
}

/** Everything the object holds: the session, the raw document (only in the object), its alarm. */
const held = (stub: Stub, scope: { officeId: string }) =>
  Promise.all([
    api(stub).view(scope),
    runInDurableObject(stub, (_i, state) =>
      state.storage.kv.get<{ number: string; image: string | null }>("raw-document"),
    ),
    runInDurableObject(stub, (_i, state) => state.storage.getAlarm()),
  ]).then(([session, raw, alarm]) => ({ session, raw, alarm }));

const rowOf = async (id: string) => (await db().select().from(assistedSessions).where(eq(assistedSessions.id, id)))[0];
const auditEventsOf = async (id: string) =>
  (
    await db()
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.category, "assisted"), eq(systemLogs.component, "assisted-session")))
  )
    .filter((r) => r.metadata?.sessionId === id)
    .sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }))
    .map((r) => r.metadata?.event);

/** The libSQL row says what the object says. */
async function expectRowMatches(session: AssistedSession) {
  const row = await rowOf(session.id);
  expect(row).toMatchObject({
    status: session.status,
    currentStep: session.currentStep,
    requiresDualControl: session.requiresDualControl,
    supervisorId: session.supervisor?.id ?? null,
    clientName: session.clientName,
  });
  expect(row!.sessionData).toMatchObject({
    approval: session.approval,
    document: session.document,
    events: session.events,
  });
  expect(await auditEventsOf(session.id)).toEqual(session.events.map((e) => e.type));
}

/** A mark on the running instance: gone once the object has really been torn down and built again. */
const mark = (stub: Stub) =>
  runInDurableObject(stub, (instance: AssistedSessionObject) => {
    (instance as unknown as { restartMark?: string }).restartMark = "before";
  });
const marked = (stub: Stub) =>
  runInDurableObject(
    stub,
    (instance: AssistedSessionObject) => (instance as unknown as { restartMark?: string }).restartMark,
  );

describe("AssistedSession across a restart of its object", () => {
  it("comes back from an eviction with a pending approval, its document, alarm, consoles and row, and the journey carries on", async () => {
    const s = await pendingApproval();
    const before = await held(s.stub, s.scope);
    expect(before.session).toMatchObject({
      currentStep: 2,
      status: "active",
      requiresDualControl: true,
      approval: { id: s.approvalId, decision: null },
    });
    expect(before.raw).toEqual({ number: "AB1234567", image: IMAGE });
    expect(before.alarm).not.toBeNull();
    await expectRowMatches(before.session!);
    const supervisorConsole = await watchSocket(s.stub, "https://assisted-session/live?role=supervisor");
    expect(await supervisorConsole.next()).toMatchObject({ session: { id: s.id, approval: { decision: null } } });

    await mark(s.stub);
    await evictDurableObject(s.stub);
    expect(await marked(s.stub)).toBeUndefined();

    expect(await held(s.stub, s.scope)).toEqual(before);
    await expectRowMatches(before.session!);
    // The console opened before the restart still hears the supervisor's decision.
    const approved = await s.apply({
      type: "decide-approval",
      approvalId: s.approvalId,
      decision: "approved",
      reason: "Passport checked at the desk",
      supervisor: s.supervisor,
    });
    expect(await supervisorConsole.next()).toMatchObject({
      session: { approval: { decision: "approved", reason: "Passport checked at the desk" } },
    });
    expect(approved.events.map((e) => e.seq)).toEqual(approved.events.map((_, i) => i + 1));
    expect(approved.events.slice(0, before.session!.events.length)).toEqual(before.session!.events);

    await s.apply({ type: "advance", toStep: 3, actor: s.operator });
    await s.apply({ type: "visual-match", matched: true, notes: "Matches the photo", actor: s.operator });
    await s.apply({ type: "advance", toStep: 4, actor: s.operator });
    await s.apply({
      type: "issuance",
      credentialTypes: ["rtw"],
      delivery: "paper",
      paperCredentialIds: [],
      actor: s.operator,
    });
    await s.apply({ type: "advance", toStep: 5, actor: s.operator });
    const done = await s.apply({ type: "status", status: "completed", actor: s.operator });
    expect(done).toMatchObject({ currentStep: 5, status: "completed", supervisor: s.supervisor });
    await expectRowMatches(done);
    supervisorConsole.close();
  });

  it("comes back from an abort (a crash) while the approval is pending, with nothing lost, and takes the decision", async () => {
    const s = await pendingApproval();
    const before = await held(s.stub, s.scope);

    await mark(s.stub);
    // Every running object reset at once, as after a crash: no graceful eviction, in-memory state gone (storage kept).
    await abortAllDurableObjects();
    s.reconnect();
    expect(await marked(s.stub)).toBeUndefined();

    const after = await held(s.stub, s.scope);
    expect(after).toEqual(before);
    await expectRowMatches(after.session!);
    // The raw-data alarm still runs after the restart (early: it deletes nothing yet and re-arms).
    expect(await runDurableObjectAlarm(s.stub)).toBe(true);
    expect((await held(s.stub, s.scope)).raw).toEqual(before.raw);

    // Dual control still holds after the restart: the asker cannot approve, a supervisor can.
    expect(
      await api(s.stub).apply(
        {
          type: "decide-approval",
          approvalId: s.approvalId,
          decision: "approved",
          reason: "Mine",
          supervisor: s.operator,
        },
        s.scope,
      ),
    ).toMatchObject({
      ok: false,
      status: 403,
      code: "SELF_APPROVAL",
    });
    const approved = await s.apply({
      type: "decide-approval",
      approvalId: s.approvalId,
      decision: "approved",
      reason: "Seen in person",
      supervisor: s.supervisor,
    });
    const moved = await s.apply({ type: "advance", toStep: 3, actor: s.operator });
    expect(moved).toMatchObject({ currentStep: 3, approval: { decision: "approved", decidedBy: s.supervisor } });
    expect(approved.events.slice(0, before.session!.events.length)).toEqual(before.session!.events);
    await expectRowMatches(moved);
  });
});
