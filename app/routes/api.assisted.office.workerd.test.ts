import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AssistedSession } from "#core/assisted/session.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import type { QueueEntry } from "#server/assisted/queue.ts";
import { office } from "#tests/support/assisted-fixtures.ts";
import { call, json, ORIGIN, registerUser } from "#tests/support/web-client.ts";
import { watchSocket } from "#tests/support/websocket.ts";

/** The office's queue, Call Supervisor and the consoles' live feeds, through the real web worker (issue 10). */

/** A console's WebSocket through the web worker, signed in as the holder of `cookie`. */
const live = (path: string, cookie: string) =>
  watchSocket(SELF, `${ORIGIN}${path}`, { Cookie: `${SESSION_COOKIE}=${cookie}`, Host: new URL(ORIGIN).host });

describe("the office's queue", () => {
  it("adds walk-ins (waiting) and appointments (scheduled), lists arrivals first, and starts a session from an entry once", async () => {
    const { operator, supervisor } = await office();
    const other = await office();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const walkIn = await json<QueueEntry>(
      await call("/api/assisted/queue", { cookie: operator.cookie, body: { clientName: "Walk In" } }),
    );
    const booked = await json<QueueEntry>(
      await call("/api/assisted/queue", {
        cookie: operator.cookie,
        body: { clientName: "Booked Client", appointmentTime: at },
      }),
    );
    expect(walkIn).toMatchObject({ status: "waiting", appointmentTime: null });
    expect(booked).toMatchObject({ status: "scheduled", appointmentTime: at });
    const nameless = await call("/api/assisted/queue", { cookie: operator.cookie, body: { clientName: "" } });
    expect(nameless.status).toBe(400);
    expect(await nameless.json()).toMatchObject({ message: "Enter the client's name" });
    expect(
      (
        await call("/api/assisted/queue", {
          cookie: operator.cookie,
          body: { clientName: "X", appointmentTime: "tomorrow" },
        })
      ).status,
    ).toBe(400);

    // Only a scheduled appointment can arrive; the other office cannot see or touch either entry.
    expect(
      (
        await call(`/api/assisted/queue/${walkIn.id}`, {
          method: "PATCH",
          cookie: operator.cookie,
          body: { status: "ready" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call(`/api/assisted/queue/${booked.id}`, {
          method: "PATCH",
          cookie: other.operator.cookie,
          body: { status: "ready" },
        })
      ).status,
    ).toBe(404);
    expect(await json<QueueEntry[]>(await call("/api/assisted/queue", { cookie: other.operator.cookie }))).toEqual([]);
    await call(`/api/assisted/queue/${booked.id}`, {
      method: "PATCH",
      cookie: supervisor.cookie,
      body: { status: "ready" },
    });
    const queue = await json<QueueEntry[]>(await call("/api/assisted/queue", { cookie: operator.cookie }));
    expect(queue.map((entry) => [entry.clientName, entry.status])).toEqual([
      ["Booked Client", "ready"],
      ["Walk In", "waiting"],
    ]);

    const started = await call(`/api/assisted/queue/${walkIn.id}/start`, { method: "POST", cookie: operator.cookie });
    expect(started.status).toBe(201);
    expect(await json<AssistedSession>(started)).toMatchObject({
      clientName: "Walk In",
      status: "active",
      currentStep: 1,
    });
    const twice = await call(`/api/assisted/queue/${walkIn.id}/start`, { method: "POST", cookie: supervisor.cookie });
    expect(twice.status).toBe(409);
    expect(
      (await json<QueueEntry[]>(await call("/api/assisted/queue", { cookie: operator.cookie }))).map(
        (e) => e.clientName,
      ),
    ).toEqual(["Booked Client"]);
  });

  it("is for staff only", async () => {
    const citizen = await registerUser();
    expect((await call("/api/assisted/queue", { cookie: citizen.cookie })).status).toBe(403);
    expect(
      (await call("/api/assisted/queue", { cookie: citizen.cookie, body: { clientName: "Someone" } })).status,
    ).toBe(403);
    expect((await call("/api/assisted/queue")).status).toBe(401);
  });
});

describe("live consoles", () => {
  it("sends a session's every change to the operator's and the supervisor's consoles at once", async () => {
    const { operator, supervisor } = await office();
    const session = await json<AssistedSession>(
      await call("/api/assisted/sessions", { cookie: operator.cookie, body: {} }),
    );
    const operatorConsole = await live(`/api/assisted/sessions/${session.id}/live`, operator.cookie);
    const supervisorConsole = await live(`/api/assisted/sessions/${session.id}/live`, supervisor.cookie);
    expect(await operatorConsole.next()).toMatchObject({
      type: "session",
      session: { id: session.id, status: "active" },
    });
    expect(await supervisorConsole.next()).toMatchObject({ type: "session", session: { id: session.id } });

    await call(`/api/assisted/sessions/${session.id}`, {
      method: "PATCH",
      cookie: operator.cookie,
      body: { status: "paused" },
    });
    expect(await operatorConsole.next()).toMatchObject({ session: { status: "paused" } });
    expect(await supervisorConsole.next()).toMatchObject({ session: { status: "paused" } });
    operatorConsole.close();
    supervisorConsole.close();
  });

  it("opens a session's feed only for staff of its office, and only as a WebSocket", async () => {
    const { operator } = await office();
    const other = await office();
    const citizen = await registerUser();
    const { id } = await json<AssistedSession>(
      await call("/api/assisted/sessions", { cookie: operator.cookie, body: {} }),
    );
    const upgrade = (cookie?: string) =>
      SELF.fetch(`${ORIGIN}/api/assisted/sessions/${id}/live`, {
        headers: {
          Upgrade: "websocket",
          Host: new URL(ORIGIN).host,
          ...(cookie ? { Cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        },
      });
    expect((await upgrade()).status).toBe(401);
    expect((await upgrade(citizen.cookie)).status).toBe(403);
    expect((await upgrade(other.operator.cookie)).status).toBe(404);
    expect((await call(`/api/assisted/sessions/${id}/live`, { cookie: operator.cookie })).status).toBe(426);
    // Another site's page cannot open the console's feed with the operator's cookie.
    const crossSite = await SELF.fetch(`${ORIGIN}/api/assisted/sessions/${id}/live`, {
      headers: {
        Upgrade: "websocket",
        Host: new URL(ORIGIN).host,
        Origin: "https://evil.example",
        Cookie: `${SESSION_COOKIE}=${operator.cookie}`,
      },
    });
    expect(crossSite.status).toBe(403);
    const board = (query: string, cookie: string) =>
      SELF.fetch(`${ORIGIN}/api/assisted/office/live${query}`, {
        headers: { Upgrade: "websocket", Host: new URL(ORIGIN).host, Cookie: `${SESSION_COOKIE}=${cookie}` },
      });
    expect((await board("?office=nonsense", operator.cookie)).status).toBe(400);
    expect((await board("", citizen.cookie)).status).toBe(403);
  });

  it("tells the office's consoles when its sessions or its queue change", async () => {
    const { operator, supervisor } = await office();
    const board = await live("/api/assisted/office/live", supervisor.cookie);
    const session = await json<AssistedSession>(
      await call("/api/assisted/sessions", { cookie: operator.cookie, body: {} }),
    );
    expect(await board.next()).toMatchObject({
      type: "changed",
      what: "sessions",
      sessionId: session.id,
      awaitingApproval: false,
    });
    await call("/api/assisted/queue", { cookie: operator.cookie, body: { clientName: "Walk In" } });
    expect(await board.next()).toMatchObject({ type: "changed", what: "queue" });
    board.close();
  });
});

describe("Call Supervisor", () => {
  it("reaches every supervisor's console of the office and no operator's, and says how many heard it", async () => {
    const { operator, supervisor } = await office();
    const elsewhere = await office();
    expect(await json(await call("/api/assisted/call-supervisor", { cookie: operator.cookie, body: {} }))).toEqual({
      reached: 0,
    });

    const supervisorBoard = await live("/api/assisted/office/live", supervisor.cookie);
    const operatorBoard = await live("/api/assisted/office/live", operator.cookie);
    const otherSupervisor = await live("/api/assisted/office/live", elsewhere.supervisor.cookie);
    const session = await json<AssistedSession>(
      await call("/api/assisted/sessions", { cookie: operator.cookie, body: {} }),
    );
    await supervisorBoard.next();
    await operatorBoard.next();

    const called = await call("/api/assisted/call-supervisor", {
      cookie: operator.cookie,
      body: { sessionId: session.id },
    });
    expect(await json(called)).toEqual({ reached: 1 });
    expect(await supervisorBoard.next()).toMatchObject({
      type: "supervisor-call",
      sessionId: session.id,
      clientName: "New Client",
      from: { id: operator.user.id },
    });
    await expect(operatorBoard.next(300)).rejects.toThrow("no WebSocket message");
    await expect(otherSupervisor.next(300)).rejects.toThrow("no WebSocket message");
    // A session of another office cannot be named.
    expect(
      (
        await call("/api/assisted/call-supervisor", {
          cookie: elsewhere.operator.cookie,
          body: { sessionId: session.id },
        })
      ).status,
    ).toBe(404);
    for (const socket of [supervisorBoard, operatorBoard, otherSupervisor]) socket.close();
  });
});
