import { describe, expect, it } from "vitest";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import type { HistoryPage } from "#server/verification/api-schemas.ts";
import {
  apiKeyFor,
  type Caller,
  citizenWithCredential,
  json,
  ORIGIN,
  organisationWithVerifier,
  person,
  present,
  readReceipt,
  recordCheck,
  request,
} from "#workers/verifier/src/test-support.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ago = (ms: number) => new Date(Date.now() - ms);

async function history(caller: Caller, query = ""): Promise<HistoryPage> {
  const response = await request(`/api/verifications/history${query}`, caller);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as HistoryPage;
}

const ids = (page: HistoryPage) => page.entries.map((e) => e.id);

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks; rows end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The day a UK verifier sees a check under (the usage chart counts by UK day). */
const ukDay = (at: Date) => at.toLocaleDateString("en-CA", { timeZone: "Europe/London" });

describe("GET /api/verifications/history", () => {
  it("lists the organisation's checks newest first, a page at a time, with the total", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const oldest = await recordCheck(organisation.id, { verifiedAt: ago(3 * MINUTE), purpose: "Shift 1" });
    const middle = await recordCheck(organisation.id, { verifiedAt: ago(2 * MINUTE), purpose: "Shift 2" });
    const newest = await recordCheck(organisation.id, { verifiedAt: ago(MINUTE), purpose: "Shift 3" });

    const first = await history({ cookie }, "?pageSize=2");
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(ids(first)).toEqual([newest.id, middle.id]);
    expect(first.entries[0]).toMatchObject({
      checkType: "rtw",
      checkName: "Right to Work",
      purpose: "Shift 3",
      result: "valid",
      organisation: organisation.name,
      visualMatchAt: null,
    });
    // A verifier reading Welsh (the language cookie the portal's calls carry) reads the check's name in Welsh; its code is the same.
    const welsh = await history({ cookie: `${cookie}; lang=cy` }, "?pageSize=1");
    expect(welsh.entries[0]).toMatchObject({ id: newest.id, checkType: "rtw", checkName: "Hawl i Weithio" });
    const second = await history({ cookie }, "?pageSize=2&page=2");
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(ids(second)).toEqual([oldest.id]);
  });

  it("filters by result (valid, invalid, expired) and by check type", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const at = (minutes: number) => ({ verifiedAt: ago(minutes * MINUTE) });
    const validRtw = await recordCheck(organisation.id, at(6));
    const revoked = await recordCheck(organisation.id, {
      ...at(5),
      verificationResult: "STATUS_REVOKED",
      presentedAttributes: {},
    });
    const replayed = await recordCheck(organisation.id, {
      ...at(4),
      verificationResult: "KB_NONCE_REUSED",
      presentedAttributes: {},
    });
    const tooOld = await recordCheck(organisation.id, {
      ...at(3),
      verificationResult: "KB_TOO_OLD",
      presentedAttributes: {},
    });
    const lapsed = await recordCheck(organisation.id, {
      ...at(2),
      checkType: "dbs",
      mode: "online",
      verificationResult: "REQUEST_EXPIRED",
      presentedAttributes: {},
    });
    const validAge = await recordCheck(organisation.id, {
      ...at(1),
      checkType: "age",
      presentedAttributes: { age_over_18: true },
    });

    expect(ids(await history({ cookie }, "?result=valid"))).toEqual([validAge.id, validRtw.id]);
    expect(ids(await history({ cookie }, "?result=invalid"))).toEqual([replayed.id, revoked.id]);
    const expired = await history({ cookie }, "?result=expired");
    expect(ids(expired)).toEqual([lapsed.id, tooOld.id]);
    expect(expired.entries.map((e) => e.result)).toEqual(["expired", "expired"]);
    expect(ids(await history({ cookie }, "?type=age"))).toEqual([validAge.id]);
    expect(ids(await history({ cookie }, "?type=rtw&result=valid"))).toEqual([validRtw.id]);
    expect((await history({ cookie }, "?type=dbs")).total).toBe(1);
    expect((await request("/api/verifications/history?result=maybe", { cookie })).status).toBe(400);
  });

  it("shows a verifier and an API key their own organisation's checks only, and an administrator every organisation's", async () => {
    const mine = await organisationWithVerifier();
    const theirs = await organisationWithVerifier();
    // Dated ahead, so that they head the administrator's list whatever other tests record meanwhile.
    const ahead = new Date(Date.now() + 30 * DAY + Math.floor(Math.random() * DAY));
    const own = await recordCheck(mine.organisation.id, { verifiedAt: ahead });
    const other = await recordCheck(theirs.organisation.id, { verifiedAt: new Date(ahead.getTime() - 1000) });

    expect(ids(await history({ cookie: mine.cookie }))).toEqual([own.id]);
    expect(ids(await history({ apiKey: (await apiKeyFor(mine.cookie)).key }))).toEqual([own.id]);
    expect(ids(await history({ cookie: theirs.cookie }))).toEqual([other.id]);
    const admin = await history({ cookie: (await person("admin")).cookie }, "?pageSize=2");
    expect(ids(admin)).toEqual([own.id, other.id]);
    expect(admin.entries.map((e) => e.organisation)).toEqual([mine.organisation.name, theirs.organisation.name]);
  });

  it("refuses a verifier who belongs to no organisation (403 NO_ORGANISATION): no history, CSV or usage, so none of any organisation's checks", async () => {
    const someone = await organisationWithVerifier();
    const check = await recordCheck(someone.organisation.id, { purpose: "Confidential hire" });
    const loner = await person("verifier");
    for (const path of [
      "/api/verifications/history?pageSize=100",
      "/api/verifications/history?format=csv",
      "/api/verifications/usage?days=1",
    ]) {
      const response = await request(path, { cookie: loner.cookie });
      const text = await response.text();
      expect(response.status, `${path}: ${text}`).toBe(403);
      expect(JSON.parse(text), path).toMatchObject({ code: "NO_ORGANISATION" });
      expect(text.includes(check.id), `${path} lists another organisation's check`).toBe(false);
    }
  });

  it("refuses anonymous callers (401) and citizens (403)", async () => {
    expect((await request("/api/verifications/history")).status).toBe(401);
    expect((await request("/api/verifications/history", { cookie: (await person("citizen")).cookie })).status).toBe(
      403,
    );
  });
});

describe("GET /api/verifications/history?format=csv", () => {
  it("downloads every matching check as CSV: a header row, one row per check, and no cell a spreadsheet would run as a formula", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const purposes = [
      '=HYPERLINK("https://evil.example","Click")',
      "+44 20 7946 0000",
      "-2+3",
      "@SUM(A1:A9)",
      'Night shift, "senior"\r\nwarehouse role',
    ];
    for (const [i, purpose] of purposes.entries())
      await recordCheck(organisation.id, { purpose, verifiedAt: ago((10 - i) * MINUTE) });
    await recordCheck(organisation.id, {
      purpose: "Refused one",
      verificationResult: "STATUS_REVOKED",
      verifiedAt: ago(MINUTE),
    });

    const response = await request("/api/verifications/history?format=csv&result=valid", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[^"]+\.csv"$/);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual(expect.arrayContaining(["verifiedAt", "checkName", "result", "reason", "purpose", "id"]));
    expect(rows).toHaveLength(purposes.length);
    const column = (name: string) => rows.map((row) => row[header!.indexOf(name)]);
    // Newest first, as the history lists them.
    expect(column("purpose")).toEqual([
      'Night shift, "senior"\r\nwarehouse role',
      "'@SUM(A1:A9)",
      "'-2+3",
      "'+44 20 7946 0000",
      `'=HYPERLINK("https://evil.example","Click")`,
    ]);
    expect(new Set(column("result"))).toEqual(new Set(["valid"]));
    expect(new Set(column("checkName"))).toEqual(new Set(["Right to Work"]));
  });
});

describe("GET /api/verifications/usage", () => {
  it("counts the organisation's checks per UK day, valid and not valid apart, and nobody else's", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const other = await organisationWithVerifier();
    // Made now: a minute ago would be yesterday in the first minute after UK midnight.
    const now = new Date();
    const today = now;
    const yesterday = new Date(now.getTime() - DAY);
    await recordCheck(organisation.id, { verifiedAt: today });
    await recordCheck(organisation.id, { verifiedAt: today });
    await recordCheck(organisation.id, { verifiedAt: today, verificationResult: "KB_TOO_OLD" });
    await recordCheck(organisation.id, { verifiedAt: yesterday, verificationResult: "STATUS_REVOKED" });
    for (let i = 0; i < 4; i++) await recordCheck(other.organisation.id, { verifiedAt: today });

    const response = await request("/api/verifications/usage?days=3", { cookie });
    expect(response.status).toBe(200);
    const { days } = (await response.json()) as { days: { date: string; valid: number; invalid: number }[] };
    expect(days).toHaveLength(3);
    expect(days.at(-1)).toEqual({ date: ukDay(now), valid: 2, invalid: 1 });
    expect(days.find((d) => d.date === ukDay(yesterday))).toEqual({ date: ukDay(yesterday), valid: 0, invalid: 1 });
    expect(days.reduce((n, d) => n + d.valid + d.invalid, 0)).toBe(4);
  });
});

describe("GET /api/verifications/{id}/receipt", () => {
  it("downloads a signed PDF receipt of a check: who checked, what, why, what was seen and the result", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const presentation = await present(
      held,
      ["hasRightToWork", "workRestrictions"],
      offlineAudience(ORIGIN),
      crypto.randomUUID(),
    );
    const validated = await request("/api/presentations/validate", {
      ...json({ presentationJwt: presentation, purpose: "Pre-employment check, warehouse" }),
      cookie,
    });
    const { id } = (await validated.json()) as { id: string };

    const response = await request(`/api/verifications/${id}/receipt`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text, facts } = await readReceipt(response);
    for (const expected of [
      organisation.name,
      "Test verifier",
      "Pre-employment check, warehouse",
      "Right to Work",
      "Home Office",
      "GPG45 Medium",
      "Valid",
    ]) {
      expect(text).toContain(expected);
    }
    // The signed facts, checkable against the platform's published keys, are the ones printed.
    expect(facts).toMatchObject({
      receiptId: id,
      organisation: { id: organisation.id, name: organisation.name },
      checkedBy: "Test verifier",
      purpose: "Pre-employment check, warehouse",
      checkType: "Right to Work",
      issuer: "Home Office",
      valid: true,
      result: "valid",
      visualMatch: null,
    });
    expect(facts.attributes).toEqual([
      { label: "Has the right to work in the UK", value: "Yes" },
      { label: "Any conditions on that work", value: "None" },
    ]);
  });

  it("names an offline age check's attribute as the age check does (Aged 18 or over), not by its claim path", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["age_equal_or_over.18"], offlineAudience(ORIGIN), crypto.randomUUID());
    const { id, checkType } = (await (
      await request("/api/presentations/validate", { ...json({ presentationJwt: presentation }), cookie })
    ).json()) as { id: string; checkType: string };
    expect(checkType).toBe("age");
    const { text, facts } = await readReceipt(await request(`/api/verifications/${id}/receipt`, { cookie }));
    expect(facts).toMatchObject({ checkType: "Age Verification", valid: true });
    expect(facts.attributes).toEqual([{ label: "Aged 18 or over", value: "Yes" }]);
    expect(text).not.toContain("age_equal_or_over");
  });

  it("prints and signs its facts in Welsh for a verifier reading Welsh: the check, the credential, the authority and why, the codes unchanged", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], offlineAudience(ORIGIN), crypto.randomUUID());
    const { id } = (await (
      await request("/api/presentations/validate", { ...json({ presentationJwt: presentation }), cookie })
    ).json()) as { id: string };
    const { text, facts } = await readReceipt(
      await request(`/api/verifications/${id}/receipt`, { cookie: `${cookie}; lang=cy` }),
    );
    expect(facts).toMatchObject({
      checkType: "Hawl i Weithio",
      credentialType: "Hawl i Weithio",
      issuer: "y Swyddfa Gartref",
      reason: "valid",
      result: "valid",
      reasonMessage: expect.stringMatching(/^Mae'r tystlythyr yn ddilys/),
    });
    expect(facts.attributes).toEqual([{ label: "Yr hawl i weithio yn y DU", value: "Ie" }]);
    for (const printed of ["Hawl i Weithio", "y Swyddfa Gartref"]) expect(text).toContain(printed);
    // A refusal's reason in Welsh, by its code (the English constant stays for logs and English readers).
    const refused = await recordCheck(organisation.id, {
      verificationResult: "STATUS_REVOKED",
      presentedAttributes: {},
    });
    const revoked = await readReceipt(
      await request(`/api/verifications/${refused.id}/receipt`, { cookie: `${cookie}; lang=cy` }),
    );
    expect(revoked.facts).toMatchObject({
      reason: "STATUS_REVOKED",
      reasonMessage: "Mae'r tystlythyr wedi'i ddirymu.",
    });
  });

  it("is not found for another organisation's check or an unknown id; anonymous callers get 401", async () => {
    const theirs = await organisationWithVerifier();
    const check = await recordCheck(theirs.organisation.id);
    const mine = await organisationWithVerifier();
    expect((await request(`/api/verifications/${check.id}/receipt`, { cookie: mine.cookie })).status).toBe(404);
    expect(
      (await request(`/api/verifications/${check.id}/receipt`, { apiKey: (await apiKeyFor(mine.cookie)).key })).status,
    ).toBe(404);
    expect((await request(`/api/verifications/${crypto.randomUUID()}/receipt`, { cookie: mine.cookie })).status).toBe(
      404,
    );
    expect((await request(`/api/verifications/${check.id}/receipt`)).status).toBe(401);
  });
});

describe("POST /api/verifications/{id}/visual-match", () => {
  it("records once that the verifier saw the holder match a valid check; the history and the receipt then name the match", async () => {
    const { cookie, organisation, user } = await organisationWithVerifier();
    const check = await recordCheck(organisation.id, { verifierId: user.id, verifiedAt: ago(MINUTE) });
    const confirmed = await request(`/api/verifications/${check.id}/visual-match`, { method: "POST", cookie });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id: check.id, confirmedBy: "Test verifier" });
    const again = await request(`/api/verifications/${check.id}/visual-match`, { method: "POST", cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "ALREADY_CONFIRMED" });

    expect((await history({ cookie })).entries[0]).toMatchObject({ id: check.id, visualMatchAt: expect.any(String) });
    const { text, facts } = await readReceipt(await request(`/api/verifications/${check.id}/receipt`, { cookie }));
    expect(facts.visualMatch).toEqual({ confirmedBy: "Test verifier", confirmedAt: expect.any(String) });
    expect(text).toContain("Visual match");
    expect(text).toMatch(/Confirmed by Test verifier at .*the person presenting matched the credential holder/);
  });

  it("refuses a check that was not valid (409), another organisation's check (404), and an API key (403)", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const refused = await recordCheck(organisation.id, {
      verificationResult: "STATUS_REVOKED",
      presentedAttributes: {},
    });
    const invalid = await request(`/api/verifications/${refused.id}/visual-match`, { method: "POST", cookie });
    expect(invalid.status).toBe(409);
    expect(await invalid.json()).toEqual({ message: "Only a valid verification can be confirmed", code: "NOT_VALID" });
    // The same refusal to a verifier reading Welsh: its words in Welsh, its code the same.
    const welsh = await request(`/api/verifications/${refused.id}/visual-match`, {
      method: "POST",
      cookie: `${cookie}; lang=cy`,
    });
    expect(welsh.status).toBe(409);
    expect(await welsh.json()).toEqual({ message: "Dim ond gwiriad dilys y gellir ei gadarnhau", code: "NOT_VALID" });

    const theirs = await organisationWithVerifier();
    const theirCheck = await recordCheck(theirs.organisation.id);
    expect((await request(`/api/verifications/${theirCheck.id}/visual-match`, { method: "POST", cookie })).status).toBe(
      404,
    );

    const mine = await recordCheck(organisation.id);
    expect(
      (
        await request(`/api/verifications/${mine.id}/visual-match`, {
          method: "POST",
          apiKey: (await apiKeyFor(cookie)).key,
        })
      ).status,
    ).toBe(403);
    // None of these confirmed anything.
    expect((await history({ cookie })).entries.every((e) => e.visualMatchAt === null)).toBe(true);
    expect((await history({ cookie: theirs.cookie })).entries.every((e) => e.visualMatchAt === null)).toBe(true);
  });
});

describe("the check's outcome in the record (issue 20, ADR 033): history, CSV and receipt", () => {
  /** A Right to Work check of a genuine credential that says the person may not work, validated offline: its record id. */
  async function failedRightToWorkCheck(cookie: string, purpose: string): Promise<string> {
    const held = await citizenWithCredential("rtw", { hasRightToWork: false });
    const response = await request("/api/presentations/validate", {
      ...json({
        presentationJwt: await present(held, ["hasRightToWork"], offlineAudience(ORIGIN), crypto.randomUUID()),
        purpose,
      }),
      cookie,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { id: string; valid: boolean; outcome: { status: string } | null };
    expect(answer).toMatchObject({ valid: true, outcome: { status: "failed" } });
    return answer.id;
  }

  const NO_RIGHT = { status: "failed", reason: "NO_RIGHT_TO_WORK", message: "No right to work in the UK" };

  it("lists the outcome beside valid in the history, null for a result that is not valid and for a record kept before outcomes", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const failedId = await failedRightToWorkCheck(cookie, "Failed hire");
    const refused = await recordCheck(organisation.id, {
      verificationResult: "STATUS_REVOKED",
      presentedAttributes: {},
      verifiedAt: ago(2 * MINUTE),
    });
    const older = await recordCheck(organisation.id, { verifiedAt: ago(3 * MINUTE) });
    const page = await history({ cookie });
    expect(page.entries.map((entry) => [entry.id, entry.valid, entry.outcome])).toEqual([
      [failedId, true, NO_RIGHT],
      [refused.id, false, null],
      [older.id, true, null],
    ]);
  });

  it("exports the outcome, its code and its words in columns of their own beside the result", async () => {
    const { cookie } = await organisationWithVerifier();
    const failedId = await failedRightToWorkCheck(cookie, "Failed hire");
    const response = await request("/api/verifications/history?format=csv", { cookie });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header!.slice(0, 7)).toEqual([
      "verifiedAt",
      "checkName",
      "result",
      "reason",
      "outcome",
      "outcomeReason",
      "outcomeMessage",
    ]);
    const row = rows.find((cells) => cells[header!.indexOf("id")] === failedId)!;
    expect(["result", "outcome", "outcomeReason", "outcomeMessage"].map((name) => row[header!.indexOf(name)])).toEqual([
      "valid",
      "failed",
      "NO_RIGHT_TO_WORK",
      "No right to work in the UK",
    ]);
  });

  it("prints and signs the outcome on the receipt: a genuine credential, and the check failed, with the reason", async () => {
    const { cookie } = await organisationWithVerifier();
    const failedId = await failedRightToWorkCheck(cookie, "Failed hire");
    const { text, facts } = await readReceipt(await request(`/api/verifications/${failedId}/receipt`, { cookie }));
    expect(facts).toMatchObject({ valid: true, result: "valid", outcome: NO_RIGHT });
    expect(text).toContain("Check outcome: Failed: No right to work in the UK");
    expect(text).toContain("Outcome code: NO_RIGHT_TO_WORK");
  });
});
