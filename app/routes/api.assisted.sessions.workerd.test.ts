import { and, eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { ActionAnswer } from "#core/assisted/api.ts";
import type { AssistedSession } from "#core/assisted/session.ts";
import {
  assistedSessions,
  authorityRecords,
  credentialOffers,
  credentials,
  operatorProfiles,
  systemLogs,
} from "#db/schema/index.ts";
import type { CandidateRecord } from "#server/assisted/sessions.ts";
import { office, passportHolder } from "#tests/support/assisted-fixtures.ts";
import { independentWallet, walletKey } from "#tests/support/vci-wallet.ts";
import { call, json, registerUser, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** The assisted-digital API through the real web worker and the session's Durable Object (issue 10). */

const create = (cookie: string, body: unknown = {}) => call("/api/assisted/sessions", { cookie, body });
const patch = (cookie: string, id: string, body: unknown) =>
  call(`/api/assisted/sessions/${id}`, { method: "PATCH", cookie, body });
const actOn = (cookie: string, id: string, body: unknown) =>
  call(`/api/assisted/sessions/${id}/actions`, { cookie, body });

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

  it("words a refusal in the operator's language (Welsh), with the same code", async () => {
    const unplaced = await registerUserWithRole("operator");
    const refused = await call("/api/assisted/sessions", { cookie: `${unplaced.cookie}; lang=cy` });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "NO_OFFICE",
      message: "Dydych chi ddim wedi cael eich neilltuo i swyddfa eto: gofynnwch i weinyddwr",
    });
    const english = await call("/api/assisted/sessions", { cookie: unplaced.cookie });
    expect(await english.json()).toEqual({
      code: "NO_OFFICE",
      message: "You are not assigned to an office yet: ask an administrator",
    });
  });

  it("creates a session as the spec says, lists it for its office only, and an administrator sees it too", async () => {
    const mine = await office();
    const theirs = await office();
    const response = await create(mine.operator.cookie, {
      clientName: "New Client",
      assistanceType: "Digital Identity Setup",
      status: "active",
      currentStep: 1,
      totalSteps: 5,
      requiresDualControl: false,
    });
    expect(response.status).toBe(201);
    const session = await json<AssistedSession>(response);
    expect(session).toMatchObject({
      clientName: "New Client",
      assistanceType: "Digital Identity Setup",
      status: "active",
      currentStep: 1,
      totalSteps: 5,
      requiresDualControl: false,
    });

    const listed = await json<{ id: string }[]>(
      await call("/api/assisted/sessions", { cookie: mine.supervisor.cookie }),
    );
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
    for (const body of [
      { currentStep: 3 },
      { totalSteps: 9 },
      { status: "completed" },
      { requiresDualControl: true },
      { clientName: "" },
    ]) {
      const response = await create(operator.cookie, body);
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toBeTruthy();
    }
    expect(
      (
        await call("/api/assisted/sessions", {
          cookie: operator.cookie,
          rawBody: "{",
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(400);
  });

  it("runs the steps through PATCH and actions: 409 for what the state does not allow, 400 for bad input, 404 for unknown ids", async () => {
    const { operator, supervisor } = await office();
    const client = await registerUser();
    const { id } = await json<AssistedSession>(await create(operator.cookie));

    const early = await patch(operator.cookie, id, { currentStep: 2 });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      code: "STEP_REQUIREMENT_UNMET",
      message: "Find or create the client's account first",
    });
    // The rule's words in the operator's language, found by the rule's key; the code unchanged.
    const earlyInWelsh = await patch(`${operator.cookie}; lang=cy`, id, { currentStep: 3 });
    expect(earlyInWelsh.status).toBe(409);
    expect(await earlyInWelsh.json()).toEqual({
      code: "STEP_OUT_OF_ORDER",
      message: "Mae'r sesiwn yng ngham 1: dim ond i gam 2 y gall symud",
    });
    const unmetInWelsh = await patch(`${operator.cookie}; lang=cy`, id, { currentStep: 2 });
    expect(await unmetInWelsh.json()).toEqual({
      code: "STEP_REQUIREMENT_UNMET",
      message: "Dewch o hyd i gyfrif y cleient neu crëwch un yn gyntaf",
    });
    expect((await actOn(operator.cookie, id, { type: "find-client", account: "nobody-by-this-name" })).status).toBe(
      404,
    );
    const found = await json<AssistedSession>(
      await actOn(operator.cookie, id, { type: "find-client", account: client.username.toUpperCase() }),
    );
    expect(found).toMatchObject({ clientName: "Test User", client: { userId: client.user.id } });
    expect(await json<AssistedSession>(await patch(operator.cookie, id, { currentStep: 2 }))).toMatchObject({
      currentStep: 2,
    });

    const shortNumber = await actOn(operator.cookie, id, {
      type: "document",
      document: { type: "passport", number: "12", expiryDate: "2031-01-01" },
    });
    expect(shortNumber.status).toBe(400);
    expect(await shortNumber.json()).toMatchObject({ message: "The document number is 6 to 20 letters and digits" });
    // A field left out is told in the specification's words (spec 000 §5), as every other body's is.
    const noNumber = await actOn(operator.cookie, id, {
      type: "document",
      document: { type: "passport", expiryDate: "2031-01-01" },
    });
    expect(noNumber.status).toBe(400);
    expect(await noNumber.json()).toMatchObject({ message: "Required" });
    await actOn(operator.cookie, id, {
      type: "document",
      document: { type: "passport", number: "533401234", expiryDate: "2031-01-01" },
    });
    const asked = await json<AssistedSession>(await actOn(operator.cookie, id, { type: "request-approval" }));
    const approvalId = asked.approval!.id;

    // An operator without supervisor authority cannot decide at all.
    const unauthorised = await actOn(operator.cookie, id, {
      type: "decide-approval",
      approvalId,
      decision: "approved",
      reason: "Mine",
    });
    expect(unauthorised.status).toBe(403);
    expect(await unauthorised.json()).toMatchObject({ code: "NOT_SUPERVISOR" });
    const decided = await actOn(supervisor.cookie, id, {
      type: "decide-approval",
      approvalId,
      decision: "approved",
      reason: "Passport checked",
    });
    expect(await json<AssistedSession>(decided)).toMatchObject({
      approval: { decision: "approved", reason: "Passport checked" },
    });
    expect(await json<AssistedSession>(await patch(operator.cookie, id, { currentStep: 3 }))).toMatchObject({
      currentStep: 3,
    });

    expect((await patch(operator.cookie, id, { currentStep: 3, status: "paused" })).status).toBe(400);
    expect((await patch(operator.cookie, id, { status: "paused", completedAt: new Date().toISOString() })).status).toBe(
      400,
    );
    const ended = await json<AssistedSession>(
      await patch(operator.cookie, id, { status: "completed", completedAt: new Date().toISOString() }),
    );
    expect(ended).toMatchObject({ status: "completed" });
    expect(ended.completedAt).toBeTruthy();
    const again = await patch(operator.cookie, id, { currentStep: 4 });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "SESSION_COMPLETED" });
    const againInWelsh = await patch(`${operator.cookie}; lang=cy`, id, { status: "paused" });
    expect(await againInWelsh.json()).toEqual({
      code: "SESSION_COMPLETED",
      message: "Mae'r sesiwn hon wedi dod i ben",
    });

    expect((await patch(operator.cookie, crypto.randomUUID(), { status: "paused" })).status).toBe(404);
    expect((await patch(operator.cookie, "not-an-id", { status: "paused" })).status).toBe(404);
  });

  it("never lets a supervisor approve a request they made themselves; another supervisor may", async () => {
    const { supervisor, officeId } = await office();
    const client = await registerUser();
    const { id } = await json<AssistedSession>(await create(supervisor.cookie));
    await actOn(supervisor.cookie, id, { type: "find-client", account: client.username });
    await patch(supervisor.cookie, id, { currentStep: 2 });
    await actOn(supervisor.cookie, id, {
      type: "document",
      document: { type: "driving-licence", number: "SHAH9801234", expiryDate: "2030-06-30" },
    });
    const asked = await json<AssistedSession>(await actOn(supervisor.cookie, id, { type: "request-approval" }));
    const own = await actOn(supervisor.cookie, id, {
      type: "decide-approval",
      approvalId: asked.approval!.id,
      decision: "approved",
      reason: "Looks right",
    });
    expect(own.status).toBe(403);
    expect(await own.json()).toMatchObject({ code: "SELF_APPROVAL", message: "You cannot approve your own request" });

    const colleague = await registerUserWithRole("operator");
    await db()
      .insert(operatorProfiles)
      .values({ userId: colleague.user.id, officeId, title: "Supervisor", supervisor: true });
    const decided = await actOn(colleague.cookie, id, {
      type: "decide-approval",
      approvalId: asked.approval!.id,
      decision: "approved",
      reason: "Licence checked",
    });
    expect(decided.status).toBe(200);
  });

  it("creates the client's account at the counter, only at step 1 of an active session, with registration's rules", async () => {
    const { operator } = await office();
    const { id } = await json<AssistedSession>(await create(operator.cookie));
    const username = uniqueName("counter");
    const account = {
      username,
      firstName: "Margaret",
      lastName: "Tester",
      password: `Counter pass ${crypto.randomUUID()}`,
    };
    for (const bad of [
      { ...account, username: "ab" },
      { ...account, firstName: "" },
      { ...account, password: "short" },
      { ...account, password: "password123" },
    ]) {
      expect(
        (await actOn(operator.cookie, id, { type: "create-client", account: bad })).status,
        JSON.stringify(bad),
      ).toBe(400);
    }
    const made = await json<AssistedSession>(await actOn(operator.cookie, id, { type: "create-client", account }));
    expect(made).toMatchObject({
      clientName: "Margaret Tester",
      client: { username, name: "Margaret Tester", createdHere: true },
    });
    expect(made.events.at(-1)).toMatchObject({ type: "Account created" });
    // The client can sign in with what they chose.
    expect((await call("/api/auth/login", { body: { username, password: account.password } })).status).toBe(200);

    const other = await json<AssistedSession>(await create(operator.cookie));
    const taken = await actOn(operator.cookie, other.id, { type: "create-client", account });
    expect(taken.status).toBe(409);
    await patch(operator.cookie, id, { currentStep: 2 });
    const late = await actOn(operator.cookie, id, {
      type: "create-client",
      account: { ...account, username: uniqueName("late") },
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "WRONG_STEP" });
  });

  /** Steps 1 to 3 for a new client whose passport the Home Office knows, approved by the supervisor. */
  async function atIssueStep() {
    const staff = await office();
    const passport = await passportHolder();
    const { id } = await json<AssistedSession>(await create(staff.operator.cookie));
    const account = {
      username: uniqueName("walkin"),
      firstName: "Margaret",
      lastName: "Tester",
      password: `Counter pass ${crypto.randomUUID()}`,
    };
    const { client } = await json<AssistedSession>(
      await actOn(staff.operator.cookie, id, { type: "create-client", account }),
    );
    await patch(staff.operator.cookie, id, { currentStep: 2 });
    // A console cannot say which records a document names: the server looks them up.
    const recorded = await json<AssistedSession>(
      await actOn(staff.operator.cookie, id, {
        type: "document",
        document: {
          type: "passport",
          number: passport.number.toLowerCase(),
          expiryDate: "2031-01-31",
          authorityRecordIds: [crypto.randomUUID()],
        },
      }),
    );
    expect(recorded.document).toMatchObject({
      numberLast4: passport.number.slice(-4),
      authorityRecordIds: [passport.recordId],
    });
    const asked = await json<AssistedSession>(await actOn(staff.operator.cookie, id, { type: "request-approval" }));
    await actOn(staff.supervisor.cookie, id, {
      type: "decide-approval",
      approvalId: asked.approval!.id,
      decision: "approved",
      reason: "Passport genuine",
    });
    await patch(staff.operator.cookie, id, { currentStep: 3 });
    await actOn(staff.operator.cookie, id, { type: "visual-match", matched: true, notes: "" });
    expect(await json<AssistedSession>(await patch(staff.operator.cookie, id, { currentStep: 4 }))).toMatchObject({
      currentStep: 4,
    });
    return { ...staff, ...passport, id, client: client! };
  }

  it("step 4 shows the record the passport names, puts it on the client's account when confirmed, and then the session can hand over", async () => {
    const { operator, id, recordId, client } = await atIssueStep();
    const records = await json<CandidateRecord[]>(
      await call(`/api/assisted/sessions/${id}/records`, { cookie: operator.cookie }),
    );
    expect(records).toEqual([
      expect.objectContaining({
        id: recordId,
        type: "rtw",
        name: "Margaret Tester",
        birthdate: "1960-02-29",
        linked: false,
      }),
    ]);

    const unconfirmed = await actOn(operator.cookie, id, {
      type: "issue",
      credentialTypes: ["rtw"],
      delivery: "wallet",
    });
    expect(unconfirmed.status).toBe(400);
    const none = await actOn(operator.cookie, id, {
      type: "issue",
      credentialTypes: ["dbs"],
      delivery: "wallet",
      confirmed: true,
    });
    expect(none.status).toBe(409);
    expect(await none.json()).toMatchObject({ code: "NO_RECORD" });

    const issued = await json<AssistedSession>(
      await actOn(operator.cookie, id, {
        type: "issue",
        credentialTypes: ["rtw"],
        delivery: "wallet",
        confirmed: true,
      }),
    );
    expect(issued.issuance).toMatchObject({ credentialTypes: ["rtw"], delivery: "wallet", paperCredentialIds: [] });
    const [record] = await db().select().from(authorityRecords).where(eq(authorityRecords.id, recordId));
    expect(record!.userId).toBe(client.userId);
    expect(
      (
        await actOn(operator.cookie, id, {
          type: "issue",
          credentialTypes: ["rtw"],
          delivery: "wallet",
          confirmed: true,
        })
      ).status,
    ).toBe(409);
    expect(await json<AssistedSession>(await patch(operator.cookie, id, { currentStep: 5 }))).toMatchObject({
      currentStep: 5,
    });
  });

  it("issues on paper: a paper credential for the client, not bound to a device, named in the session", async () => {
    const { operator, id, client } = await atIssueStep();
    const issued = await json<AssistedSession>(
      await actOn(operator.cookie, id, { type: "issue", credentialTypes: ["rtw"], delivery: "paper", confirmed: true }),
    );
    expect(issued.issuance?.paperCredentialIds).toHaveLength(1);
    const [paper] = await db()
      .select()
      .from(credentials)
      .where(and(eq(credentials.id, issued.issuance!.paperCredentialIds[0]!), eq(credentials.userId, client.userId)));
    expect(paper).toMatchObject({
      type: "rtw",
      status: "active",
      metadata: expect.objectContaining({ delivery: "paper" }),
    });
  });

  it("offers the client's credential to their own wallet app: redeemable with its code, and its secrets only in the operator's answer", async () => {
    const { operator, id, client, recordId } = await atIssueStep();
    const issue = { type: "issue", credentialTypes: ["rtw"], delivery: "app", confirmed: true };

    // Another office's operator cannot see the session, let alone make offers from it.
    const elsewhere = await office();
    expect((await actOn(elsewhere.operator.cookie, id, issue)).status).toBe(404);
    expect(await db().select().from(credentialOffers).where(eq(credentialOffers.userId, client.userId))).toEqual([]);

    const answer = await json<ActionAnswer>(await actOn(operator.cookie, id, issue));
    expect(answer.issuance).toMatchObject({ credentialTypes: ["rtw"], delivery: "app", paperCredentialIds: [] });
    expect(answer.events.at(-1)?.words).toEqual({
      kind: "credentialsOffered",
      values: { credentialTypes: ["rtw"], count: 1 },
    });
    expect(answer.offers).toEqual([
      {
        type: "rtw",
        link: expect.stringMatching(/^openid-credential-offer:\/\/\?credential_offer_uri=/),
        txCode: expect.stringMatching(/^\d{6}$/),
        expiresAt: expect.any(String),
        expiresInSeconds: expect.any(Number),
      },
    ]);
    const [offer] = answer.offers!;
    expect(offer!.expiresInSeconds).toBeGreaterThan(9 * 60);
    expect((await db().select().from(authorityRecords).where(eq(authorityRecords.id, recordId)))[0]!.userId).toBe(
      client.userId,
    );

    // The link and the code are secrets: not in the session as anyone reads it, its stored record, or any log of it.
    const offerId = new URL(decodeURIComponent(offer!.link.split("credential_offer_uri=")[1]!)).pathname
      .split("/")
      .at(-1)!;
    const secrets = [offer!.link, encodeURIComponent(offer!.link), offerId, `"${offer!.txCode}"`, "txCode"];
    const read = await (await call(`/api/assisted/sessions/${id}`, { cookie: operator.cookie })).text();
    const [row] = await db().select().from(assistedSessions).where(eq(assistedSessions.id, id));
    // The session's events reach the audit log with the write-through; the offer's among them.
    const logs = await vi.waitFor(async () => {
      const rows = await db()
        .select()
        .from(systemLogs)
        .where(like(systemLogs.id, `assisted:${id}:%`));
      expect(rows.some((log) => log.message.startsWith("Credentials offered"))).toBe(true);
      return rows;
    });
    for (const stored of [read, JSON.stringify(row), JSON.stringify(logs)])
      for (const secret of secrets) expect(stored).not.toContain(secret);

    // The client's own wallet app, of somebody else's making, redeems the offer with the code read out to them.
    const wallet = independentWallet();
    const credentialOffer = await wallet.resolveCredentialOffer(offer!.link);
    expect(credentialOffer.credential_configuration_ids).toEqual(["rtw", "rtw_haip"]);
    const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata: metadata,
      txCode: offer!.txCode,
      dpop: { signer: (await walletKey()).signer },
    });
    expect(accessTokenResponse.access_token).toBeTruthy();
    const [made] = await db().select().from(credentialOffers).where(eq(credentialOffers.userId, client.userId));
    expect(made).toMatchObject({ channel: "assisted", configurationIds: ["rtw", "rtw_haip"] });
    expect(made!.consumedAt).not.toBeNull();

    // Issued once: a second issue is refused and makes no offer.
    expect((await actOn(operator.cookie, id, issue)).status).toBe(409);
    expect(await db().select().from(credentialOffers).where(eq(credentialOffers.userId, client.userId))).toHaveLength(
      1,
    );
  });

  it("refuses to issue a record whose name is not the client account's, and links nothing", async () => {
    const staff = await office();
    const passport = await passportHolder({ given: "Someone", family: "Else" });
    const { id } = await json<AssistedSession>(await create(staff.operator.cookie));
    const client = await registerUser({ firstName: "Margaret", lastName: "Tester" });
    await actOn(staff.operator.cookie, id, { type: "find-client", account: client.username });
    await patch(staff.operator.cookie, id, { currentStep: 2 });
    await actOn(staff.operator.cookie, id, {
      type: "document",
      document: { type: "passport", number: passport.number, expiryDate: "2031-01-31" },
    });
    const asked = await json<AssistedSession>(await actOn(staff.operator.cookie, id, { type: "request-approval" }));
    await actOn(staff.supervisor.cookie, id, {
      type: "decide-approval",
      approvalId: asked.approval!.id,
      decision: "approved",
      reason: "Genuine",
    });
    await patch(staff.operator.cookie, id, { currentStep: 3 });
    await actOn(staff.operator.cookie, id, { type: "visual-match", matched: true });
    await patch(staff.operator.cookie, id, { currentStep: 4 });
    const records = await json<CandidateRecord[]>(
      await call(`/api/assisted/sessions/${id}/records`, { cookie: staff.operator.cookie }),
    );
    expect(records).toEqual([expect.objectContaining({ name: "Someone Else", nameMatches: false })]);
    const refused = await actOn(staff.operator.cookie, id, {
      type: "issue",
      credentialTypes: ["rtw"],
      delivery: "wallet",
      confirmed: true,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "NAME_MISMATCH" });
    const [record] = await db().select().from(authorityRecords).where(eq(authorityRecords.id, passport.recordId));
    expect(record!.userId).toBeNull();
  });

  /** A session at step 2 with the passport recorded: its records named, not yet approved. */
  async function atDocumentStep() {
    const staff = await office();
    const passport = await passportHolder({ given: "Unknown", family: "Walkin" });
    const { id } = await json<AssistedSession>(await create(staff.operator.cookie));
    const client = await registerUser();
    await actOn(staff.operator.cookie, id, { type: "find-client", account: client.username });
    await patch(staff.operator.cookie, id, { currentStep: 2 });
    const recorded = await actOn(staff.operator.cookie, id, {
      type: "document",
      document: { type: "passport", number: passport.number, expiryDate: "2031-01-31" },
    });
    expect(recorded.status).toBe(200);
    return { ...staff, ...passport, id };
  }

  it("shows no authority record before step 4: typing a number at step 2 reads no name or date of birth", async () => {
    const { operator, supervisor, id } = await atDocumentStep();
    for (const cookie of [operator.cookie, supervisor.cookie]) {
      const refused = await call(`/api/assisted/sessions/${id}/records`, { cookie });
      expect(refused.status).toBe(409);
      const body = await refused.text();
      expect(JSON.parse(body)).toMatchObject({ code: "WRONG_STEP" });
      for (const secret of ["Unknown", "Walkin", "1960-02-29"]) expect(body).not.toContain(secret);
    }
  }, 30_000);

  it("audits each read of the records at step 4 with a keyed digest of the document number, never the number", async () => {
    const { operator, id, number, recordId } = await atIssueStep();
    const read = async () => {
      const response = await call(`/api/assisted/sessions/${id}/records`, { cookie: operator.cookie });
      expect(response.status).toBe(200);
      return response.headers.get("X-Request-Id")!;
    };
    const reads = [await read(), await read()];
    const rows = await vi.waitFor(
      async () => {
        const found = (await db().select().from(systemLogs).where(eq(systemLogs.category, "assisted"))).filter(
          (row) => row.requestId !== null && reads.includes(row.requestId),
        );
        expect(found).toHaveLength(2);
        return found;
      },
      { timeout: 5_000 },
    );
    for (const row of rows) {
      expect(row.userId).toBe(operator.user.id);
      expect(row.metadata).toMatchObject({
        event: "Records read",
        sessionId: id,
        documentType: "passport",
        documentDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
        recordIds: [recordId],
      });
      expect(JSON.stringify(row)).not.toContain(number);
    }
    // The same number, the same digest: reads of one document can be found together.
    expect(rows[0]!.metadata!.documentDigest).toBe(rows[1]!.metadata!.documentDigest);
  }, 30_000);

  it("limits the document numbers one member of staff looks up: 20 an hour, then 429 with Retry-After", async () => {
    const { operator, id, number } = await atDocumentStep();
    // atDocumentStep looked up one number; 19 more are allowed.
    for (let i = 0; i < 19; i++) {
      const again = await actOn(operator.cookie, id, {
        type: "document",
        document: {
          type: "passport",
          number: `${number.slice(0, -2)}${String(i).padStart(2, "0")}`,
          expiryDate: "2031-01-31",
        },
      });
      expect(again.status).toBe(200);
    }
    const limited = await actOn(operator.cookie, id, {
      type: "document",
      document: { type: "passport", number, expiryDate: "2031-01-31" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: "TOO_MANY_LOOKUPS" });
  }, 30_000);

  it("answers 404 when an administrator names an office that does not exist, and 400 for one that is not an id", async () => {
    const admin = await registerUserWithRole("admin");
    expect((await create(admin.cookie, { officeId: crypto.randomUUID() })).status).toBe(404);
    expect(
      (
        await call("/api/assisted/queue", {
          cookie: admin.cookie,
          body: { clientName: "Nobody", officeId: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
    expect((await call(`/api/assisted/queue?office=not-an-id`, { cookie: admin.cookie })).status).toBe(400);
  });
});
