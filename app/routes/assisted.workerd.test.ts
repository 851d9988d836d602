import { describe, expect, it } from "vitest";
import type { AssistedSession } from "#core/assisted/session.ts";
import { officeContacts } from "#db/schema/index.ts";
import { office, passportHolder } from "#tests/support/assisted-fixtures.ts";
import { call, registerUser, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** The operator console's page (/assisted, /assisted-digital) as the server renders it (issue 10). */
describe("the operator console page", () => {
  it("sends visitors to sign in, and tells citizens, verifiers and operators without an office why they cannot use it (403)", async () => {
    for (const path of ["/assisted", "/assisted-digital"]) {
      const anonymous = await call(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/login");
    }
    for (const account of [await registerUser(), await registerUserWithRole("verifier")]) {
      const response = await call("/assisted", { cookie: account.cookie });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Only operators and administrators can use the Operator Dashboard");
    }
    const unplaced = await registerUserWithRole("operator");
    const refused = await call("/assisted-digital", { cookie: unplaced.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your account is not assigned to an office");
  });

  it("shows the signed-in operator's own record, the office's contacts, queue and sessions, and the selected session", async () => {
    const { operator, supervisor, officeId } = await office();
    await db().insert(officeContacts).values({
      officeId,
      position: 0,
      name: "Night Desk",
      role: "Out of hours",
      phone: "0300 000 0000",
      hours: "24 hours",
    });
    await call("/api/assisted/queue", { cookie: operator.cookie, body: { clientName: "Queued Person" } });
    const session = (await (
      await call("/api/assisted/sessions", { cookie: operator.cookie, body: {} })
    ).json()) as AssistedSession;

    const page = await (await call(`/assisted-digital?session=${session.id}`, { cookie: supervisor.cookie })).text();
    expect(page).toMatch(/<h1[^>]*>Operator Dashboard<\/h1>/);
    // The operator card is the signed-in supervisor's own record (not text every console shows).
    expect(page).toMatch(/data-testid="operator-card".*?<dd[^>]*>Supervisor<\/dd>/s);
    expect(page).toContain("Level <!-- -->3");
    expect(page).toContain("Yes: can approve dual-control steps");
    expect(page).toContain("Night Desk");
    expect(page).toContain("Queued Person");
    expect(page).toMatch(/Step <!-- -->1<!-- --> of <!-- -->5<!-- -->: <!-- -->Client details/);
    expect(page).toContain("20%");
    expect(page).toContain("Session started");

    const mine = await (await call("/assisted", { cookie: operator.cookie })).text();
    expect(mine).toContain("Support Operator");
    expect(mine).toContain("Level <!-- -->2");
    expect(mine).not.toContain("Yes: can approve dual-control steps");
  });
});

describe("the paper QR page", () => {
  it("prints a session's paper credentials for staff of its office, with their expiry, and nobody else", async () => {
    const { operator, supervisor } = await office();
    const other = await office();
    const passport = await passportHolder();
    const post = (path: string, body: unknown, cookie = operator.cookie) => call(path, { cookie, body });
    const { id } = (await (await post("/api/assisted/sessions", {})).json()) as AssistedSession;
    const account = {
      username: uniqueName("paper"),
      firstName: "Margaret",
      lastName: "Tester",
      password: `Counter pass ${crypto.randomUUID()}`,
    };
    await post(`/api/assisted/sessions/${id}/actions`, { type: "create-client", account });
    await call(`/api/assisted/sessions/${id}`, { method: "PATCH", cookie: operator.cookie, body: { currentStep: 2 } });
    await post(`/api/assisted/sessions/${id}/actions`, {
      type: "document",
      document: { type: "passport", number: passport.number, expiryDate: "2031-01-31" },
    });
    const asked = (await (
      await post(`/api/assisted/sessions/${id}/actions`, { type: "request-approval" })
    ).json()) as AssistedSession;
    await post(
      `/api/assisted/sessions/${id}/actions`,
      { type: "decide-approval", approvalId: asked.approval!.id, decision: "approved", reason: "Genuine" },
      supervisor.cookie,
    );
    await call(`/api/assisted/sessions/${id}`, { method: "PATCH", cookie: operator.cookie, body: { currentStep: 3 } });
    await post(`/api/assisted/sessions/${id}/actions`, { type: "visual-match", matched: true });
    await call(`/api/assisted/sessions/${id}`, { method: "PATCH", cookie: operator.cookie, body: { currentStep: 4 } });
    const empty = await (await call(`/assisted/sessions/${id}/paper`, { cookie: operator.cookie })).text();
    expect(empty).toContain("This session printed no paper credentials.");
    await post(`/api/assisted/sessions/${id}/actions`, {
      type: "issue",
      credentialTypes: ["rtw"],
      delivery: "paper",
      confirmed: true,
    });

    const page = await call(`/assisted/sessions/${id}/paper`, { cookie: supervisor.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/data-qr-value="UKID1:\d+"/);
    expect(html).toContain("Margaret Tester");
    expect(html).toContain("Valid until");
    expect(html).toContain("check the holder&#x27;s photo ID");
    expect((await call(`/assisted/sessions/${id}/paper`, { cookie: other.operator.cookie })).status).toBe(404);
    expect((await call(`/assisted/sessions/${id}/paper`, { cookie: (await registerUser()).cookie })).status).toBe(403);
  });
});
