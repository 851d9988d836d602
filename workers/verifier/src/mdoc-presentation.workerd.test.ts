/**
 * mdoc answers to the Verifier API (issue 23, ADR 050): an organisation opens a request; @owf/mdoc
 * (core/mdoc/test-helpers.ts) as an independent issuer and holder answers it with an mDL or an EU
 * PID, ES256 or Ed25519 device keys, by direct_post or direct_post.jwt (jose encrypting to the
 * request's key, as a HAIP wallet does); the IACA roots come from the trust list, each test
 * inserting its own. Refusals come back as 400s with their reason, never a 5xx.
 */

import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { base64urlDecode } from "#core/credentials/encoding.ts";
import { DateOnly } from "#core/mdoc/codec.ts";
import type { MdocHandover } from "#core/mdoc/session-transcript.ts";
import {
  createTestIaca,
  type DeviceKeyKind,
  generateKey,
  issueMdoc,
  presentMdoc,
  type TestIaca,
} from "#core/mdoc/test-helpers.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { authorizationResponseFields, type ResponseEncryptionKey } from "#core/verification/response-encryption.ts";
import { presentations, trustListEntries } from "#db/schema/index.ts";
import { resolveWalletRequest } from "#server/verification/wallet-request.ts";
import { db } from "#tests/support/workerd-database.ts";
import {
  citizenWithCredential,
  directPost,
  fetchRequestObject,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  present,
  readReceipt,
  request,
} from "./test-support.ts";

const MDL = "org.iso.18013.5.1.mDL";
const MDL_NS = "org.iso.18013.5.1";
const PID = "eu.europa.ec.eudi.pid.1";
const DAY = 86_400_000;

type Document = "mdl" | "pid";
const DOCUMENTS = {
  mdl: { docType: MDL, namespace: MDL_NS },
  pid: { docType: PID, namespace: PID },
} as const;

const adult = {
  given_name: "Ada",
  family_name: "Lovelace",
  birth_date: new DateOnly("1990-05-01"),
  age_over_18: true,
  age_over_21: true,
};

/** A root of the test's own on the trust list, in `state`, for `checks`. */
async function trustedIaca(
  checks: CheckType[] = ["age"],
  state: "proposed" | "active" | "retired" = "active",
  pem = false,
): Promise<TestIaca & { name: string }> {
  const name = `Test IACA ${crypto.randomUUID().slice(0, 8)}`;
  const iaca = await createTestIaca(new Date(), name);
  const certificate = pem
    ? `-----BEGIN CERTIFICATE-----\n${iaca.root.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----\n`
    : iaca.root;
  await db().insert(trustListEntries).values({ kind: "mdoc_iaca_root", certificate, name, checks, state });
  return { ...iaca, name };
}

interface Answer {
  iaca: TestIaca;
  document?: Document;
  /** The DCQL query id the answer is filed under (the document's own unless said). */
  queryId?: string;
  device?: DeviceKeyKind;
  values?: Record<string, unknown>;
  /** What the holder discloses: the request's own claims unless said. */
  disclose?: string[];
  /** Change the handover the holder signs over (another nonce, another client_id). */
  handover?: (own: MdocHandover) => MdocHandover;
  tamper?: (response: string) => string;
}

/** Opens a request and fetches its object as a wallet does. */
async function openMdocRequest(body: Record<string, unknown>, allowedChecks?: CheckType[]) {
  const { cookie } = await organisationWithVerifier(allowedChecks);
  const created = await openRequest({ cookie }, { purpose: "Selling a knife", ...body });
  const { claims } = await fetchRequestObject(created.requestUri);
  return { cookie, created, claims };
}

/** The holder's answer to the request object `claims`, sent as the request asked (direct_post or direct_post.jwt). */
async function answer(claims: Record<string, any>, options: Answer) {
  const document = options.document ?? "mdl";
  const { docType, namespace } = DOCUMENTS[document];
  const key = claims.client_metadata?.jwks?.keys[0] as JWK | undefined;
  const own: MdocHandover = {
    flow: "redirect",
    clientId: claims.client_id,
    nonce: claims.nonce,
    responseUri: claims.response_uri,
    jwkThumbprint: key ? base64urlDecode(await calculateJwkThumbprint(key, "sha256")) : null,
  };
  const query = (claims.dcql_query.credentials as any[]).find((q) => q.id === document);
  const elements: string[] = options.disclose ?? query.claims.map((claim: { path: string[] }) => claim.path[1]);
  const device = await generateKey(options.device ?? "P-256");
  const now = Date.now();
  const issuerSigned = await issueMdoc({
    iaca: options.iaca,
    docType,
    nameSpaces: { [namespace]: options.values ?? adult },
    devicePublicJwk: device.publicJwk,
    validity: { signed: new Date(now - DAY), validFrom: new Date(now - DAY), validUntil: new Date(now + 30 * DAY) },
  });
  let response = await presentMdoc({
    issuerSigned,
    docType,
    claims: elements.map((element) => [namespace, element] as const),
    handover: options.handover ? options.handover(own) : own,
    devicePrivateJwk: device.privateJwk,
  });
  if (options.tamper) response = options.tamper(response);
  // As our web wallet sends it (core/verification/response-encryption.ts): encrypted when asked.
  const fields = await authorizationResponseFields(
    { state: claims.state, vpToken: { [options.queryId ?? document]: [response] } },
    key ? { key: key as ResponseEncryptionKey, enc: "A256GCM" } : null,
  );
  const posted = await request("/api/presentations/response", directPost(fields));
  return { status: posted.status, body: (await posted.json()) as Record<string, any> };
}

const view = async (cookie: string, id: string) =>
  (await (await request(`/api/presentations/requests/${id}`, { cookie })).json()) as Record<string, any>;

describe("the request's DCQL query asks for mdoc too", () => {
  it("an age request: the SD-JWT VC query, an mso_mdoc query for the mDL and the PID, any one answering", async () => {
    // An active IACA for age, so the mdoc queries are offered (ADR 052: none without a root).
    await trustedIaca();
    const { claims } = await openMdocRequest({ credentialType: "age" });
    const dcql = claims.dcql_query;
    // Then, where an outside issuer's root is active for age, its PID in SD-JWT VC form (ADR 052).
    expect(dcql.credentials.slice(0, 3).map((q: any) => [q.id, q.format])).toEqual([
      ["age", "dc+sd-jwt"],
      ["mdl", "mso_mdoc"],
      ["pid", "mso_mdoc"],
    ]);
    const { trusted_authorities: authorities, ...mdl } = dcql.credentials[1];
    expect(mdl).toEqual({
      id: "mdl",
      format: "mso_mdoc",
      meta: { doctype_value: MDL },
      claims: [{ path: [MDL_NS, "age_over_18"], intent_to_retain: false }],
    });
    expect(authorities).toEqual([{ type: "aki", values: expect.arrayContaining([expect.any(String)]) }]);
    expect(authorities[0].values).toHaveLength(new Set(authorities[0].values).size);
    expect(dcql.credentials[2]).toMatchObject({
      meta: { doctype_value: PID },
      claims: [{ path: [PID, "age_over_18"] }],
    });
    expect(dcql.credential_sets).toEqual([{ options: dcql.credentials.map((q: any) => [q.id]) }]);
  });

  it("the web wallet (SD-JWT VCs only) picks the dc+sd-jwt query, and its answer is taken as before", async () => {
    const { cookie, created } = await openMdocRequest({ credentialType: "age", responseMode: "direct_post" });
    // The web worker reaches this worker over a service binding: here, the same app.
    const binding = { fetch: (url: string, init?: RequestInit) => request(new URL(url).pathname, init) };
    const resolved = await resolveWalletRequest({
      verifier: binding as unknown as Fetcher,
      origin: ORIGIN,
      base: ORIGIN,
      clientId: created.clientId,
      requestUri: created.requestUri,
    });
    expect(resolved).toMatchObject({ check: "age", queryId: "age", attributes: [{ path: "age_equal_or_over.18" }] });
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["age_equal_or_over.18"], resolved.clientId, resolved.nonce);
    const posted = await request(
      "/api/presentations/response",
      directPost({ state: resolved.state, vp_token: JSON.stringify({ [resolved.queryId]: [presentation] }) }),
    );
    expect(posted.status).toBe(200);
    expect((await view(cookie, created.id)).result).toMatchObject({
      valid: true,
      format: "dc+sd-jwt",
      presentedAttributes: { age_over_18: true },
    });
  });
});

describe("an mdoc answers an age request", () => {
  const cases: [Document, DeviceKeyKind, "direct_post" | "direct_post.jwt"][] = [
    ["mdl", "P-256", "direct_post"],
    ["mdl", "Ed25519", "direct_post.jwt"],
    ["pid", "Ed25519", "direct_post"],
    ["pid", "P-256", "direct_post.jwt"],
  ];
  for (const [document, device, responseMode] of cases) {
    it(`${document}, ${device} device key, ${responseMode}: valid, age_over_18 shown, the check passed, the issuer named`, async () => {
      const iaca = await trustedIaca();
      const { cookie, created, claims } = await openMdocRequest({ credentialType: "age", responseMode });
      const answered = await answer(claims, { iaca, document, device });
      expect(answered).toMatchObject({ status: 200, body: { status: "completed", valid: true } });
      const { status, result } = await view(cookie, created.id);
      expect(status).toBe("completed");
      expect(result).toMatchObject({
        valid: true,
        reason: "valid",
        presentedAttributes: { age_over_18: true },
        outcome: { status: "passed", reason: null },
        issuer: iaca.name,
        format: "mso_mdoc",
      });
      expect(Object.keys(result.presentedAttributes)).toEqual(["age_over_18"]);
      // The record says what it was: an mdoc of that doctype, no vct, no status slot.
      const [record] = await db().select().from(presentations).where(eq(presentations.id, result.recordId));
      expect(record).toMatchObject({
        format: "mso_mdoc",
        doctype: DOCUMENTS[document].docType,
        vct: null,
        credentialId: null,
        issuer: iaca.name,
        verificationResult: "valid",
        outcome: "passed",
      });
    });
  }

  it("a root the trust list holds as PEM is trusted as its DER; an entry that is no certificate spoils no other", async () => {
    const [broken] = await db()
      .insert(trustListEntries)
      .values({
        kind: "mdoc_iaca_root",
        certificate: "not a certificate",
        name: "Broken",
        checks: ["age"],
        state: "active",
      })
      .returning({ id: trustListEntries.id });
    const iaca = await trustedIaca(["age"], "active", true);
    const { claims } = await openMdocRequest({ credentialType: "age" });
    expect(await answer(claims, { iaca })).toMatchObject({ status: 200, body: { valid: true } });
    // Retired again: the broken entry is this test's, not the next one's.
    await db().update(trustListEntries).set({ state: "retired" }).where(eq(trustListEntries.id, broken!.id));
  });

  it("an mDL of someone under 18 is genuine but fails the check (UNDER_18)", async () => {
    const iaca = await trustedIaca();
    const { cookie, created, claims } = await openMdocRequest({ credentialType: "age" });
    const answered = await answer(claims, { iaca, values: { ...adult, age_over_18: false, age_over_21: false } });
    expect(answered).toMatchObject({ status: 200, body: { valid: true } });
    expect((await view(cookie, created.id)).result).toMatchObject({
      valid: true,
      presentedAttributes: { age_over_18: false },
      outcome: { status: "failed", reason: "UNDER_18" },
    });
  });

  it("the history, its CSV and the receipt name the format, the doctype and the issuer", async () => {
    const iaca = await trustedIaca();
    const { cookie, claims } = await openMdocRequest({ credentialType: "age" });
    await answer(claims, { iaca, document: "pid" });
    const history = (await (await request("/api/verifications/history", { cookie })).json()) as Record<string, any>;
    expect(history.entries[0]).toMatchObject({
      valid: true,
      format: "mso_mdoc",
      credentialType: PID,
      issuer: iaca.name,
      presentedAttributes: { age_over_18: true },
    });
    // The receipt names the doctype and the trusted root, and claims no GPG45 level for another's issuer.
    const receipt = await readReceipt(await request(`/api/verifications/${history.entries[0].id}/receipt`, { cookie }));
    expect(receipt.facts).toMatchObject({
      checkType: "Age Verification",
      credentialType: PID,
      issuer: iaca.name,
      assuranceLevel: null,
      valid: true,
      outcome: { status: "passed" },
    });
    expect(receipt.text).toContain(iaca.name);
    const csv = await (await request("/api/verifications/history?format=csv", { cookie })).text();
    expect(csv.split("\r\n")[0]).toContain(",format,");
    expect(csv.split("\r\n")[1]).toContain(`${iaca.name},${PID},mso_mdoc,`);
  });
});

describe("an mDL answers a driving licence request", () => {
  const licence = (expiry: string, categories: string[]) => ({
    ...adult,
    document_number: "LOVEL905010A99XY",
    expiry_date: new DateOnly(expiry),
    driving_privileges: categories.map((code) => ({
      vehicle_category_code: code,
      issue_date: new DateOnly("2010-06-01"),
    })),
  });

  it("asks the mDL only (a PID has no driving privileges), and judges it by the licence rule", async () => {
    const iaca = await trustedIaca(["driving_licence"]);
    const { cookie, created, claims } = await openMdocRequest({
      credentialType: "driving_licence",
      requestedAttributes: ["categories", "expiryDate", "licenceNumber", "family_name"],
    });
    expect(claims.dcql_query.credentials.map((q: any) => q.id)).toEqual(["driving_licence", "mdl"]);
    expect(claims.dcql_query.credentials[1].claims.map((c: any) => c.path)).toEqual([
      [MDL_NS, "driving_privileges"],
      [MDL_NS, "expiry_date"],
      [MDL_NS, "document_number"],
      [MDL_NS, "family_name"],
    ]);
    expect(await answer(claims, { iaca, values: licence("2031-01-31", ["B", "AM"]) })).toMatchObject({ status: 200 });
    expect((await view(cookie, created.id)).result).toMatchObject({
      valid: true,
      presentedAttributes: {
        categories: ["B", "AM"],
        expiryDate: "2031-01-31",
        licenceNumber: "LOVEL905010A99XY",
        family_name: "Lovelace",
      },
      outcome: { status: "passed" },
    });
  });

  it("a genuine mDL past its expiry date fails the check (LICENCE_EXPIRED); one with no categories, NO_VEHICLE_CATEGORIES", async () => {
    const iaca = await trustedIaca(["driving_licence"]);
    const expired = await openMdocRequest({ credentialType: "driving_licence" });
    await answer(expired.claims, { iaca, values: licence("2020-01-31", ["B"]) });
    expect((await view(expired.cookie, expired.created.id)).result).toMatchObject({
      valid: true,
      outcome: { status: "failed", reason: "LICENCE_EXPIRED" },
    });
    const none = await openMdocRequest({ credentialType: "driving_licence" });
    await answer(none.claims, { iaca, values: licence("2031-01-31", []) });
    expect((await view(none.cookie, none.created.id)).result).toMatchObject({
      valid: true,
      outcome: { status: "failed", reason: "NO_VEHICLE_CATEGORIES" },
    });
  });

  it("a root trusted for age only does not answer a licence check (MDOC_ISSUER_UNTRUSTED)", async () => {
    const iaca = await trustedIaca(["age"]);
    const { claims } = await openMdocRequest({ credentialType: "driving_licence" });
    expect(await answer(claims, { iaca, values: licence("2031-01-31", ["B"]) })).toMatchObject({
      status: 400,
      body: { reason: "MDOC_ISSUER_UNTRUSTED" },
    });
  });
});

describe("an mDL or a PID answers an identity request", () => {
  for (const document of ["mdl", "pid"] as const) {
    it(`${document}: the names and the date of birth shown, the check passed`, async () => {
      const iaca = await trustedIaca(["identity"]);
      const { cookie, created, claims } = await openMdocRequest({ credentialType: "identity" });
      // Then the PID in SD-JWT VC form where an outside issuer's root is active for identity (ADR 052).
      expect(claims.dcql_query.credentials.slice(0, 3).map((q: any) => q.id)).toEqual(["identity", "mdl", "pid"]);
      expect(claims.dcql_query.credentials[0].claims).toEqual([
        { path: ["given_name"] },
        { path: ["family_name"] },
        { path: ["birthdate"] },
      ]);
      expect(await answer(claims, { iaca, document })).toMatchObject({ status: 200 });
      expect((await view(cookie, created.id)).result).toMatchObject({
        valid: true,
        presentedAttributes: { given_name: "Ada", family_name: "Lovelace", birth_date: "1990-05-01" },
        outcome: { status: "passed" },
        issuer: iaca.name,
      });
    });
  }

  it("a genuine mDL whose family name is empty fails the check (IDENTITY_NOT_SHOWN)", async () => {
    const iaca = await trustedIaca(["identity"]);
    const { cookie, created, claims } = await openMdocRequest({ credentialType: "identity" });
    await answer(claims, { iaca, values: { ...adult, family_name: "" } });
    expect((await view(cookie, created.id)).result).toMatchObject({
      valid: true,
      outcome: { status: "failed", reason: "IDENTITY_NOT_SHOWN" },
    });
  });
});

describe("an mdoc answer refused through the API, with its reason, never a 5xx", () => {
  const refusedWith = async (answered: { status: number; body: Record<string, any> }, reason: string) =>
    expect(answered).toMatchObject({ status: 400, body: { error: "invalid_request", reason } });

  it("a root not on the trust list (MDOC_ISSUER_UNTRUSTED), and the attempt counted", async () => {
    const unlisted = await createTestIaca(new Date(), "Unlisted IACA");
    const { cookie, created, claims } = await openMdocRequest({ credentialType: "age" });
    await refusedWith(await answer(claims, { iaca: unlisted }), "MDOC_ISSUER_UNTRUSTED");
    expect(await view(cookie, created.id)).toMatchObject({ status: "pending", attempts: 1 });
  });

  for (const [what, checks, state] of [
    ["on the list for another check only", ["driving_licence"], "active"],
    ["proposed, not yet approved", ["age"], "proposed"],
    ["retired", ["age"], "retired"],
  ] as const) {
    it(`a root ${what} (MDOC_ISSUER_UNTRUSTED)`, async () => {
      const iaca = await trustedIaca([...checks], state);
      const { claims } = await openMdocRequest({ credentialType: "age" });
      await refusedWith(await answer(claims, { iaca }), "MDOC_ISSUER_UNTRUSTED");
    });
  }

  it("an answer made for another nonce, or another client_id (MDOC_DEVICE_SIGNATURE)", async () => {
    const iaca = await trustedIaca();
    const { claims } = await openMdocRequest({ credentialType: "age" });
    await refusedWith(
      await answer(claims, { iaca, handover: (own) => ({ ...own, nonce: "another-nonce" }) }),
      "MDOC_DEVICE_SIGNATURE",
    );
    await refusedWith(
      await answer(claims, {
        iaca,
        handover: (own) => ({ ...own, clientId: "verifier_attestation:https://elsewhere.example/verifiers/1" }),
      }),
      "MDOC_DEVICE_SIGNATURE",
    );
  });

  it("an encrypted answer whose transcript names no key (MDOC_DEVICE_SIGNATURE)", async () => {
    const iaca = await trustedIaca();
    const { claims } = await openMdocRequest({ credentialType: "age", responseMode: "direct_post.jwt" });
    await refusedWith(
      await answer(claims, { iaca, handover: (own) => ({ ...own, jwkThumbprint: null }) }),
      "MDOC_DEVICE_SIGNATURE",
    );
  });

  it("a PID filed under the mDL query (MDOC_DOCTYPE_MISMATCH)", async () => {
    const iaca = await trustedIaca();
    const { claims } = await openMdocRequest({ credentialType: "age" });
    await refusedWith(await answer(claims, { iaca, document: "pid", queryId: "mdl" }), "MDOC_DOCTYPE_MISMATCH");
  });

  it("a disclosed item changed after issuance (MDOC_DIGEST_MISMATCH)", async () => {
    const iaca = await trustedIaca();
    const { claims } = await openMdocRequest({ credentialType: "age" });
    const tamper = (response: string) => {
      const bytes = base64urlDecode(response);
      const name = new TextEncoder().encode("Lovelace");
      const at = bytes.findIndex((_, index) => name.every((byte, offset) => bytes[index + offset] === byte));
      bytes[at] = "D".charCodeAt(0);
      return Buffer.from(bytes).toString("base64url");
    };
    await refusedWith(
      await answer(claims, { iaca, disclose: ["age_over_18", "family_name"], tamper }),
      "MDOC_DIGEST_MISMATCH",
    );
  });

  it("garbage under an mdoc query (MDOC_MALFORMED), and two queries answered at once (VP_TOKEN_MULTIPLE)", async () => {
    const { claims } = await openMdocRequest({ credentialType: "age", responseMode: "direct_post" });
    const post = async (vpToken: unknown) => {
      const response = await request(
        "/api/presentations/response",
        directPost({ state: claims.state, vp_token: JSON.stringify(vpToken) }),
      );
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    await refusedWith(await post({ mdl: ["o2d2ZXJzaW9u"] }), "MDOC_MALFORMED");
    await refusedWith(await post({ mdl: ["not base64url!"] }), "MDOC_MALFORMED");
    await refusedWith(await post({ mdl: ["AAAA"], pid: ["AAAA"] }), "VP_TOKEN_MULTIPLE");
  });
});
