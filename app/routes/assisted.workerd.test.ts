import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { ActionAnswer, IssuanceDelivery } from "#core/assisted/api.ts";
import type { AssistedSession } from "#core/assisted/session.ts";
import { officeContacts, operatorProfiles, systemLogs } from "#db/schema/index.ts";
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
    expect(page).toContain("Level 3");
    expect(page).toContain("Yes: can approve dual-control steps");
    expect(page).toContain("Night Desk");
    expect(page).toContain("Queued Person");
    expect(page).toContain("Step 1 of 5: Client details");
    expect(page).toContain("20%");
    expect(page).toContain("Session started");

    const mine = await (await call("/assisted", { cookie: operator.cookie })).text();
    expect(mine).toContain("Support Operator");
    expect(mine).toContain("Level 2");
    // (The page carries its messages, so what it shows is matched as rendered.)
    expect(mine).not.toMatch(/<dd[^>]*>Yes: can approve dual-control steps<\/dd>/);

    // In Welsh (issue 21): the operator's choice of language, the title from the loader, the session's words.
    const welsh = await (
      await call(`/assisted?session=${session.id}`, { cookie: `${operator.cookie}; lang=cy` })
    ).text();
    expect(welsh).toContain('<html lang="cy" dir="ltr"');
    expect(welsh).toContain("<title>Dangosfwrdd Gweithredwyr | Hunaniaeth Ddigidol y DU</title>");
    expect(welsh).toMatch(/<h1[^>]*>Dangosfwrdd Gweithredwyr<\/h1>/);
    expect(welsh).toContain("Lefel 2");
    expect(welsh).toContain("Cam 1 o 5: Manylion y cleient");
    expect(welsh).toContain("Galw Goruchwyliwr");
    expect(welsh).not.toContain(">Call Supervisor<");
  });

  it("words the session's activity log in the console's language, keeping what staff typed as typed (ADR 046)", async () => {
    const { operator, id } = await paperSession();
    const activityLog = (page: string) =>
      /data-testid="activity-log".*?<\/ol>/s.exec(page.replaceAll("&#x27;", "'"))?.[0] ?? "";

    const welsh = activityLog(
      await (await call(`/assisted?session=${id}`, { cookie: `${operator.cookie}; lang=cy` })).text(),
    );
    expect(welsh).toContain(">Sesiwn wedi dechrau<");
    expect(welsh).toContain(">Cyfrif wedi'i greu<");
    expect(welsh).toContain("Cam 1 wedi'i wneud; nesaf: Dogfen hunaniaeth");
    expect(welsh).toContain("Pasbort y DU yn gorffen â ");
    expect(welsh).toContain(">Tystlythyrau wedi'u cyhoeddi<");
    expect(welsh).toContain(" (ar bapur)");
    // The supervisor's reason and the client's name are data: as typed, in their own direction.
    expect(welsh).toContain('<span dir="auto">Genuine</span>');
    expect(welsh).toContain('<span dir="auto">Margaret Tester</span>');
    // Nothing in it is English any more, so nothing is marked as English.
    expect(welsh).not.toContain('lang="en"');
    expect(welsh).not.toContain("Session started");

    const english = activityLog(await (await call(`/assisted?session=${id}`, { cookie: operator.cookie })).text());
    expect(english).toContain(">Session started<");
    expect(english).toContain("Step 1 done; now Identity document");
    expect(english).toContain(" (on paper)");
  });

  it("shows step 4 done when the credentials were offered to the client's wallet app, never the offer itself", async () => {
    const { operator, supervisor, id, answer } = await paperSession("app");
    const [offer] = answer.offers!;
    const page = (await (await call(`/assisted?session=${id}`, { cookie: operator.cookie })).text()).replaceAll(
      "&#x27;",
      "'",
    );
    expect(page).toContain("Offered 1 credential to the client's wallet app.");
    expect(page).toContain(">Credentials offered<");
    expect(page).toContain("Right to Work (1 offered to the client's wallet app)");
    const welsh = (
      await (await call(`/assisted?session=${id}`, { cookie: `${supervisor.cookie}; lang=cy` })).text()
    ).replaceAll("&#x27;", "'");
    expect(welsh).toContain("Cynigiwyd 1 tystlythyr i ap waled y cleient.");
    expect(welsh).toContain(">Tystlythyrau wedi'u cynnig<");
    // The offer is the asking operator's answer alone: another console's page (or this one, reloaded) never has it.
    for (const shown of [page, welsh]) {
      expect(shown).not.toContain(`"${offer!.txCode}"`);
      expect(shown).not.toContain("openid-credential-offer:");
      expect(shown).not.toContain('data-testid="counter-offer-dialog"');
    }
  });
});

/** An office's session at step 4 with its credentials issued (on paper, unless said) by the office's operator. */
async function paperSession(delivery: IssuanceDelivery = "paper") {
  const staff = await office();
  const { operator, supervisor } = staff;
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
  const issued = await post(`/api/assisted/sessions/${id}/actions`, {
    type: "issue",
    credentialTypes: ["rtw"],
    delivery,
    confirmed: true,
  });
  expect(issued.status).toBe(200);
  return { ...staff, id, answer: (await issued.json()) as ActionAnswer };
}

describe("the paper QR page", () => {
  it("prints a session's paper credentials for staff of its office, with their expiry, and nobody else", async () => {
    const { supervisor, id } = await paperSession();
    const other = await office();
    const page = await call(`/assisted/sessions/${id}/paper`, { cookie: supervisor.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/data-qr-value="UKID1:\d+"/);
    expect(html).toContain("Margaret Tester");
    expect(html).toContain("Valid until");
    expect(html).toContain("check the holder&#x27;s photo ID");

    // The paper is the client's (issue 21): a page in Urdu is right to left throughout.
    const urdu = await (
      await call(`/assisted/sessions/${id}/paper`, { cookie: `${supervisor.cookie}; lang=ur` })
    ).text();
    expect(urdu).toContain('<html lang="ur" dir="rtl"');
    expect(urdu).toMatch(/<h1[^>]*>کاغذی سند<\/h1>/);
    expect(urdu).toContain("تک کارآمد");
    expect(urdu).not.toContain("Valid until");
    // A Welsh-speaking operator prints it in the language they picked for the client: the page's
    // controls stay in Welsh, the paper itself is in Urdu and marked so.
    const picked = await (
      await call(`/assisted/sessions/${id}/paper?lang=ur`, { cookie: `${supervisor.cookie}; lang=cy` })
    ).text();
    expect(picked).toContain('<html lang="cy" dir="ltr"');
    expect(picked).toContain("Yn ôl i&#x27;r sesiwn");
    expect(picked).toMatch(/<h1 [^>]*lang="ur" dir="rtl"[^>]*>کاغذی سند<\/h1>/);
    expect(picked).toMatch(/<ul [^>]*lang="ur" dir="rtl"/);
    expect(picked).toContain("جانچ کرنے والے کے لیے");
    // The credential's name and the claims the code shows, in the client's language too (by the type's code).
    expect(picked).toMatch(/<h2[^>]*>کام کرنے کا حق<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Right to Work<\/h2>/);
    expect((await call(`/assisted/sessions/${id}/paper`, { cookie: other.operator.cookie })).status).toBe(404);
    expect((await call(`/assisted/sessions/${id}/paper`, { cookie: (await registerUser()).cookie })).status).toBe(403);
    // A budget for a busy machine: the session's set-up makes accounts (Argon2id at OWASP's cost, ADR 025).
  }, 30_000);

  it("lets only the session's operator or a supervisor print, 3 times at most, and audits every print", async () => {
    const { operator, supervisor, officeId, id } = await paperSession();
    // Another operator of the same office, who did not run the session.
    const colleague = await registerUserWithRole("operator");
    await db().insert(operatorProfiles).values({
      userId: colleague.user.id,
      officeId,
      title: "Support Operator",
      authorisationLevel: 2,
      supervisor: false,
    });
    const print = (cookie: string) => call(`/assisted/sessions/${id}/paper`, { cookie });
    const refused = await print(colleague.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only the operator who ran this session, a supervisor or an administrator");

    const printed = [];
    for (const cookie of [operator.cookie, supervisor.cookie, operator.cookie]) {
      const page = await print(cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/data-qr-value="UKID1:\d+"/);
      printed.push(page.headers.get("X-Request-Id"));
    }
    const fourth = await print(supervisor.cookie);
    expect(fourth.status).toBe(403);
    const html = await fourth.text();
    expect(html).toContain("printed 3 times, the most allowed");
    expect(html).not.toMatch(/data-qr-value="UKID1/);

    const audited = await vi.waitFor(
      async () => {
        const rows = (await db().select().from(systemLogs).where(eq(systemLogs.category, "assisted"))).filter(
          (row) => row.metadata?.event === "Paper credentials printed" && row.metadata?.sessionId === id,
        );
        expect(rows).toHaveLength(3);
        return rows;
      },
      { timeout: 5_000 },
    );
    expect(audited.map((row) => row.requestId).sort()).toEqual([...printed].sort());
    expect(audited.map((row) => [row.userId, row.metadata?.print]).sort()).toEqual(
      [
        [operator.user.id, 1],
        [supervisor.user.id, 2],
        [operator.user.id, 3],
      ].sort(),
    );
  }, 30_000);
});
