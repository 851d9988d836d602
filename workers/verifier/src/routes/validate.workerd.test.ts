import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTHORITIES, CREDENTIAL_TYPES } from "#core/issuers/registry.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { presentations, verificationRequests, walletEvents } from "#db/schema/index.ts";
import type { ValidationAnswer as Answer } from "#server/verification/api-schemas.ts";
import { OFFLINE_PURPOSE } from "#server/verification/validate.ts";
import { db } from "#tests/support/workerd-database.ts";
import {
  apiKeyFor,
  type Caller,
  type CreatedRequest,
  citizenWithCredential,
  directPost,
  fetchRequestObject,
  holderNonce,
  json,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  person,
  present,
  recordOf,
  request,
  revoke,
} from "#workers/verifier/src/test-support.ts";

/** The platform's offline verifier: the audience a wallet binds an offline QR code to. */
const OFFLINE = offlineAudience(ORIGIN);
/** A nonce the wallet makes itself for an offline code. */
const minutesAgo = (minutes: number) => Math.floor(Date.now() / 1000) - Math.round(minutes * 60);
const HOME_OFFICE = AUTHORITIES[CREDENTIAL_TYPES.rtw.issuerId].name;

const validate = (body: Record<string, unknown>, caller?: Caller) =>
  request("/api/presentations/validate", { ...json(body), ...caller });

async function validated(body: Record<string, unknown>, caller: Caller): Promise<Answer> {
  const response = await validate(body, caller);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
}

describe("POST /api/presentations/validate: an offline presentation (no requestId)", () => {
  it("accepts a presentation made for the platform's offline verifier, pasted raw or scanned as a QR code, and records an offline check of the organisation", async () => {
    const { cookie, user, organisation } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const raw = await present(held, ["hasRightToWork", "workRestrictions"], OFFLINE, holderNonce());
    const qr = encodeOfflinePresentation(
      await present(held, ["hasRightToWork", "workRestrictions"], OFFLINE, holderNonce()),
    );
    expect(qr).toMatch(/^UKID1:\d+$/);

    for (const [text, purpose] of [
      [raw, undefined],
      [`${qr}\n`, "Door supervisor shift"],
    ] as const) {
      const answer = await validated({ presentationJwt: text, ...(purpose ? { purpose } : {}) }, { cookie });
      expect(answer).toMatchObject({
        valid: true,
        reason: "valid",
        result: "valid",
        checkType: "rtw",
        credentialType: "rtw",
        issuer: HOME_OFFICE,
      });
      // Only what the citizen chose to disclose.
      expect(answer.presentedAttributes).toEqual({ hasRightToWork: true, workRestrictions: "None" });
      expect(await recordOf(answer.id)).toMatchObject({
        organisationId: organisation.id,
        verifierId: user.id,
        credentialId: held.credentialId,
        requestId: null,
        mode: "offline",
        checkType: "rtw",
        verificationResult: "valid",
        purpose: purpose ?? OFFLINE_PURPOSE,
      });
    }
  });

  it("infers an age check when the presentation discloses only age_equal_or_over.18 (no date of birth, no name)", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const answer = await validated(
      {
        presentationJwt: encodeOfflinePresentation(
          await present(held, ["age_equal_or_over.18"], OFFLINE, holderNonce()),
        ),
      },
      { cookie },
    );
    expect(answer).toMatchObject({ valid: true, checkType: "age", credentialType: "rtw" });
    // Named by the check's attribute, as a request's answer is: one vocabulary for every reader.
    expect(answer.presentedAttributes).toEqual({ age_over_18: true });
    expect(await recordOf(answer.id)).toMatchObject({
      checkType: "age",
      mode: "offline",
      verificationResult: "valid",
      presentedAttributes: { age_over_18: true },
    });
  });

  it("refuses a check the organisation is not registered for (VERIFIER_NOT_REGISTERED), showing nothing of the credential", async () => {
    const { cookie } = await organisationWithVerifier(["age"]);
    const held = await citizenWithCredential("rtw");
    const answer = await validated(
      { presentationJwt: await present(held, ["hasRightToWork", "given_name"], OFFLINE, holderNonce()) },
      { cookie },
    );
    expect(answer).toMatchObject({
      valid: false,
      reason: "VERIFIER_NOT_REGISTERED",
      result: "invalid",
      checkType: "rtw",
      presentedAttributes: {},
    });
    expect(await recordOf(answer.id)).toMatchObject({
      verificationResult: "VERIFIER_NOT_REGISTERED",
      presentedAttributes: {},
    });
    // The same organisation may make the age check it is registered for.
    const age = await validated(
      { presentationJwt: await present(held, ["age_equal_or_over.18"], OFFLINE, holderNonce()) },
      { cookie },
    );
    expect(age).toMatchObject({ valid: true, checkType: "age", presentedAttributes: { age_over_18: true } });
  });

  it.each([
    [
      "driving_licence",
      ["given_name", "family_name", "birthdate", "licenceNumber", "categories", "penaltyPoints", "expiryDate"],
    ],
    [
      "professional_certificate",
      ["given_name", "family_name", "birthdate", "profession", "registrationNumber", "registeredSince", "expiryDate"],
    ],
  ] as const)(
    "fails closed: a %s code shown to an organisation registered only for age checks is refused (VERIFIER_NOT_REGISTERED), showing nothing of it",
    async (type, disclose) => {
      const { cookie } = await organisationWithVerifier(["age"]);
      const held = await citizenWithCredential(type);
      const answer = await validated(
        { presentationJwt: encodeOfflinePresentation(await present(held, [...disclose], OFFLINE, holderNonce())) },
        { cookie },
      );
      expect(answer).toMatchObject({
        valid: false,
        reason: "VERIFIER_NOT_REGISTERED",
        result: "invalid",
        checkType: type,
        presentedAttributes: {},
      });
      expect(await recordOf(answer.id)).toMatchObject({
        checkType: type,
        verificationResult: "VERIFIER_NOT_REGISTERED",
        presentedAttributes: {},
      });
    },
  );

  it("accepts a driving licence or professional certificate code where the organisation is registered for that check", async () => {
    const { cookie } = await organisationWithVerifier(["driving_licence", "professional_certificate"]);
    const licence = await citizenWithCredential("driving_licence");
    const licenceAnswer = await validated(
      { presentationJwt: await present(licence, ["categories", "expiryDate"], OFFLINE, holderNonce()) },
      { cookie },
    );
    expect(licenceAnswer).toMatchObject({
      valid: true,
      checkType: "driving_licence",
      credentialType: "driving_licence",
    });
    expect(Object.keys(licenceAnswer.presentedAttributes)).toEqual(["categories", "expiryDate"]);
    const certificate = await citizenWithCredential("professional_certificate");
    expect(
      await validated(
        { presentationJwt: await present(certificate, ["profession"], OFFLINE, holderNonce()) },
        { cookie },
      ),
    ).toMatchObject({ valid: true, checkType: "professional_certificate" });
  });

  it("refuses a check the organisation may not make before using the code up: the same code is then accepted by an organisation registered for it", async () => {
    const ageOnly = await organisationWithVerifier(["age"]);
    const employer = await organisationWithVerifier(["rtw"]);
    const held = await citizenWithCredential("rtw");
    const code = encodeOfflinePresentation(await present(held, ["hasRightToWork"], OFFLINE, holderNonce()));
    expect(await validated({ presentationJwt: code }, { cookie: ageOnly.cookie })).toMatchObject({
      valid: false,
      reason: "VERIFIER_NOT_REGISTERED",
    });
    expect(await validated({ presentationJwt: code }, { cookie: employer.cookie })).toMatchObject({
      valid: true,
      checkType: "rtw",
      presentedAttributes: { hasRightToWork: true },
    });
    // Used once now, as any code.
    expect(await validated({ presentationJwt: code }, { cookie: employer.cookie })).toMatchObject({
      valid: false,
      reason: "KB_NONCE_REUSED",
    });
  });

  it("refuses the same presentation a second time inside its window (KB_NONCE_REUSED), pasted again or scanned as a QR code, and records the refusal", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
    expect((await validated({ presentationJwt: presentation }, { cookie })).valid).toBe(true);
    for (const replay of [presentation, encodeOfflinePresentation(presentation)]) {
      const answer = await validated({ presentationJwt: replay }, { cookie });
      expect(answer).toMatchObject({
        valid: false,
        reason: "KB_NONCE_REUSED",
        result: "invalid",
        presentedAttributes: {},
      });
      expect(await recordOf(answer.id)).toMatchObject({ verificationResult: "KB_NONCE_REUSED", mode: "offline" });
    }
  });

  it("accepts a code made 14 minutes ago and refuses one made over 16 minutes ago (15-minute window plus 60 s clock skew) as expired: KB_TOO_OLD", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const recent = await present(held, ["hasRightToWork"], OFFLINE, holderNonce(), minutesAgo(14));
    expect(await validated({ presentationJwt: recent }, { cookie })).toMatchObject({ valid: true });
    const stale = await present(held, ["hasRightToWork"], OFFLINE, holderNonce(), minutesAgo(16.5));
    expect(await validated({ presentationJwt: stale }, { cookie })).toMatchObject({
      valid: false,
      reason: "KB_TOO_OLD",
      result: "expired",
    });
  });

  it("refuses a presentation meant for an online request (KB_AUDIENCE_MISMATCH): a captured answer cannot be replayed as an offline code", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest({ cookie });
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], created.clientId, created.nonce);
    expect(await validated({ presentationJwt: presentation }, { cookie })).toMatchObject({
      valid: false,
      reason: "KB_AUDIENCE_MISMATCH",
      result: "invalid",
    });
  });

  it("words its answer in the caller's language: an API key asking for Welsh (Accept-Language) reads why and the authority in Welsh, the codes unchanged; English by default", async () => {
    const { cookie } = await organisationWithVerifier();
    const { key } = await apiKeyFor(cookie);
    const held = await citizenWithCredential("rtw");
    await revoke(held.credentialId);
    const ask = async (headers: Record<string, string>) => {
      const presentation = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
      return (
        await request("/api/presentations/validate", {
          ...json({ presentationJwt: presentation }),
          apiKey: key,
          headers,
        })
      ).json();
    };
    expect(await ask({})).toMatchObject({
      reason: "STATUS_REVOKED",
      message: "The credential has been revoked.",
      issuer: HOME_OFFICE,
    });
    expect(await ask({ "Accept-Language": "cy" })).toMatchObject({
      valid: false,
      reason: "STATUS_REVOKED",
      result: "invalid",
      message: "Mae'r tystlythyr wedi'i ddirymu.",
      credentialType: "rtw",
      issuer: "y Swyddfa Gartref",
    });
  });

  it("refuses a revoked credential (STATUS_REVOKED), seen at once", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    await revoke(held.credentialId);
    const presentation = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
    const answer = await validated({ presentationJwt: presentation }, { cookie });
    expect(answer).toMatchObject({
      valid: false,
      reason: "STATUS_REVOKED",
      result: "invalid",
      checkType: "rtw",
      credentialType: "rtw",
      issuer: "Home Office",
    });
    // The refused check is linked to the credential, and the holder's log says so.
    const [record] = await db()
      .select()
      .from(presentations)
      .where(eq(presentations.id, (answer as { id: string }).id));
    expect(record).toMatchObject({
      credentialId: held.credentialId,
      verificationResult: "STATUS_REVOKED",
      checkType: "rtw",
    });
    const [logged] = await db()
      .select()
      .from(walletEvents)
      .where(and(eq(walletEvents.userId, held.userId), eq(walletEvents.kind, "credential_verified")));
    expect(logged?.detail).toMatchObject({ valid: false, reason: "STATUS_REVOKED" });
  });

  it.each([
    [
      "text that is no presentation",
      "hello, I am not a credential",
      /not an offline presentation code or an SD-JWT presentation/,
    ],
    ["a damaged offline code", "UKID1:1234567890", /damaged or incomplete/],
    [
      "an offline code of a format this verifier does not know",
      "UKID7:1234567890",
      /format this verifier does not know/,
    ],
  ])("answers %s with a 400 that says so, and records nothing", async (_, text, detail) => {
    const { cookie, organisation } = await organisationWithVerifier();
    const response = await validate({ presentationJwt: text }, { cookie });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; code: string };
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.message).toMatch(/^This is not a credential presentation: /);
    expect(body.message).toMatch(detail);
    expect(
      await db().select().from(presentations).where(eq(presentations.organisationId, organisation.id)),
    ).toHaveLength(0);
  });

  it.each([
    [
      "a body that is not JSON",
      { method: "POST", body: "presentationJwt=abc", headers: { "Content-Type": "application/json" } },
      /JSON/,
    ],
    ["no presentationJwt", json({ purpose: "x" }), /presentationJwt/],
    ["an empty presentationJwt", json({ presentationJwt: "" }), /presentationJwt/],
    ["a requestId that is not a UUID", json({ presentationJwt: "x", requestId: "42" }), /requestId/],
  ])("answers %s with a 400 naming the problem", async (_, init, message) => {
    const { cookie } = await organisationWithVerifier();
    const response = await request("/api/presentations/validate", { ...(init as RequestInit), cookie });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });
});

describe("POST /api/presentations/validate with requestId", () => {
  it("judges the presentation against the caller's own open request and answers it: the request reads completed, and a second answer is refused", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      {
        credentialType: "rtw",
        requestedAttributes: ["hasRightToWork", "expiryDate"],
        purpose: "Warehouse operative hire",
      },
    );
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork", "expiryDate"], created.clientId, created.nonce);
    const answer = await validated({ presentationJwt: presentation, requestId: created.id }, { cookie });
    expect(answer).toMatchObject({ valid: true, reason: "valid", checkType: "rtw" });
    expect(Object.keys(answer.presentedAttributes).sort()).toEqual(["expiryDate", "hasRightToWork"]);

    const view = await (await request(`/api/presentations/requests/${created.id}`, { cookie })).json();
    expect(view).toMatchObject({ status: "completed", result: { valid: true, reason: "valid", recordId: answer.id } });
    expect(await recordOf(answer.id)).toMatchObject({
      organisationId: organisation.id,
      requestId: created.id,
      mode: "online",
      checkType: "rtw",
      purpose: "Warehouse operative hire",
    });

    const again = await present(held, ["hasRightToWork", "expiryDate"], created.clientId, created.nonce);
    expect(await validated({ presentationJwt: again, requestId: created.id }, { cookie })).toMatchObject({
      valid: false,
      reason: "REQUEST_ALREADY_ANSWERED",
      result: "invalid",
    });
    // The first answer stands.
    expect(await (await request(`/api/presentations/requests/${created.id}`, { cookie })).json()).toMatchObject({
      status: "completed",
      result: { valid: true, recordId: answer.id },
    });
  });

  it("refuses a presentation bound to another nonce, to another audience (an offline code), or missing a requested attribute", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const body = { credentialType: "rtw", requestedAttributes: ["hasRightToWork", "expiryDate"], purpose: "Hiring" };
    type Made = (r: CreatedRequest) => Promise<string>;
    const cases: [Made, string][] = [
      [
        (r) => present(held, ["hasRightToWork", "expiryDate"], r.clientId, "not-this-requests-nonce"),
        "KB_NONCE_MISMATCH",
      ],
      [(r) => present(held, ["hasRightToWork", "expiryDate"], OFFLINE, r.nonce), "KB_AUDIENCE_MISMATCH"],
      [(r) => present(held, ["hasRightToWork"], r.clientId, r.nonce), "DCQL_CLAIM_MISSING"],
    ];
    for (const [make, reason] of cases) {
      const created = await openRequest({ cookie }, body);
      expect(
        await validated({ presentationJwt: await make(created), requestId: created.id }, { cookie }),
        reason,
      ).toMatchObject({ valid: false, reason });
    }
  });

  it("answers 404 for another organisation's request (which stays open) and for an unknown one", async () => {
    const theirs = await organisationWithVerifier();
    const created = await openRequest({ cookie: theirs.cookie });
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], created.clientId, created.nonce);
    const mine = await organisationWithVerifier();
    expect(
      (await validate({ presentationJwt: presentation, requestId: created.id }, { cookie: mine.cookie })).status,
    ).toBe(404);
    expect(
      (await validate({ presentationJwt: presentation, requestId: crypto.randomUUID() }, { cookie: mine.cookie }))
        .status,
    ).toBe(404);
    // An administrator reads every organisation's requests, but answers only their own organisation's.
    const admin = await person("admin", mine.organisation.id);
    expect((await request(`/api/presentations/requests/${created.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect(
      (await validate({ presentationJwt: presentation, requestId: created.id }, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect(
      await (await request(`/api/presentations/requests/${created.id}`, { cookie: theirs.cookie })).json(),
    ).toMatchObject({ status: "pending", result: null });
  });
});

describe("a request made with an API key", () => {
  it("names no person: neither the request nor its record is put on one of the organisation's verifiers", async () => {
    const { cookie } = await organisationWithVerifier();
    const { key } = await apiKeyFor(cookie);
    const created = await openRequest({ apiKey: key });
    const [row] = await db().select().from(verificationRequests).where(eq(verificationRequests.id, created.id));
    expect(row).toMatchObject({ verifierId: null });
    const held = await citizenWithCredential("rtw");
    const answer = await validated(
      {
        presentationJwt: await present(held, ["hasRightToWork"], created.clientId, created.nonce),
        requestId: created.id,
      },
      { apiKey: key },
    );
    expect(answer).toMatchObject({ valid: true });
    expect(await recordOf(answer.id)).toMatchObject({ verifierId: null, requestId: created.id, mode: "online" });
  });
});

describe("POST /api/presentations/validate: who may call it", () => {
  it("refuses anonymous callers (401), citizens and operators (403) and a verifier with no organisation (403) without spending the code; an API key validates it", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const { key } = await apiKeyFor(cookie);
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
    const body = { presentationJwt: presentation };

    expect((await validate(body)).status).toBe(401);
    for (const role of ["citizen", "operator"] as const)
      expect((await validate(body, { cookie: (await person(role)).cookie })).status).toBe(403);
    const loner = await validate(body, { cookie: (await person("verifier")).cookie });
    expect(loner.status).toBe(403);
    expect(await loner.json()).toMatchObject({ code: "NO_ORGANISATION" });

    // None of the refused calls used up the holder's nonce.
    const answer = await validated(body, { apiKey: key });
    expect(answer).toMatchObject({ valid: true, checkType: "rtw" });
    expect(await recordOf(answer.id)).toMatchObject({
      organisationId: organisation.id,
      verifierId: null,
      mode: "offline",
    });
  });
});

describe("the check's outcome beside valid (issue 20, ADR 033): a genuine credential that fails its check", () => {
  const DAY_MS = 86_400_000;
  /** A date of birth `years` ago today (UTC), as an authority's record holds one. */
  const bornYearsAgo = (years: number) => {
    const at = new Date();
    at.setUTCFullYear(at.getUTCFullYear() - years);
    return at.toISOString().slice(0, 10);
  };
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  const PASSED = { status: "passed", reason: null, message: null };

  it("answers an age check with a genuine credential of a person under 18 as valid: true, outcome failed, Under 18, and records the outcome", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw", { birthdate: bornYearsAgo(16) });
    const answer = await validated(
      {
        presentationJwt: encodeOfflinePresentation(
          await present(held, ["age_equal_or_over.18"], OFFLINE, holderNonce()),
        ),
      },
      { cookie },
    );
    expect(answer).toMatchObject({
      valid: true,
      reason: "valid",
      result: "valid",
      checkType: "age",
      presentedAttributes: { age_over_18: false },
      outcome: { status: "failed", reason: "UNDER_18", message: "Under 18" },
    });
    expect(await recordOf(answer.id)).toMatchObject({
      verificationResult: "valid",
      checkType: "age",
      outcome: "failed",
      outcomeReason: "UNDER_18",
    });
    // A verifier reading Welsh reads why the check failed in Welsh, and the history says the same; the codes are the same.
    const welsh = await validated(
      {
        presentationJwt: encodeOfflinePresentation(
          await present(held, ["age_equal_or_over.18"], OFFLINE, holderNonce()),
        ),
      },
      { cookie: `${cookie}; lang=cy` },
    );
    expect(welsh).toMatchObject({
      reason: "valid",
      message: expect.stringMatching(/^Mae'r tystlythyr yn ddilys/),
      outcome: { status: "failed", reason: "UNDER_18", message: "O dan 18" },
    });
    const history = await request("/api/verifications/history?pageSize=1", { cookie: `${cookie}; lang=cy` });
    expect(((await history.json()) as { entries: unknown[] }).entries[0]).toMatchObject({
      checkName: "Gwirio Oedran",
      outcome: { status: "failed", reason: "UNDER_18", message: "O dan 18" },
    });
  });

  it("answers a Right to Work credential that says the person may not work as valid: true, outcome failed, No right to work in the UK", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw", {
      hasRightToWork: false,
      workRestrictions: "Not permitted to work",
    });
    const answer = await validated(
      { presentationJwt: await present(held, ["hasRightToWork", "workRestrictions"], OFFLINE, holderNonce()) },
      { cookie },
    );
    expect(answer).toMatchObject({
      valid: true,
      result: "valid",
      checkType: "rtw",
      presentedAttributes: { hasRightToWork: false },
      outcome: { status: "failed", reason: "NO_RIGHT_TO_WORK", message: "No right to work in the UK" },
    });
    expect(await recordOf(answer.id)).toMatchObject({ outcome: "failed", outcomeReason: "NO_RIGHT_TO_WORK" });
  });

  it("answers an online request whose Right to Work permission has expired, sent by the wallet to response_uri: the request's result and its record carry outcome failed, Permission to work has expired", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      {
        credentialType: "rtw",
        requestedAttributes: ["hasRightToWork", "expiryDate"],
        purpose: "Warehouse hire",
        responseMode: "direct_post",
      },
    );
    const { claims } = await fetchRequestObject(created.requestUri);
    const held = await citizenWithCredential("rtw", { expiryDate: daysAgo(10) });
    const presentation = await present(held, ["hasRightToWork", "expiryDate"], created.clientId, claims.nonce);
    const queryId = claims.dcql_query.credentials[0].id as string;
    const answered = await request(
      "/api/presentations/response",
      directPost({ state: claims.state, vp_token: JSON.stringify({ [queryId]: [presentation] }) }),
    );
    expect(answered.status, await answered.clone().text()).toBe(200);
    const expired = { status: "failed", reason: "WORK_PERMISSION_EXPIRED", message: "Permission to work has expired" };
    const view = (await (await request(`/api/presentations/requests/${created.id}`, { cookie })).json()) as {
      status: string;
      result: { valid: boolean; outcome: unknown; recordId: string };
    };
    expect(view).toMatchObject({ status: "completed", result: { valid: true, reason: "valid", outcome: expired } });
    expect(await recordOf(view.result.recordId)).toMatchObject({
      mode: "online",
      verificationResult: "valid",
      outcome: "failed",
      outcomeReason: "WORK_PERMISSION_EXPIRED",
    });
  });

  it("answers a request the verifier answers with a scanned presentation (requestId) with its outcome too", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest(
      { cookie },
      { credentialType: "age", requestedAttributes: ["age_over_18"], purpose: "Sale of alcohol" },
    );
    const held = await citizenWithCredential("driving_licence", { birthdate: bornYearsAgo(17) });
    const answer = await validated(
      {
        presentationJwt: await present(held, ["age_equal_or_over.18"], created.clientId, created.nonce),
        requestId: created.id,
      },
      { cookie },
    );
    expect(answer).toMatchObject({
      valid: true,
      checkType: "age",
      outcome: { status: "failed", reason: "UNDER_18", message: "Under 18" },
    });
  });

  it("answers outcome passed for a credential that meets its check, offline and by request", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const offline = await validated(
      { presentationJwt: await present(held, ["hasRightToWork", "expiryDate"], OFFLINE, holderNonce()) },
      { cookie },
    );
    expect(offline).toMatchObject({ valid: true, outcome: PASSED });
    expect(await recordOf(offline.id)).toMatchObject({ outcome: "passed", outcomeReason: null });
    const created = await openRequest({ cookie });
    const online = await validated(
      {
        presentationJwt: await present(held, ["hasRightToWork"], created.clientId, created.nonce),
        requestId: created.id,
      },
      { cookie },
    );
    expect(online).toMatchObject({ valid: true, outcome: PASSED });
  });

  it("evaluates no outcome when the credential is not accepted: a replayed code and a revoked credential answer outcome null", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw", { hasRightToWork: false });
    const presentation = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
    expect(await validated({ presentationJwt: presentation }, { cookie })).toMatchObject({
      valid: true,
      outcome: { status: "failed" },
    });
    const replayed = await validated({ presentationJwt: presentation }, { cookie });
    expect(replayed).toMatchObject({ valid: false, reason: "KB_NONCE_REUSED", outcome: null });
    expect(await recordOf(replayed.id)).toMatchObject({ outcome: null, outcomeReason: null });
    await revoke(held.credentialId);
    const revoked = await validated(
      { presentationJwt: await present(held, ["hasRightToWork"], OFFLINE, holderNonce()) },
      { cookie },
    );
    expect(revoked).toMatchObject({ valid: false, reason: "STATUS_REVOKED", outcome: null });
  });
});
