import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { presentCredential } from "#core/credentials/index.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, presentations, users, verifierOrganisations } from "#db/schema/index.ts";
import { OPENAPI_OPERATIONS } from "#server/verification/openapi.ts";
import { issueCredential, makeHolder, textOf } from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN, registerUser, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The Verifier Portal through the real web worker (spec 000 §2 "Verifier Portal"; issue 9): the
 * page at /verifier and /verifier-portal, /verifier/history and /verifier/api-docs, with the
 * verifier API behind them (the web worker forwards to the real verifier worker).
 */

/** A verifier of an organisation of this test's own (registerUserWithRole, then users.organisationId), signed in. */
async function organisationVerifier(allowedChecks: string[] = ["rtw", "rtr", "dbs", "age"]) {
  const account = await registerUserWithRole("verifier");
  const [organisation] = await db()
    .insert(verifierOrganisations)
    .values({ name: uniqueName("Org "), allowedChecks })
    .returning();
  await db().update(users).set({ organisationId: organisation!.id }).where(eq(users.id, account.user.id));
  return { ...account, organisation: organisation! };
}

/**
 * A real in-person check made through the API: a citizen's Right to Work credential, issued to a
 * device key, presented offline (KB-JWT for the platform's offline verifier) and posted by the
 * verifier to POST /api/presentations/validate. The validation's answer.
 */
async function checkInPerson(verifierCookie: string, purpose: string) {
  const citizen = await registerUser();
  await db().insert(authorityRecords).values(demoAuthorityRecords(citizen.user.id, new Date()));
  const holder = await makeHolder();
  const credential = await issueCredential(citizen.cookie, "rtw", holder);
  const presentation = await presentCredential({
    sdJwt: credential.vcJwt,
    disclose: ["hasRightToWork", "given_name"],
    holderPrivateKey: holder.privateKey,
    nonce: crypto.randomUUID().replace(/-/g, ""),
    aud: offlineAudience(ORIGIN),
    iat: Math.floor(Date.now() / 1000),
  });
  const response = await call("/api/presentations/validate", {
    body: { presentationJwt: presentation, purpose },
    cookie: verifierCookie,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as {
    id: string;
    valid: boolean;
    result: string;
    presentedAttributes: Record<string, unknown>;
  };
}

type PortalData = {
  refused: null;
  organisation: { id: string; name: string };
  recent: { id: string; checkName: string; result: string; purpose: string }[];
  recentTotal: number;
  usage: { date: string; valid: number; invalid: number }[];
  apiKeys: { id: string; name: string; prefix: string }[];
};

async function portalData(cookie: string, path = "/verifier", routeId = "routes/verifier"): Promise<PortalData> {
  const response = await call(`${path}?_data=${encodeURIComponent(routeId)}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PortalData;
}

/** `count` records of the organisation written directly, one a minute apart, newest last. */
async function recordsFor(organisationId: string, rows: { result: string; checkType: string; purpose: string }[]) {
  const start = Date.now() - rows.length * 60_000;
  await db()
    .insert(presentations)
    .values(
      rows.map((row, i) => ({
        organisationId,
        checkType: row.checkType,
        purpose: row.purpose,
        mode: "offline" as const,
        verificationResult: row.result,
        presentedAttributes: {},
        verifiedAt: new Date(start + i * 60_000),
      })),
    );
}

describe("GET /verifier", () => {
  it("sends a signed-out visitor to /login, from every path of the portal", async () => {
    for (const path of ["/verifier", "/verifier-portal", "/verifier/history", "/verifier/api-docs"]) {
      const response = await call(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/login");
    }
  });

  it("refuses a citizen with a 403 page that says only verifiers can use it", async () => {
    const { cookie } = await registerUser();
    for (const path of ["/verifier", "/verifier-portal", "/verifier/history", "/verifier/api-docs"]) {
      const response = await call(path, { cookie });
      expect(response.status, path).toBe(403);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
      const html = await textOf(response);
      expect(html, path).toContain("Only verifiers can use the Verifier Portal");
      // What the page shows (its scripts carry the route's messages, the portal's words among them).
      expect(html.replace(/<script[\s\S]*?<\/script>/gi, " "), path).not.toContain("Request Specific Credentials");
    }
  });

  it("refuses a verifier whose account belongs to no organisation", async () => {
    const { cookie } = await registerUserWithRole("verifier");
    const response = await call("/verifier", { cookie });
    expect(response.status).toBe(403);
    expect(await textOf(response)).toContain("Your account is not linked to a verifier organisation");
    // The documentation reads no records: open to them.
    expect((await call("/verifier/api-docs", { cookie })).status).toBe(200);
  });

  it("shows a verifier the portal: the request form, the scanner, the result panel and API Integration, with the organisation's recent checks from the record", async () => {
    const { cookie, organisation } = await organisationVerifier();
    const empty = await textOf(await call("/verifier", { cookie }));
    expect(empty).toContain("<title>Verifier Portal | UK Digital Identity</title>");
    expect(empty).toMatch(/<h1[^>]*>Verifier Portal<\/h1>/);
    expect(empty).toContain('href="/"');
    expect(empty).toContain("No data available");

    const answer = await checkInPerson(cookie, "Warehouse shift right to work check");
    expect(answer).toMatchObject({
      valid: true,
      result: "valid",
      presentedAttributes: { hasRightToWork: true, given_name: "Sarah" },
    });
    // The record is written just after the answer: the portal shows it once it is there.
    await expect
      .poll(async () => (await portalData(cookie)).recent.map((r) => r.id), { timeout: 5000 })
      .toEqual([answer.id]);

    const response = await call("/verifier", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await textOf(response);
    expect(html).toContain(organisation.name);
    for (const text of [
      "Scan QR Code",
      "Request Specific Credentials",
      "Verification Result",
      "Recent Verifications",
      "API Integration",
      "API Key",
      "Documentation",
      "Usage Analytics",
    ]) {
      expect(html, text).toContain(text);
    }
    // The form: the four checks (spec 000 §5) and Right to Work's attributes, its default ticked.
    const options = [...html.matchAll(/<option value="(rtw|rtr|dbs|age)"[^>]*>([^<]*)<\/option>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(options).toEqual([
      ["rtw", "Right to Work"],
      ["rtr", "Right to Rent"],
      ["dbs", "DBS Check"],
      ["age", "Age Verification"],
    ]);
    const ticked = [...html.matchAll(/<input[^>]*name="requestedAttributes"[^>]*>/g)]
      .filter((m) => m[0].includes('checked=""'))
      .map((m) => /value="([^"]*)"/.exec(m[0])![1]);
    expect(ticked).toEqual(["hasRightToWork"]);
    expect(html).toContain("Has the right to work in the UK");
    expect(html).toMatch(/<label[^>]*>Purpose<\/label>/);
    // The recent check, from the database.
    expect(html).toContain(`data-record-id="${answer.id}"`);
    expect(html).toContain("Warehouse shift right to work check");
    expect(html).toMatch(/data-testid="recent-item".*?Right to Work.*?data-result="valid"/s);
    expect(html).toContain('href="/verifier/history"');
    expect(html).toContain('href="/verifier/api-docs"');

    const data = await portalData(cookie);
    expect(data.organisation.id).toBe(organisation.id);
    expect(data.usage).toHaveLength(14);
    expect(data.usage.at(-1)).toMatchObject({ valid: 1, invalid: 0 });
  });

  it("speaks Welsh to a verifier who chose it: the page's language, its title, headings and the record's words", async () => {
    const { cookie } = await organisationVerifier();
    await checkInPerson(cookie, "Gwiriad hawl i weithio");
    const welsh = `${cookie}; lang=cy`;
    const html = await textOf(await call("/verifier", { cookie: welsh }));
    expect(html).toContain('<html lang="cy"');
    expect(html).toContain("<title>Porth Gwirwyr | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Porth Gwirwyr<\/h1>/);
    for (const text of ["Sganio cod QR", "Gofyn am dystlythyrau penodol", "Canlyniad Gwirio", "Integreiddio API"])
      expect(html).toContain(text);
    // Not a word of the English page, even in the messages its scripts carry.
    expect(html).not.toContain("Request Specific Credentials");

    // The history, once the record is there: its title, table and the check's outcome in Welsh.
    await expect.poll(async () => (await portalData(cookie)).recentTotal, { timeout: 5000 }).toBe(1);
    const history = await textOf(await call("/verifier/history", { cookie: welsh }));
    expect(history).toContain('<html lang="cy"');
    expect(history).toContain("<title>Hanes Gwirio | Hunaniaeth Ddigidol y DU</title>");
    expect(history).toContain("Yn dangos 1–1 o 1");
    expect(history).toContain("Llwyddodd y gwiriad");
    expect(history).not.toContain("Check passed");
    // The words the server gives the record: the check's name and the issuing authority's, in Welsh.
    expect(history).toMatch(/>Hawl i Weithio</);
    expect(history).toMatch(/>y Swyddfa Gartref</);
    expect(history).not.toMatch(/>Right to Work</);
    expect((await portalData(welsh)).recent[0]).toMatchObject({ checkName: "Hawl i Weithio" });
  });

  it("shows only the organisation's own checks, five at most, newest first", async () => {
    const mine = await organisationVerifier();
    const other = await organisationVerifier();
    await recordsFor(
      mine.organisation.id,
      Array.from({ length: 7 }, (_, i) => ({
        result: i % 2 ? "valid" : "REVOKED",
        checkType: "rtw",
        purpose: `Mine ${i}`,
      })),
    );
    await recordsFor(other.organisation.id, [{ result: "valid", checkType: "dbs", purpose: "Theirs" }]);
    const data = await portalData(mine.cookie);
    expect(data.recent.map((r) => r.purpose)).toEqual(["Mine 6", "Mine 5", "Mine 4", "Mine 3", "Mine 2"]);
    expect(data.recent.map((r) => r.result)).toEqual(["invalid", "valid", "invalid", "valid", "invalid"]);
    expect(data.recentTotal).toBe(7);
    expect(await textOf(await call("/verifier", { cookie: mine.cookie }))).not.toContain("Theirs");
  });

  it("is the same page at /verifier-portal", async () => {
    const { cookie } = await organisationVerifier();
    const response = await call("/verifier-portal", { cookie });
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toMatch(/<h1[^>]*>Verifier Portal<\/h1>/);
    expect(html).toContain("Request Specific Credentials");
    expect(html).not.toContain("Coming in a later release");
    const data = await portalData(cookie, "/verifier-portal", "routes/verifier-portal");
    expect(data.recent).toEqual([]);
  });

  it("lists the organisation's API keys by prefix, never the key", async () => {
    const { cookie } = await organisationVerifier();
    const created = await call("/api/verifications/api-keys", { body: { name: "HR system" }, cookie });
    expect(created.status).toBe(201);
    const { key, apiKey } = (await created.json()) as { key: string; apiKey: { id: string; prefix: string } };
    const html = await textOf(await call("/verifier", { cookie }));
    expect(html).toContain("HR system");
    expect(html).toContain(`${apiKey.prefix}…`);
    expect(html).not.toContain(key);
    expect((await portalData(cookie)).apiKeys.map((k) => k.id)).toEqual([apiKey.id]);
  });
});

describe("GET /verifier/history", () => {
  type HistoryData = {
    entries: { purpose: string; result: string }[];
    total: number;
    page: number;
    pages: number;
    filters: { result: string; type: string };
  };
  const historyData = async (cookie: string, search = "") => {
    const response = await call(
      `/verifier/history?${search ? `${search}&` : ""}_data=${encodeURIComponent("routes/verifier_.history")}`,
      { cookie },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as HistoryData;
  };

  it("pages the organisation's record 20 at a time, newest first, with Previous and Next", async () => {
    const { cookie, organisation } = await organisationVerifier();
    await recordsFor(
      organisation.id,
      Array.from({ length: 45 }, (_, i) => ({
        result: "valid",
        checkType: "rtw",
        purpose: `Check ${String(i).padStart(2, "0")}`,
      })),
    );
    const first = await historyData(cookie);
    expect(first).toMatchObject({ total: 45, page: 1, pages: 3 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]!.purpose).toBe("Check 44");
    const third = await historyData(cookie, "page=3");
    expect(third.entries.map((e) => e.purpose)).toEqual(["Check 04", "Check 03", "Check 02", "Check 01", "Check 00"]);
    // Past the end: the last page; nonsense: the first.
    expect((await historyData(cookie, "page=9")).page).toBe(3);
    expect((await historyData(cookie, "page=abc")).page).toBe(1);

    const html = await textOf(await call("/verifier/history?page=2", { cookie }));
    expect(html).toMatch(/<h1[^>]*>Verification History<\/h1>/);
    expect(html).toContain("Showing 21–40 of 45");
    expect(html).toContain("Page 2 of 3");
    expect(html).toContain('href="/verifier/history"');
    expect(html).toContain('href="/verifier/history?page=3"');
    expect(html.match(/data-testid="history-row"/g)).toHaveLength(20);
    expect(html).toContain('href="/verifier"');
  });

  it("filters by result and check with a GET form, and the CSV link carries the same filters", async () => {
    const { cookie, organisation } = await organisationVerifier();
    await recordsFor(organisation.id, [
      { result: "valid", checkType: "rtw", purpose: "Valid RTW" },
      { result: "REVOKED", checkType: "rtw", purpose: "Revoked RTW" },
      { result: "EXPIRED", checkType: "dbs", purpose: "Expired DBS" },
      { result: "valid", checkType: "dbs", purpose: "Valid DBS" },
      { result: "SIGNATURE_INVALID", checkType: "age", purpose: "Bad age" },
    ]);
    expect((await historyData(cookie, "result=invalid")).entries.map((e) => e.purpose)).toEqual([
      "Bad age",
      "Revoked RTW",
    ]);
    expect((await historyData(cookie, "result=expired")).entries.map((e) => e.purpose)).toEqual(["Expired DBS"]);
    expect((await historyData(cookie, "result=valid&type=dbs")).entries.map((e) => e.purpose)).toEqual(["Valid DBS"]);
    expect((await historyData(cookie, "type=rtw")).entries.map((e) => e.result)).toEqual(["invalid", "valid"]);
    // Unknown values read as "all".
    expect(await historyData(cookie, "result=maybe&type=passport")).toMatchObject({
      total: 5,
      filters: { result: "all", type: "all" },
    });

    const html = await textOf(await call("/verifier/history?result=valid&type=dbs", { cookie }));
    expect(html).toMatch(/<form method="get" action="\/verifier\/history"/);
    expect(html).toMatch(/<select[^>]*name="result"/);
    expect(html).toMatch(/<select[^>]*name="type"/);
    expect(html).toMatch(/<option value="valid" selected="">Valid<\/option>/);
    expect(html).toMatch(/<option value="dbs" selected="">DBS Check<\/option>/);
    expect(html).toContain(
      `href="/api/verifications/history?format=csv&amp;organisation=${organisation.id}&amp;result=valid&amp;type=dbs"`,
    );
    expect(html).toContain("Valid DBS");
    expect(html).not.toContain("Valid RTW");

    const csv = await call("/api/verifications/history?format=csv&result=valid&type=dbs", { cookie });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Valid DBS");
  });

  it("says No data available when there is nothing to show", async () => {
    const { cookie } = await organisationVerifier();
    const html = await textOf(await call("/verifier/history", { cookie }));
    expect(html).toContain("No data available");
    expect(html).not.toContain("history-pagination");
  });
});

describe("GET /verifier/api-docs", () => {
  it("lists every operation of the OpenAPI document: method, path, summary, auth, body fields and responses", async () => {
    const { cookie } = await organisationVerifier();
    const response = await call("/verifier/api-docs", { cookie });
    expect(response.status).toBe(200);
    const html = await textOf(response);
    expect(html).toMatch(/<h1[^>]*>API Documentation<\/h1>/);
    expect(html).toContain('href="/api/verifications/openapi.json"');
    expect(OPENAPI_OPERATIONS.length).toBeGreaterThan(5);
    for (const operation of OPENAPI_OPERATIONS) {
      expect(html, operation.path).toContain(
        `data-method="${operation.method.toUpperCase()}" data-path="${operation.path}"`,
      );
      expect(html, operation.path).toContain(operation.summary);
    }
    expect(html.match(/data-testid="api-operation"/g)).toHaveLength(OPENAPI_OPERATIONS.length);
    // The request body's fields, with their descriptions; who may call; the responses.
    for (const text of [
      "credentialType",
      "requestedAttributes",
      "purpose",
      "Must not be empty after trimming",
      "presentationJwt",
      "Public: no authentication",
      "An API key (Authorization: Bearer) or a signed-in verifier",
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toMatch(/data-status="201"/);
    expect(html).toContain(`${ORIGIN}`);
  });
});

describe("/verifier/organisations (administrators)", () => {
  it("lists the registered organisations and lets an administrator register one through the API, shown with its registration; others are refused", async () => {
    const admin = await registerUserWithRole("admin");
    const page = await call("/verifier/organisations", { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(await textOf(page)).toContain("Northbridge Recruitment Ltd");

    const name = uniqueName("Harbourside Hotels ");
    const registered = await call("/api/verifier-organisations", {
      body: { name, allowedChecks: ["rtw", "age"] },
      cookie: admin.cookie,
    });
    expect(registered.status).toBe(201);
    const html = await textOf(await call("/verifier/organisations", { cookie: admin.cookie }));
    expect(html).toContain(name);
    expect(html).toContain("Right to Work, Age Verification");
    // Where its registration stands: signed at registration, for a year.
    expect(html).toMatch(/Active<\/span><span>Valid until \d{1,2} \w+ \d{4}/);
    // An administrator reading Welsh reads its checks' names in Welsh.
    const welsh = await textOf(await call("/verifier/organisations", { cookie: `${admin.cookie}; lang=cy` }));
    expect(welsh).toContain('<html lang="cy"');
    expect(welsh).toContain("Hawl i Weithio, Gwirio Oedran");

    for (const role of ["verifier", "citizen"]) {
      const other = await registerUserWithRole(role);
      const refused = await call("/verifier/organisations", { cookie: other.cookie });
      expect(refused.status).toBe(403);
      expect(await textOf(refused)).toContain("Only administrators can register verifier organisations");
    }
    expect((await call("/verifier/organisations")).status).toBe(302);
  });

  it("offers an administrator without an organisation the way to register one from the portal's refusal", async () => {
    const admin = await registerUserWithRole("admin");
    const refused = await call("/verifier", { cookie: admin.cookie });
    expect(refused.status).toBe(403);
    expect(await textOf(refused)).toContain('href="/verifier/organisations"');
  });
});

describe("the check's outcome on the portal's pages (issue 20, ADR 033)", () => {
  it("shows each check's outcome beside its result in the history and Recent Verifications: passed, failed with the reason, or not evaluated", async () => {
    const { cookie, organisation } = await organisationVerifier();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    const record = { organisationId: organisation.id, mode: "offline" as const, presentedAttributes: {} };
    await db()
      .insert(presentations)
      .values([
        {
          ...record,
          checkType: "age",
          purpose: "Sale of alcohol",
          verificationResult: "valid",
          outcome: "failed",
          outcomeReason: "UNDER_18",
          presentedAttributes: { age_over_18: false },
          verifiedAt: minutesAgo(1),
        },
        {
          ...record,
          checkType: "rtw",
          purpose: "Warehouse hire",
          verificationResult: "valid",
          outcome: "passed",
          verifiedAt: minutesAgo(2),
        },
        {
          ...record,
          checkType: "rtw",
          purpose: "Revoked one",
          verificationResult: "STATUS_REVOKED",
          verifiedAt: minutesAgo(3),
        },
      ]);

    const history = await textOf(await call("/verifier/history", { cookie }));
    expect(history).toMatch(/<th[^>]*>Outcome<\/th>/);
    const outcomes = [...history.matchAll(/data-testid="history-outcome"[^>]*>(.*?)<\/td>/g)].map((match) =>
      match[1]!.replace(/<[^>]+>/g, ""),
    );
    expect(outcomes).toEqual(["Check failed: Under 18", "Check passed", "Not evaluated"]);

    const portal = await textOf(await call("/verifier", { cookie }));
    expect(portal).toContain("Check failed: Under 18");
    const recent = await portalData(cookie);
    expect(recent.recent.map((entry) => (entry as { outcome?: unknown }).outcome)).toEqual([
      { status: "failed", reason: "UNDER_18", message: "Under 18" },
      { status: "passed", reason: null, message: null },
      null,
    ]);
  });

  it("tells an integrator on /verifier/api-docs that valid is not the check's answer, and shows the outcome's fields", async () => {
    const { cookie } = await organisationVerifier();
    const html = await textOf(await call("/verifier/api-docs", { cookie }));
    expect(html).toContain('data-testid="api-outcome"');
    expect(html).toContain("says only that the credential is genuine");
    expect(html).toContain("Accept a check only when");
    expect(html).toContain("Fields of CheckOutcome");
    for (const field of ["status", "reason", "message"]) expect(html, field).toMatch(new RegExp(`>${field}</th>`));
  });
});
