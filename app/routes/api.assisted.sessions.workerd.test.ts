import { describe, expect, it } from "vitest";
import type { AssistedSession } from "#core/assisted/session.ts";
import { assistedOffices, operatorProfiles } from "#db/schema/index.ts";
import { call, db, registerUser, registerUserWithRole } from "#tests/support/web-client.ts";

/** The assisted-digital API through the real web worker and the session's Durable Object (issue 10). */

/** An office of its own with an operator and a supervisor operator, both signed in. */
async function office() {
  const [row] = await db().insert(assistedOffices).values({ name: `Office ${crypto.randomUUID()}`, address: "2 Test Road" }).returning();
  const staff = async (supervisor: boolean) => {
    const account = await registerUserWithRole("operator");
    await db().insert(operatorProfiles).values({ userId: account.user.id, officeId: row!.id, title: supervisor ? "Supervisor" : "Support Operator", supervisor });
    return account;
  };
  return { officeId: row!.id, operator: await staff(false), supervisor: await staff(true) };
}

const json = async <T>(response: Response) => (await response.json()) as T;
const create = (cookie: string, body: unknown = {}) => call("/api/assisted/sessions", { cookie, body });
const patch = (cookie: string, id: string, body: unknown) => call(`/api/assisted/sessions/${id}`, { method: "PATCH", cookie, body });
const actOn = (cookie: string, id: string, body: unknown) => call(`/api/assisted/sessions/${id}/actions`, { cookie, body });

describe("/api/assisted/sessions", () => {
  it("answers 401 signed out, and 403 to citizens, verifiers and operators without an office", async () => {
    expect((await call("/api/assisted/sessions")).status).toBe(401);
    const citizen = await registerUser();
    const verifier = await registerUserWithRole("verifier");
    const unplaced = await registerUserWithRole("operator");
    for (const { cookie } of [citizen, verifier]) {
      expect((await call("/api/assisted/sessions", { cookie })).status).toBe(403);
      expect((await create(cookie)).status).toBe(403);
    }
    const refused = await call("/api/assisted/sessions", { cookie: unplaced.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "NO_OFFICE" });
  });

  it("creates a session as the spec says, lists it for its office only, and an administrator sees it too", async () => {
    const mine = await office();
    const theirs = await office();
    const response = await create(mine.operator.cookie, { clientName: "New Client", assistanceType: "Digital Identity Setup", status: "active", currentStep: 1, totalSteps: 5, requiresDualControl: false });
    expect(response.status).toBe(201);
    const session = await json<AssistedSession>(response);
    expect(session).toMatchObject({ clientName: "New Client", assistanceType: "Digital Identity Setup", status: "active", currentStep: 1, totalSteps: 5, requiresDualControl: false });

    const listed = await json<{ id: string }[]>(await call("/api/assisted/sessions", { cookie: mine.supervisor.cookie }));
    expect(listed.map((s) => s.id)).toEqual([session.id]);
    expect(await json<unknown[]>(await call("/api/assisted/sessions", { cookie: theirs.operator.cookie }))).toEqual([]);
    expect((await call(`/api/assisted/sessions/${session.id}`, { cookie: theirs.operator.cookie })).status).toBe(404);
    expect((await patch(theirs.operator.cookie, session.id, { status: "paused" })).status).toBe(404);

    const admin = await registerUserWithRole("admin");
    const all = await json<{ id: string }[]>(await call("/api/assisted/sessions", { cookie: admin.cookie }));
    expect(all.map((s) => s.id)).toContain(session.id);
  });

  it("refuses a new session that does not start at the start, and malformed bodies, with 400 and a message", async () => {
    const { operator } = await office();
    for (const body of [{ currentStep: 3 }, { totalSteps: 9 }, { status: "completed" }, { requiresDualControl: true }, { clientName: "" }]) {
      const response = await create(operator.cookie, body);
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toBeTruthy();
    }
    expect((await call("/api/assisted/sessions", { cookie: operator.cookie, rawBody: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
  });

  it("runs the steps through PATCH and actions: 409 for what the state does not allow, 400 for bad input, 404 for unknown ids", async () => {
    const { operator, supervisor } = await office();
    const client = await registerUser();
    const { id } = await json<AssistedSession>(await create(operator.cookie));

    const early = await patch(operator.cookie, id, { currentStep: 2 });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: "STEP_REQUIREMENT_UNMET", message: "Find or create the client's account first" });
    expect((await actOn(operator.cookie, id, { type: "find-client", account: "nobody-by-this-name" })).status).toBe(404);
    const found = await json<AssistedSession>(await actOn(operator.cookie, id, { type: "find-client", account: client.username.toUpperCase() }));
    expect(found).toMatchObject({ clientName: "Test User", client: { userId: client.user.id } });
    expect(await json<AssistedSession>(await patch(operator.cookie, id, { currentStep: 2 }))).toMatchObject({ currentStep: 2 });

    expect((await actOn(operator.cookie, id, { type: "document", document: { type: "passport", number: "12", expiryDate: "2031-01-01" } })).status).toBe(400);
    await actOn(operator.cookie, id, { type: "document", document: { type: "passport", number: "533401234", expiryDate: "2031-01-01" } });
    const asked = await json<AssistedSession>(await actOn(operator.cookie, id, { type: "request-approval" }));
    const approvalId = asked.approval!.id;

    // An operator without supervisor authority cannot decide at all.
    const unauthorised = await actOn(operator.cookie, id, { type: "decide-approval", approvalId, decision: "approved", reason: "Mine" });
    expect(unauthorised.status).toBe(403);
    expect(await unauthorised.json()).toMatchObject({ code: "NOT_SUPERVISOR" });
    const decided = await actOn(supervisor.cookie, id, { type: "decide-approval", approvalId, decision: "approved", reason: "Passport checked" });
    expect(await json<AssistedSession>(decided)).toMatchObject({ approval: { decision: "approved", reason: "Passport checked" } });
    expect(await json<AssistedSession>(await patch(operator.cookie, id, { currentStep: 3 }))).toMatchObject({ currentStep: 3 });

    expect((await patch(operator.cookie, id, { currentStep: 3, status: "paused" })).status).toBe(400);
    expect((await patch(operator.cookie, id, { status: "paused", completedAt: new Date().toISOString() })).status).toBe(400);
    const ended = await json<AssistedSession>(await patch(operator.cookie, id, { status: "completed", completedAt: new Date().toISOString() }));
    expect(ended).toMatchObject({ status: "completed" });
    expect(ended.completedAt).toBeTruthy();
    const again = await patch(operator.cookie, id, { currentStep: 4 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "SESSION_COMPLETED" });

    expect((await patch(operator.cookie, crypto.randomUUID(), { status: "paused" })).status).toBe(404);
    expect((await patch(operator.cookie, "not-an-id", { status: "paused" })).status).toBe(404);
  });

  it("never lets a supervisor approve a request they made themselves; another supervisor may", async () => {
    const { supervisor, officeId } = await office();
    const client = await registerUser();
    const { id } = await json<AssistedSession>(await create(supervisor.cookie));
    await actOn(supervisor.cookie, id, { type: "find-client", account: client.username });
    await patch(supervisor.cookie, id, { currentStep: 2 });
    await actOn(supervisor.cookie, id, { type: "document", document: { type: "driving-licence", number: "SHAH9801234", expiryDate: "2030-06-30" } });
    const asked = await json<AssistedSession>(await actOn(supervisor.cookie, id, { type: "request-approval" }));
    const own = await actOn(supervisor.cookie, id, { type: "decide-approval", approvalId: asked.approval!.id, decision: "approved", reason: "Looks right" });
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ code: "SELF_APPROVAL", message: "You cannot approve your own request" });

    const colleague = await registerUserWithRole("operator");
    await db().insert(operatorProfiles).values({ userId: colleague.user.id, officeId, title: "Supervisor", supervisor: true });
    const decided = await actOn(colleague.cookie, id, { type: "decide-approval", approvalId: asked.approval!.id, decision: "approved", reason: "Licence checked" });
    expect(decided.status).toBe(200);
  });
});
