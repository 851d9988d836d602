import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APPROVAL_LIFETIME_MS, type AssistedSession, RAW_DOCUMENT_RETENTION_MS } from "#core/assisted/session.ts";
import { assistedSessions, operatorProfiles, sessions, systemLogs, users } from "#db/schema/index.ts";
import type { AssistedSessionApi, CommandResult, SessionCommand } from "#server/assisted/session-state.ts";
import { watchSocket } from "#tests/support/websocket.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { AssistedSessionObject } from "./assisted-session.ts";
import type { DurableObjectsEnv } from "./env.ts";
import { stubsWithAlarmsCleared, TestClock, testOffice, testPerson } from "./test-support.ts";

const bindings = env as unknown as DurableObjectsEnv & {
  ASSISTED_SESSIONS: DurableObjectNamespace<AssistedSessionObject>;
};
const ns = bindings.ASSISTED_SESSIONS;
type Stub = DurableObjectStub<AssistedSessionObject>;
/** The object as the web worker sees it (RPC types cannot name `unknown` arguments). */
const api = (stub: Stub) => stub as unknown as AssistedSessionApi;
const HOUR = 60 * 60_000;
const IMAGE = `data:image/png;base64,${"iVBORw0KGgo".repeat(4)}=`;

const made = stubsWithAlarmsCleared<Stub>();

const person = (name: string) => testPerson(name);

/** A session of its own (office, operator, supervisor, citizen) on a clock of the test's own. */
async function freshSession() {
  const office = await testOffice("1 Test Street");
  const [operator, supervisor, citizen] = [await person("Olivia"), await person("Sam"), await person("Cara")];
  const id = crypto.randomUUID();
  const stub = ns.get(ns.idFromName(id));
  made.push(stub);
  const clock = new TestClock(Date.now());
  await runInDurableObject(stub, (instance: AssistedSessionObject) => {
    instance.clock = clock;
  });
  const session = await api(stub).create({ id, officeId: office!.id, operator });
  const scope = { officeId: office!.id };
  const view = () => api(stub).view(scope);
  const apply = async (command: SessionCommand): Promise<AssistedSession> => {
    const result = await api(stub).apply(command, scope);
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    return result.session;
  };
  const refused = async (command: SessionCommand) =>
    (await api(stub).apply(command, scope)) as Extract<CommandResult, { ok: false }>;
  const link = () =>
    apply({
      type: "link-client",
      client: { userId: citizen.id, username: "cara", name: "Cara Jones", createdHere: false },
      actor: operator,
    });
  const document = (number = "123456789", image?: string) =>
    apply({
      type: "document",
      document: { type: "passport", number, expiryDate: "2031-05-01", ...(image ? { image } : {}) },
      actor: operator,
    });
  /** Steps 1 and 2 done, with a supervisor's approval: the session stands at step 3. */
  const throughApproval = async () => {
    await link();
    await apply({ type: "advance", toStep: 2, actor: operator });
    await document();
    const approvalId = crypto.randomUUID();
    await apply({ type: "request-approval", approvalId, actor: operator });
    await apply({
      type: "decide-approval",
      approvalId,
      decision: "approved",
      reason: "Document checked against the passport",
      supervisor,
    });
    return apply({ type: "advance", toStep: 3, actor: operator });
  };
  return {
    id,
    stub,
    clock,
    session,
    operator,
    supervisor,
    citizen,
    officeId: office!.id,
    scope,
    view,
    apply,
    refused,
    link,
    document,
    throughApproval,
  };
}

/** What the object holds of the raw document (the full number and image), read from its storage. */
const rawDocument = (stub: Stub) =>
  runInDurableObject(stub, (_i, state) =>
    state.storage.kv.get<{ number: string; image: string | null }>("raw-document"),
  );
const rowOf = async (id: string) => (await db().select().from(assistedSessions).where(eq(assistedSessions.id, id)))[0];
const auditOf = (id: string) =>
  db()
    .select()
    .from(systemLogs)
    .where(and(eq(systemLogs.category, "assisted"), eq(systemLogs.component, "assisted-session")))
    .then((rows) => rows.filter((r) => r.metadata?.sessionId === id));

describe("AssistedSession: the journey", () => {
  it("starts as the spec says (New Client, Digital Identity Setup, active, step 1 of 5, no dual control) and is written through at once", async () => {
    const { id, session, stub, officeId, operator } = await freshSession();
    expect(session).toMatchObject({
      clientName: "New Client",
      assistanceType: "Digital Identity Setup",
      status: "active",
      currentStep: 1,
      totalSteps: 5,
      requiresDualControl: false,
      completedAt: null,
    });
    // Creating again changes nothing.
    expect(await api(stub).create({ id, officeId, operator, clientName: "Someone Else" })).toEqual(session);
    expect(await rowOf(id)).toMatchObject({
      clientName: "New Client",
      operatorId: operator.id,
      officeId,
      status: "active",
      currentStep: 1,
      totalSteps: 5,
    });
    expect((await auditOf(id)).map((r) => r.metadata?.event)).toEqual(["Session started"]);
  });

  it("refuses to continue past a step whose requirement is unmet, out of order, or past the last step", async () => {
    const s = await freshSession();
    expect(await s.refused({ type: "advance", toStep: 2, actor: s.operator })).toMatchObject({
      status: 409,
      code: "STEP_REQUIREMENT_UNMET",
      message: "Find or create the client's account first",
    });
    await s.link();
    expect(await s.refused({ type: "advance", toStep: 3, actor: s.operator })).toMatchObject({
      status: 409,
      code: "STEP_OUT_OF_ORDER",
    });
    expect((await s.apply({ type: "advance", toStep: 2, actor: s.operator })).currentStep).toBe(2);
    expect(await s.refused({ type: "advance", toStep: 3, actor: s.operator })).toMatchObject({
      code: "STEP_REQUIREMENT_UNMET",
      message: "Record the identity document first",
    });
    await s.document();
    const approvalId = crypto.randomUUID();
    await s.apply({ type: "request-approval", approvalId, actor: s.operator });
    await s.apply({
      type: "decide-approval",
      approvalId,
      decision: "approved",
      reason: "Seen",
      supervisor: s.supervisor,
    });
    expect((await s.apply({ type: "advance", toStep: 3, actor: s.operator })).currentStep).toBe(3);
    await s.apply({ type: "visual-match", matched: true, notes: "Face matches photo", actor: s.operator });
    await s.apply({ type: "advance", toStep: 4, actor: s.operator });
    await s.apply({
      type: "issuance",
      credentialTypes: ["rtw"],
      delivery: "paper",
      paperCredentialIds: [],
      actor: s.operator,
    });
    const at5 = await s.apply({ type: "advance", toStep: 5, actor: s.operator });
    expect(at5.currentStep).toBe(5);
    expect(await s.refused({ type: "advance", toStep: 6, actor: s.operator })).toMatchObject({
      status: 409,
      code: "LAST_STEP",
    });
    expect((await rowOf(s.id))?.currentStep).toBe(5);
  });

  it("a failed visual match keeps the session at step 3", async () => {
    const s = await freshSession();
    await s.throughApproval();
    await s.apply({ type: "visual-match", matched: false, notes: "Does not resemble the photo", actor: s.operator });
    expect(await s.refused({ type: "advance", toStep: 4, actor: s.operator })).toMatchObject({
      code: "STEP_REQUIREMENT_UNMET",
    });
  });

  it("pauses, resumes and ends (with completedAt); a paused session does not move, an ended one takes nothing more", async () => {
    const s = await freshSession();
    await s.link();
    await s.apply({ type: "status", status: "paused", actor: s.operator });
    expect(await s.refused({ type: "advance", toStep: 2, actor: s.operator })).toMatchObject({
      status: 409,
      code: "SESSION_PAUSED",
    });
    expect(await s.refused({ type: "status", status: "paused", actor: s.operator })).toMatchObject({
      status: 409,
      code: "NO_CHANGE",
    });
    await s.apply({ type: "status", status: "active", actor: s.operator });
    s.clock.advance(5 * 60_000);
    const ended = await s.apply({ type: "status", status: "completed", actor: s.operator });
    expect(ended).toMatchObject({ status: "completed", completedAt: new Date(s.clock.now()).toISOString() });
    for (const command of [
      { type: "advance", toStep: 2, actor: s.operator },
      { type: "status", status: "active", actor: s.operator },
    ] as const) {
      expect(await s.refused(command)).toMatchObject({ status: 409, code: "SESSION_COMPLETED" });
    }
    expect(await rowOf(s.id)).toMatchObject({ status: "completed", completedAt: new Date(s.clock.now()) });
  });

  it("refuses malformed commands with 400 and an unknown session with 404", async () => {
    const s = await freshSession();
    expect(
      await api(s.stub).apply({ type: "advance", toStep: "two", actor: s.operator } as never, s.scope),
    ).toMatchObject({ ok: false, status: 400, code: "VALIDATION_ERROR" });
    expect(
      await api(s.stub).apply(
        {
          type: "document",
          document: { type: "passport", number: "12", expiryDate: "soon" },
          actor: s.operator,
        } as never,
        s.scope,
      ),
    ).toMatchObject({ status: 400 });
    const stranger = ns.get(ns.idFromName(crypto.randomUUID()));
    expect(
      await api(stranger).apply({ type: "advance", toStep: 2, actor: s.operator }, { officeId: null }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await api(stranger).view({ officeId: null })).toBeNull();
  });

  it("answers only within the caller's office: another office's scope finds nothing and changes nothing; every office's (an administrator's) finds it", async () => {
    const s = await freshSession();
    const elsewhere = { officeId: crypto.randomUUID() };
    expect(await api(s.stub).view(elsewhere)).toBeNull();
    expect(await api(s.stub).apply({ type: "status", status: "paused", actor: s.operator }, elsewhere)).toMatchObject({
      ok: false,
      status: 404,
      code: "NOT_FOUND",
    });
    expect((await s.view())?.status).toBe("active");
    expect((await api(s.stub).view({ officeId: null }))?.id).toBe(s.id);
  });
});

describe("AssistedSession: dual control", () => {
  async function atApproval() {
    const s = await freshSession();
    await s.link();
    await s.apply({ type: "advance", toStep: 2, actor: s.operator });
    await s.document();
    const approvalId = crypto.randomUUID();
    const asked = await s.apply({ type: "request-approval", approvalId, actor: s.operator });
    return { ...s, approvalId, asked };
  }

  it("marks the session as needing dual control and holds the step until a supervisor approves, with a reason", async () => {
    const s = await atApproval();
    expect(s.asked).toMatchObject({ requiresDualControl: true, approval: { decision: null, requestedBy: s.operator } });
    expect(await s.refused({ type: "advance", toStep: 3, actor: s.operator })).toMatchObject({
      message: "Waiting for a supervisor's approval",
    });
    expect(
      await s.refused({
        type: "decide-approval",
        approvalId: s.approvalId,
        decision: "approved",
        reason: "  ",
        supervisor: s.supervisor,
      }),
    ).toMatchObject({ status: 400, code: "REASON_REQUIRED" });
    const approved = await s.apply({
      type: "decide-approval",
      approvalId: s.approvalId,
      decision: "approved",
      reason: "Checked",
      supervisor: s.supervisor,
    });
    expect(approved).toMatchObject({
      supervisor: s.supervisor,
      approval: { decision: "approved", decidedBy: s.supervisor, reason: "Checked" },
    });
    expect((await s.apply({ type: "advance", toStep: 3, actor: s.operator })).currentStep).toBe(3);
    expect(await rowOf(s.id)).toMatchObject({ supervisorId: s.supervisor.id, requiresDualControl: true });
    const audit = await auditOf(s.id);
    expect(audit.find((r) => r.metadata?.event === "Approval given")).toMatchObject({
      userId: s.supervisor.id,
      metadata: { detail: "Checked", actor: "Sam" },
    });
    expect(audit.find((r) => r.metadata?.event === "Approval requested")).toMatchObject({ userId: s.operator.id });
  });

  it("never lets the person who asked approve their own request", async () => {
    const s = await atApproval();
    expect(
      await s.refused({
        type: "decide-approval",
        approvalId: s.approvalId,
        decision: "approved",
        reason: "Fine",
        supervisor: s.operator,
      }),
    ).toMatchObject({ status: 403, code: "SELF_APPROVAL" });
    expect((await s.view())?.approval?.decision).toBeNull();
  });

  it("never lets the session's operator or whoever recorded the document approve it, even when a colleague asked", async () => {
    const s = await freshSession();
    await s.link();
    await s.apply({ type: "advance", toStep: 2, actor: s.operator });
    // A supervisor records the document and a colleague presses Request Approval: the supervisor is the maker.
    await s.apply({
      type: "document",
      document: { type: "passport", number: "123456789", expiryDate: "2031-05-01" },
      actor: s.supervisor,
    });
    const approvalId = crypto.randomUUID();
    await s.apply({ type: "request-approval", approvalId, actor: s.citizen });
    for (const maker of [s.supervisor, s.operator]) {
      expect(
        await s.refused({
          type: "decide-approval",
          approvalId,
          decision: "approved",
          reason: "Fine",
          supervisor: maker,
        }),
      ).toMatchObject({ status: 403, code: "SELF_APPROVAL" });
    }
  });

  it("refuses a document that has already expired", async () => {
    const s = await freshSession();
    await s.link();
    await s.apply({ type: "advance", toStep: 2, actor: s.operator });
    expect(
      await s.refused({
        type: "document",
        document: { type: "passport", number: "123456789", expiryDate: "2020-01-01" },
        actor: s.operator,
      }),
    ).toMatchObject({ status: 400, code: "DOCUMENT_EXPIRED" });
  });

  it("a request lapses after 15 minutes undecided, and an approval 15 minutes after it was given", async () => {
    const s = await atApproval();
    s.clock.advance(APPROVAL_LIFETIME_MS);
    expect(
      await s.refused({
        type: "decide-approval",
        approvalId: s.approvalId,
        decision: "approved",
        reason: "Late",
        supervisor: s.supervisor,
      }),
    ).toMatchObject({ code: "APPROVAL_EXPIRED" });
    const again = crypto.randomUUID();
    await s.apply({ type: "request-approval", approvalId: again, actor: s.operator });
    await s.apply({
      type: "decide-approval",
      approvalId: again,
      decision: "approved",
      reason: "OK",
      supervisor: s.supervisor,
    });
    s.clock.advance(APPROVAL_LIFETIME_MS);
    expect(await s.refused({ type: "advance", toStep: 3, actor: s.operator })).toMatchObject({
      message: "The approval has expired: request approval again",
    });
  });

  it("a decision is final, a denial holds the step, and changing the document voids an approval", async () => {
    const s = await atApproval();
    await s.apply({
      type: "decide-approval",
      approvalId: s.approvalId,
      decision: "denied",
      reason: "Photo page damaged",
      supervisor: s.supervisor,
    });
    expect(
      await s.refused({
        type: "decide-approval",
        approvalId: s.approvalId,
        decision: "approved",
        reason: "Changed my mind",
        supervisor: s.supervisor,
      }),
    ).toMatchObject({ code: "APPROVAL_DECIDED" });
    expect(await s.refused({ type: "advance", toStep: 3, actor: s.operator })).toMatchObject({
      code: "STEP_REQUIREMENT_UNMET",
    });
    const next = crypto.randomUUID();
    await s.apply({ type: "request-approval", approvalId: next, actor: s.operator });
    await s.apply({
      type: "decide-approval",
      approvalId: next,
      decision: "approved",
      reason: "Second document fine",
      supervisor: s.supervisor,
    });
    const changed = await s.document("987654321");
    expect(changed.approval).toBeNull();
    expect(changed.events.at(-1)).toMatchObject({ type: "Approval void" });
    expect(await s.refused({ type: "advance", toStep: 3, actor: s.operator })).toMatchObject({
      message: "Request a supervisor's approval first",
    });
  });
});

describe("AssistedSession: raw document data and the 72-hour purge", () => {
  it("keeps the full number and image only in the object; the record and the watchers see the last 4 characters", async () => {
    const s = await freshSession();
    await s.link();
    await s.apply({ type: "advance", toStep: 2, actor: s.operator });
    const recorded = await s.document("AB1234567", IMAGE);
    expect(recorded.document).toMatchObject({ numberLast4: "4567", hasImage: true, purgedAt: null });
    expect(JSON.stringify(recorded)).not.toContain("AB1234567");
    expect(await rawDocument(s.stub)).toEqual({ number: "AB1234567", image: IMAGE });
    const row = await rowOf(s.id);
    expect(JSON.stringify(row)).not.toContain("AB1234567");
    expect(JSON.stringify(row)).not.toContain("base64");
  });

  it("deletes it 72 hours after capture by its alarm (the clock moved, not waited for), audits it, and runs twice harmlessly", async () => {
    const s = await freshSession();
    await s.link();
    await s.apply({ type: "advance", toStep: 2, actor: s.operator });
    await s.document("AB1234567", IMAGE);
    const alarmAt = await runInDurableObject(s.stub, (_i, state) => state.storage.getAlarm());
    expect(alarmAt).toBe(s.clock.now() + RAW_DOCUMENT_RETENTION_MS);

    s.clock.advance(RAW_DOCUMENT_RETENTION_MS - HOUR);
    expect(await runDurableObjectAlarm(s.stub)).toBe(true);
    expect((await rawDocument(s.stub))?.image).toBe(IMAGE);
    // An early run (alarms come at least once, sometimes early) deletes nothing and re-arms for the same moment.
    expect(await runInDurableObject(s.stub, (_i, state) => state.storage.getAlarm())).toBe(alarmAt);

    s.clock.advance(HOUR);
    expect(await runDurableObjectAlarm(s.stub)).toBe(true);
    expect(await rawDocument(s.stub)).toBeUndefined();
    const after = await s.view();
    expect(after?.document).toMatchObject({
      numberLast4: "4567",
      hasImage: false,
      purgedAt: new Date(s.clock.now()).toISOString(),
    });
    expect((await auditOf(s.id)).filter((r) => r.metadata?.event === "Raw document data deleted")).toHaveLength(1);
    expect((await rowOf(s.id))?.sessionData).toMatchObject({
      document: { purgedAt: new Date(s.clock.now()).toISOString() },
    });

    // At least once: a second run finds nothing to delete and adds nothing.
    await runInDurableObject(s.stub, (_i, state) => state.storage.setAlarm(s.clock.now()));
    await runDurableObjectAlarm(s.stub);
    expect((await s.view())?.events.filter((e) => e.type === "Raw document data deleted")).toHaveLength(1);
    expect(await runInDurableObject(s.stub, (_i, state) => state.storage.getAlarm())).toBeNull();
  });
});

describe("AssistedSession: live consoles (WebSocket)", () => {
  const live = (stub: Stub, role: string) => watchSocket(stub, `https://assisted-session/live?role=${role}`);

  it("sends each console the state at once, then every change to every console; sockets are tagged by role and survive in the object, not in memory", async () => {
    const s = await freshSession();
    const operatorConsole = await live(s.stub, "operator");
    const supervisorConsole = await live(s.stub, "supervisor");
    expect(await operatorConsole.next()).toMatchObject({ type: "session", session: { id: s.id, currentStep: 1 } });
    expect(await supervisorConsole.next()).toMatchObject({ type: "session", session: { id: s.id } });

    await s.link();
    const linked = (await operatorConsole.next()) as { session: AssistedSession };
    expect(linked).toMatchObject({ session: { clientName: "Cara Jones" } });
    // What each event says reaches the console as its kind and values, for the console's language (ADR 046).
    expect(linked.session.events.at(-1)).toMatchObject({
      type: "Client found",
      words: { kind: "clientFound", values: { name: "Cara Jones", username: "cara" } },
    });
    expect(await supervisorConsole.next()).toMatchObject({ session: { clientName: "Cara Jones" } });

    // The hibernation API keeps the sockets and their tags with the object (ctx.getWebSockets),
    // which is what a woken object sends to: none is held in an instance field.
    const tags = await runInDurableObject(s.stub, (_i, state) =>
      state.getWebSockets().map((socket) => state.getTags(socket)),
    );
    expect(tags.flat().sort()).toEqual(["operator", "supervisor"]);
    operatorConsole.send("session");
    expect(await operatorConsole.next()).toMatchObject({ session: { clientName: "Cara Jones" } });
    operatorConsole.close();
    supervisorConsole.close();
  });

  it("checks each console's access before every message: a role change, a sign-out or a move to another office closes its socket (4403)", async () => {
    const s = await freshSession();
    // Three consoles, each let in by a login session of its own (the grant the web worker writes).
    const signedIn = async (userId: string) => {
      const sid = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, "0")).join("");
      const now = Date.now();
      await db()
        .insert(sessions)
        .values({ sid, sess: { userId, createdAt: now, lastSeenAt: now }, expire: new Date(now + HOUR) });
      await db()
        .insert(operatorProfiles)
        .values({ userId, officeId: s.officeId, title: "Operator" })
        .onConflictDoNothing();
      return sid;
    };
    const [demoted, signedOut, moved, staying] = [
      await person("Dee"),
      await person("Sol"),
      await person("Mo"),
      await person("Stan"),
    ];
    const consoles = await Promise.all(
      [demoted, signedOut, moved, staying].map(async (who) => {
        const grant = JSON.stringify({ sid: await signedIn(who.id), need: "staff", officeId: null });
        const socket = await live(s.stub, `operator&grant=${encodeURIComponent(grant)}`);
        expect(await socket.next()).toMatchObject({ type: "session" });
        return socket;
      }),
    );
    await s.link();
    for (const socket of consoles) expect(await socket.next()).toMatchObject({ session: { clientName: "Cara Jones" } });

    const otherOffice = await testOffice("2 Test Street");
    await db().update(users).set({ role: "citizen" }).where(eq(users.id, demoted.id));
    await db().delete(sessions).where(sql`json_extract(${sessions.sess}, '$.userId') = ${signedOut.id}`);
    await db().update(operatorProfiles).set({ officeId: otherOffice!.id }).where(eq(operatorProfiles.userId, moved.id));
    await s.apply({ type: "advance", toStep: 2, actor: s.operator });
    for (const socket of consoles.slice(0, 3))
      expect(await socket.closed).toEqual({ code: 4403, reason: "Your access has changed: sign in again" });
    expect(consoles.slice(0, 3).every((socket) => socket.all.length === 2)).toBe(true);
    expect(await consoles[3]!.next()).toMatchObject({ session: { currentStep: 2 } });
    // Asking for the state again is checked too.
    consoles[3]!.send("session");
    expect(await consoles[3]!.next()).toMatchObject({ session: { currentStep: 2 } });
    consoles[3]!.close();
  });

  it("answers 426 without an upgrade, and 404 for a session it does not hold or outside the caller's office", async () => {
    const s = await freshSession();
    expect((await s.stub.fetch("https://assisted-session/live")).status).toBe(426);
    const upgrade = { headers: { Upgrade: "websocket" } };
    expect((await s.stub.fetch(`https://assisted-session/live?office=${crypto.randomUUID()}`, upgrade)).status).toBe(
      404,
    );
    const own = await s.stub.fetch(`https://assisted-session/live?office=${s.officeId}`, upgrade);
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close(1000, "done");
    const stranger = ns.get(ns.idFromName(crypto.randomUUID()));
    expect((await stranger.fetch("https://assisted-session/live", { headers: { Upgrade: "websocket" } })).status).toBe(
      404,
    );
  });
});
