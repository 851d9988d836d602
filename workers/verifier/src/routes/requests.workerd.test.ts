import { eq, sql } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader, importJWK, type JWK, jwtVerify } from "jose";
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "#core/i18n/locales.ts";
import { presentations, sessions, users, verificationRequests, verifierOrganisations } from "#db/schema/index.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { renewAttestation } from "#server/verification/attestation.ts";
import { registerOrganisation } from "#server/verification/organisations.ts";
import { MAX_ATTEMPTS } from "#server/verification/request-state.ts";
import { watchSocket } from "#tests/support/websocket.ts";
import { db } from "#tests/support/workerd-database.ts";
import {
  apiKeyFor,
  type CreatedRequest,
  citizenWithCredential,
  directPost,
  fetchRequestObject as fetchObject,
  json,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  person,
  present,
  readAsWallet,
  request,
  revoke,
  sessionOf,
  trustAnchor,
} from "#workers/verifier/src/test-support.ts";

const createRequest = (cookie: string, body?: Record<string, unknown>) => openRequest({ cookie }, body);
const fetchRequestObject = (created: CreatedRequest) => fetchObject(created.requestUri);

describe("POST /api/presentations/requests", () => {
  it("creates an OpenID4VP request: openid4vp:// URL with client_id and request_uri only, a QR code, a nonce and an expiry", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const created = await createRequest(cookie);
    expect(created.clientId).toBe(`verifier_attestation:${ORIGIN}/verifiers/${organisation.id}`);
    const url = new URL(created.authorizationRequest);
    expect(url.protocol).toBe("openid4vp:");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: created.clientId,
      request_uri: created.requestUri,
    });
    expect(created.requestedAttributes).toEqual(["hasRightToWork"]);
    expect(created.qrCode).toMatch(/^<svg[^>]*role="img"/);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(created.nonce.length).toBeGreaterThanOrEqual(22);
  });

  it.each([
    [{ credentialType: "rtw", purpose: "   " }, /purpose/i],
    [{ credentialType: "passport", purpose: "x" }, /credentialType/],
    [{ credentialType: "rtw", requestedAttributes: ["hasRightToRent"], purpose: "x" }, /hasRightToRent/],
    [{ credentialType: "rtw", requestedAttributes: "hasRightToWork", purpose: "x" }, /requestedAttributes/],
  ])("refuses %j with a 400 that says why, and stores nothing", async (body, message) => {
    const { cookie, organisation } = await organisationWithVerifier();
    const response = await request("/api/presentations/requests", { ...json(body), cookie });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(
      await db().select().from(verificationRequests).where(eq(verificationRequests.organisationId, organisation.id)),
    ).toHaveLength(0);
  });

  it("words a refused body in the reader's language: Welsh for a Welsh Accept-Language or the portal's cookie, zod's English when nothing is asked; the code and shape unchanged", async () => {
    const { cookie } = await organisationWithVerifier();
    const body = { credentialType: "passport", requestedAttributes: [""], purpose: 7 };
    const refusal = async (init: RequestInit & { cookie?: string }) => {
      const response = await request("/api/presentations/requests", { ...json(body), ...init });
      expect(response.status).toBe(400);
      return response.json();
    };
    const allowed = '"rtw"|"rtr"|"dbs"|"age"|"driving_licence"|"professional_certificate"|"identity"';
    expect(await refusal({ cookie })).toEqual({
      message: `Validation Error: credentialType: Invalid option: expected one of ${allowed}; requestedAttributes.0: Too small: expected string to have >=1 characters; purpose: Invalid input: expected string, received number`,
      code: "VALIDATION_ERROR",
    });
    const welsh = {
      message: `Gwall dilysu: credentialType: Dewis annilys: disgwylid un o ${allowed}; requestedAttributes.0: Rhy fach: disgwylid i string gynnwys o leiaf 1 nod; purpose: Mewnbwn annilys: disgwylid string, cafwyd number`,
      code: "VALIDATION_ERROR",
    };
    expect(await refusal({ cookie, headers: { "Accept-Language": "cy-GB, en;q=0.5" } })).toEqual(welsh);
    expect(await refusal({ cookie: `${cookie}; lang=cy` })).toEqual(welsh);
    // A missing field, in Welsh: nothing was sent.
    const missing = await request("/api/presentations/requests", {
      ...json({ credentialType: "rtw" }),
      cookie,
      headers: { "Accept-Language": "cy" },
    });
    expect(await missing.json()).toEqual({
      message: "Gwall dilysu: purpose: Mewnbwn annilys: disgwylid string, ond ni chafwyd dim",
      code: "VALIDATION_ERROR",
    });
  });

  it("refuses anonymous callers (401), citizens and operators (403), and a check the organisation is not registered for (403)", async () => {
    expect((await request("/api/presentations/requests", json({ credentialType: "rtw", purpose: "x" }))).status).toBe(
      401,
    );
    for (const role of ["citizen", "operator"] as const) {
      const { cookie } = await person(role);
      expect(
        (await request("/api/presentations/requests", { ...json({ credentialType: "rtw", purpose: "x" }), cookie }))
          .status,
      ).toBe(403);
    }
    const { cookie } = await organisationWithVerifier(["rtr"]);
    const response = await request("/api/presentations/requests", {
      ...json({ credentialType: "dbs", purpose: "x" }),
      cookie,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "VERIFIER_NOT_REGISTERED" });
  });
});

describe("an organisation's attestation (ADR 034): signed by the web worker, stored, only read here", () => {
  const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

  /** An organisation of the test's own registered as the web worker registers one, at `now`, with a verifier in it. */
  async function registeredAt(now: Date, name = `Attested ${crypto.randomUUID().slice(0, 8)}`) {
    const organisation = await registerOrganisation(db(), { name, allowedChecks: ["rtw"] }, null, {
      anchor: await trustAnchor(),
      identifierBase: ORIGIN,
      now,
    });
    return { organisation, ...(await person("verifier", organisation.id)) };
  }

  it("refuses a request for an organisation that has none stored (403 ORGANISATION_NOT_ATTESTED), and stores nothing", async () => {
    const [organisation] = await db()
      .insert(verifierOrganisations)
      .values({ name: `Unattested ${crypto.randomUUID().slice(0, 8)}`, allowedChecks: ["rtw"] })
      .returning();
    const { cookie } = await person("verifier", organisation!.id);
    const response = await request("/api/presentations/requests", {
      ...json({ credentialType: "rtw", purpose: "Hiring" }),
      cookie,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: "ORGANISATION_NOT_ATTESTED",
      message: expect.stringMatching(/administrator must renew it/),
    });
    expect(
      await db().select().from(verificationRequests).where(eq(verificationRequests.organisationId, organisation!.id)),
    ).toHaveLength(0);
  });

  it("refuses a request once the attestation has ended, or when it would end before the request (403), also for an API key", async () => {
    // Registered a year and a day ago: its attestation ended yesterday.
    const ended = await registeredAt(new Date(Date.now() - YEAR_MS - 24 * 60 * 60 * 1000));
    // Registered a year less five minutes ago: it ends before a ten-minute request would.
    const ending = await registeredAt(new Date(Date.now() - YEAR_MS + 5 * 60 * 1000));
    for (const { cookie, organisation } of [ended, ending]) {
      const { key } = await apiKeyFor(cookie);
      for (const caller of [{ cookie }, { apiKey: key }]) {
        const response = await request("/api/presentations/requests", {
          ...json({ credentialType: "rtw", purpose: "Hiring" }),
          ...caller,
        });
        expect(response.status, organisation.name).toBe(403);
        expect(await response.json()).toMatchObject({ code: "ORGANISATION_NOT_ATTESTED" });
      }
    }
  });

  it("is carried byte for byte by the request object, and verifies against the trust anchor the platform publishes", async () => {
    const { cookie, organisation } = await registeredAt(new Date());
    const created = await createRequest(cookie);
    const [stored] = await db()
      .select({ attestation: verifierOrganisations.attestation })
      .from(verifierOrganisations)
      .where(eq(verifierOrganisations.id, organisation.id));
    const { header } = await fetchRequestObject(created);
    expect(header.jwt).toBe(stored!.attestation);
    const { keys } = (await (await request("/api/verifications/trust-anchor")).json()) as { keys: JWK[] };
    const anchor = keys.find((key) => key.kid === decodeProtectedHeader(header.jwt as string).kid);
    const { payload } = await jwtVerify(header.jwt as string, await importJWK(anchor!, "ES256"), {
      typ: "verifier-attestation+jwt",
      issuer: `${ORIGIN}/trust-anchor`,
      subject: `${ORIGIN}/verifiers/${organisation.id}`,
    });
    expect(payload.client_name).toBe(organisation.name);
  });

  it("serves the renewed attestation to an open request, and the verifier publishes no private key", async () => {
    const { cookie, organisation } = await registeredAt(new Date(Date.now() - YEAR_MS + 20 * 24 * 60 * 60 * 1000));
    const created = await createRequest(cookie);
    const before = (await fetchRequestObject(created)).header.jwt;
    await renewAttestation(db(), await trustAnchor(), organisation.id, new Date(), ORIGIN);
    const after = (await fetchRequestObject(created)).header.jwt as string;
    expect(after).not.toBe(before);
    expect(decodeJwt(after).exp).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 60 * 60);
    const { keys } = (await (await request("/api/verifications/keys")).json()) as { keys: JWK[] };
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(Object.keys(key).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"]);
  });

  it("refuses an x509_hash request for an organisation without a verifier certificate (403 ORGANISATION_NOT_CERTIFIED), and stores nothing; its default requests go on", async () => {
    // Registered before the deployment had an X.509 root: an attestation, no chain.
    const { cookie, organisation } = await registeredAt(new Date());
    await db()
      .update(verifierOrganisations)
      .set({ x509Chain: null })
      .where(eq(verifierOrganisations.id, organisation.id));
    const response = await request("/api/presentations/requests", {
      ...json({ credentialType: "rtw", purpose: "Hiring", clientIdPrefix: "x509_hash" }),
      cookie,
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: "ORGANISATION_NOT_CERTIFIED",
      message: expect.stringContaining(organisation.name),
    });
    expect(
      await db().select().from(verificationRequests).where(eq(verificationRequests.organisationId, organisation.id)),
    ).toHaveLength(0);
    expect((await createRequest(cookie)).clientId).toBe(`verifier_attestation:${ORIGIN}/verifiers/${organisation.id}`);
  });

  it("refuses an x509_hash request whose stored chain a wallet would refuse (its CA missing, or out of order): 403 ORGANISATION_NOT_CERTIFIED", async () => {
    const { cookie, organisation } = await registeredAt(new Date());
    const [stored] = await db()
      .select({ x509Chain: verifierOrganisations.x509Chain })
      .from(verifierOrganisations)
      .where(eq(verifierOrganisations.id, organisation.id));
    const [leaf, ca] = stored!.x509Chain!;
    for (const x509Chain of [[leaf!], [ca!, leaf!]]) {
      await db().update(verifierOrganisations).set({ x509Chain }).where(eq(verifierOrganisations.id, organisation.id));
      const response = await request("/api/presentations/requests", {
        ...json({ credentialType: "rtw", purpose: "Hiring", clientIdPrefix: "x509_hash" }),
        cookie,
      });
      expect(response.status, String(x509Chain.length)).toBe(403);
      expect(await response.json()).toMatchObject({ code: "ORGANISATION_NOT_CERTIFIED" });
    }
  });

  it("renews the verifier certificate with the attestation: an open x509_hash request whose leaf was replaced answers 409, a new one hashes the new leaf", async () => {
    const { cookie, organisation } = await registeredAt(new Date(Date.now() - YEAR_MS + 20 * 24 * 60 * 60 * 1000));
    const body = { credentialType: "rtw", purpose: "Hiring", clientIdPrefix: "x509_hash" };
    const created = await createRequest(cookie, body);
    const before = (await fetchRequestObject(created)).header.x5c as string[];
    await renewAttestation(db(), await trustAnchor(), organisation.id, new Date(), ORIGIN);
    const stale = await request(new URL(created.requestUri).pathname);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "ORGANISATION_NOT_ATTESTED" });
    const renewed = await createRequest(cookie, body);
    expect(renewed.clientId).not.toBe(created.clientId);
    const after = (await fetchRequestObject(renewed)).header.x5c as string[];
    expect(after[0]).not.toBe(before[0]);
    // The same verifier CA issues both: the root's certificate for the trust anchor.
    expect(after[1]).toBe(before[1]);
  });
});

describe("the request object at request_uri", () => {
  it("is a signed oauth-authz-req+jwt with a platform attestation, direct_post.jwt by default (the request's own encryption key), a fresh nonce, a 256-bit state and a DCQL query", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await createRequest(cookie, {
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork", "expiryDate"],
      purpose: "Hiring",
    });
    const { jwt, header, claims } = await fetchRequestObject(created);
    expect(header).toMatchObject({ typ: "oauth-authz-req+jwt", alg: "ES256" });
    const attestation = decodeJwt(header.jwt as string) as Record<string, any>;
    expect(decodeProtectedHeader(header.jwt as string)).toMatchObject({ typ: "verifier-attestation+jwt" });
    expect(attestation.sub).toBe(created.clientId.slice("verifier_attestation:".length));
    // Signed by the key the attestation names, which the platform's published keys include.
    await jwtVerify(jwt, await importJWK(attestation.cnf.jwk, "ES256"));
    const published = (await (await request("/api/verifications/keys")).json()) as { keys: { kid: string }[] };
    expect(published.keys.map((k) => k.kid)).toContain(decodeProtectedHeader(header.jwt as string).kid);
    expect(claims).toMatchObject({
      client_id: created.clientId,
      response_type: "vp_token",
      response_mode: "direct_post.jwt",
      response_uri: `${ORIGIN}/api/presentations/response`,
      client_metadata: {
        jwks: { keys: [{ kty: "EC", crv: "P-256", kid: created.id, alg: "ECDH-ES", use: "enc" }] },
        encrypted_response_enc_values_supported: ["A128GCM", "A256GCM"],
      },
      nonce: created.nonce,
      purpose: "Hiring",
      dcql_query: {
        credentials: [
          {
            id: "rtw",
            format: "dc+sd-jwt",
            meta: { vct_values: [`${ORIGIN}/vct/right-to-work`] },
            claims: [{ path: ["hasRightToWork"] }, { path: ["expiryDate"] }],
          },
        ],
      },
    });
    expect(claims.redirect_uri).toBeUndefined();
    expect(Buffer.from(claims.state, "base64url").length).toBeGreaterThanOrEqual(16);
    // Fetchable again while open, with the same state.
    expect((await fetchRequestObject(created)).claims.state).toBe(claims.state);
    // A verifier that asks for direct_post gets it: the answer in the clear, no key.
    const plain = await fetchRequestObject(
      await createRequest(cookie, { credentialType: "rtw", purpose: "Hiring", responseMode: "direct_post" }),
    );
    expect(plain.claims.response_mode).toBe("direct_post");
    expect(Object.keys(plain.claims.client_metadata)).toEqual(["vp_formats_supported"]);
  });

  it("is not found for an unknown request", async () => {
    expect((await request(`/api/presentations/requests/${crypto.randomUUID()}/object`)).status).toBe(404);
    expect((await request(`/api/presentations/requests/not-a-uuid/object`)).status).toBe(404);
  });
});

describe("the wallet's answer at response_uri (direct_post)", () => {
  /**
   * A request of a verifier of its own that asks for direct_post (answers in the clear; encrypted
   * answers: encrypted-response and web-wallet-answer tests), as the wallet reads it at request_uri:
   * its state and nonce.
   */
  async function requestForWallet(attributes = ["hasRightToWork", "workRestrictions"]) {
    const verifier = await organisationWithVerifier();
    const created = await createRequest(verifier.cookie, {
      credentialType: "rtw",
      requestedAttributes: attributes,
      purpose: "Hiring a warehouse operative",
      responseMode: "direct_post",
    });
    const { claims } = await fetchRequestObject(created);
    return { verifier, created, state: claims.state as string, nonce: claims.nonce as string };
  }

  const status = async (cookie: string, id: string) =>
    (await (await request(`/api/presentations/requests/${id}`, { cookie })).json()) as Record<string, any>;

  it("accepts a valid presentation, and the verifier reads the result with only the disclosed attributes and the issuer's name and code", async () => {
    const { verifier, created, state, nonce } = await requestForWallet();
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork", "workRestrictions"], created.clientId, nonce);
    const response = await request(
      "/api/presentations/response",
      directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const view = await status(verifier.cookie, created.id);
    expect(view).toMatchObject({
      status: "completed",
      result: {
        valid: true,
        reason: "valid",
        presentedAttributes: { hasRightToWork: true, workRestrictions: expect.any(String) },
        // The name in English, as the API has always answered it; the code the portal words it by.
        issuer: "Home Office",
        issuerId: "home-office",
      },
    });
    expect(Object.keys(view.result.presentedAttributes).sort()).toEqual(["hasRightToWork", "workRestrictions"]);
    const [record] = await db().select().from(presentations).where(eq(presentations.requestId, created.id));
    expect(record).toMatchObject({
      credentialId: held.credentialId,
      organisationId: verifier.organisation.id,
      verificationResult: "valid",
      mode: "online",
      checkType: "rtw",
    });
  });

  it("accepts exactly one of two presentations racing for the same request", async () => {
    const { verifier, created, state, nonce } = await requestForWallet(["hasRightToWork"]);
    const held = await citizenWithCredential("rtw");
    const [a, b] = await Promise.all([
      present(held, ["hasRightToWork"], created.clientId, nonce),
      present(held, ["hasRightToWork"], created.clientId, nonce),
    ]);
    const answers = await Promise.all(
      [a, b].map((p) =>
        request("/api/presentations/response", directPost({ vp_token: JSON.stringify({ rtw: [p] }), state })),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(await refused.json()).toMatchObject({ error: "invalid_request", reason: "REQUEST_ALREADY_ANSWERED" });
    expect((await status(verifier.cookie, created.id)).status).toBe("completed");
    // A third, later, is refused too.
    const late = await request(
      "/api/presentations/response",
      directPost({ vp_token: JSON.stringify({ rtw: [a] }), state }),
    );
    expect(late.status).toBe(400);
  });

  it("sees a revocation at once: a credential revoked a moment ago is refused", async () => {
    const { verifier, created, state, nonce } = await requestForWallet(["hasRightToWork"]);
    const held = await citizenWithCredential("rtw");
    await revoke(held.credentialId);
    const presentation = await present(held, ["hasRightToWork"], created.clientId, nonce);
    const response = await request(
      "/api/presentations/response",
      directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", reason: "STATUS_REVOKED" });
    // Recorded, and counted as an attempt: the request stays open for a credential that is valid.
    expect(await status(verifier.cookie, created.id)).toMatchObject({ status: "pending", result: null, attempts: 1 });
    const [record] = await db().select().from(presentations).where(eq(presentations.requestId, created.id));
    expect(record).toMatchObject({ verificationResult: "STATUS_REVOKED", credentialId: held.credentialId });
  });

  it.each([
    [
      "another audience (the client_id without its prefix)",
      (c: CreatedRequest) => ({ aud: c.clientId.replace("verifier_attestation:", ""), nonce: undefined }),
      "KB_AUDIENCE_MISMATCH",
    ],
    ["another nonce", () => ({ aud: undefined, nonce: "not-the-request-nonce" }), "KB_NONCE_MISMATCH"],
  ])("refuses a presentation bound to %s", async (_, binding, reason) => {
    const { created, state, nonce } = await requestForWallet(["hasRightToWork"]);
    const held = await citizenWithCredential("rtw");
    const b = binding(created);
    const presentation = await present(held, ["hasRightToWork"], b.aud ?? created.clientId, b.nonce ?? nonce);
    const response = await request(
      "/api/presentations/response",
      directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state }),
    );
    expect(await response.json()).toMatchObject({ error: "invalid_request", reason });
  });

  it("refuses a presentation that does not satisfy the DCQL query: a claim not disclosed, or another credential type", async () => {
    const first = await requestForWallet(["hasRightToWork", "expiryDate"]);
    const held = await citizenWithCredential("rtw");
    const partial = await present(held, ["hasRightToWork"], first.created.clientId, first.nonce);
    expect(
      await (
        await request(
          "/api/presentations/response",
          directPost({ vp_token: JSON.stringify({ rtw: [partial] }), state: first.state }),
        )
      ).json(),
    ).toMatchObject({
      reason: "DCQL_CLAIM_MISSING",
    });
    const second = await requestForWallet(["hasRightToWork"]);
    const rent = await citizenWithCredential("rtr");
    const other = await present(rent, ["hasRightToRent"], second.created.clientId, second.nonce);
    expect(
      await (
        await request(
          "/api/presentations/response",
          directPost({ vp_token: JSON.stringify({ rtw: [other] }), state: second.state }),
        )
      ).json(),
    ).toMatchObject({
      reason: "VCT_UNEXPECTED",
    });
  });

  it.each([
    ["an unknown state", { state: "x".repeat(43), vp_token: "{}" }, "STATE_UNKNOWN"],
    ["no state", { vp_token: "{}" }, "STATE_UNKNOWN"],
  ])("answers %s with 400 invalid_request", async (_, fields, reason) => {
    const response = await request("/api/presentations/response", directPost(fields as Record<string, string>));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", reason });
  });

  it("reads no cookies and lets a wallet on any origin read the answer", async () => {
    const { created, state, nonce } = await requestForWallet(["hasRightToWork"]);
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], created.clientId, nonce);
    const init = directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state });
    const response = await request("/api/presentations/response", {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        Origin: "https://wallet.example",
        Cookie: `${SESSION_COOKIE}=forged`,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("does not let whoever photographed the QR code close the request: garbage, an error= refusal and an invalid presentation are recorded as attempts, and the real wallet's answer still completes it", async () => {
    const { verifier, created, state, nonce } = await requestForWallet(["hasRightToWork"]);
    const held = await citizenWithCredential("rtw");
    const stranger = await citizenWithCredential("rtw");
    const answers = [
      directPost({ error: "access_denied", error_description: "The citizen declined", state }),
      directPost({ vp_token: "not json", state }),
      directPost({ state }),
      directPost({
        vp_token: JSON.stringify({ rtw: [await present(stranger, ["hasRightToWork"], created.clientId, "guessed")] }),
        state,
      }),
    ];
    const reasons: string[] = [];
    for (const answer of answers) {
      const response = await request("/api/presentations/response", answer);
      expect(response.status).toBe(400);
      reasons.push(((await response.json()) as { reason: string }).reason);
    }
    expect(reasons).toEqual([
      "DECLINE_NOT_FROM_HOLDER",
      "VP_TOKEN_MALFORMED",
      "VP_TOKEN_MALFORMED",
      "KB_NONCE_MISMATCH",
    ]);
    expect(await status(verifier.cookie, created.id)).toMatchObject({ status: "pending", result: null, attempts: 4 });
    // Each is in the organisation's record, with why it was not accepted.
    const recorded = await db().select().from(presentations).where(eq(presentations.requestId, created.id));
    expect(recorded.map((r) => r.verificationResult).sort()).toEqual([...reasons].sort());
    // The request object can still be fetched, and the real wallet's answer completes the request.
    expect((await request(new URL(created.requestUri).pathname)).status).toBe(200);
    const presentation = await present(held, ["hasRightToWork"], created.clientId, nonce);
    const response = await request(
      "/api/presentations/response",
      directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await status(verifier.cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, reason: "valid" },
      attempts: 4,
    });
  });

  it(`closes the request as failed at the ${MAX_ATTEMPTS}th answer that cannot be accepted, and the verifier reads why`, async () => {
    const { verifier, created, state, nonce } = await requestForWallet(["hasRightToWork"]);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const response = await request("/api/presentations/response", directPost({ vp_token: "{}", state }));
      expect(response.status).toBe(400);
      expect(await status(verifier.cookie, created.id)).toMatchObject({
        status: attempt < MAX_ATTEMPTS ? "pending" : "failed",
        attempts: attempt,
      });
    }
    expect(await status(verifier.cookie, created.id)).toMatchObject({
      status: "failed",
      result: { valid: false, reason: "REQUEST_TOO_MANY_ATTEMPTS", presentedAttributes: {} },
    });
    // Closed for good: a valid presentation is refused now, and the request object is gone.
    const held = await citizenWithCredential("rtw");
    const late = await request(
      "/api/presentations/response",
      directPost({
        vp_token: JSON.stringify({ rtw: [await present(held, ["hasRightToWork"], created.clientId, nonce)] }),
        state,
      }),
    );
    expect(await late.json()).toMatchObject({ error: "invalid_request", reason: "REQUEST_TOO_MANY_ATTEMPTS" });
    expect((await request(new URL(created.requestUri).pathname)).status).toBe(404);
    // Written through to the record by the request's object, after its answer.
    await vi.waitFor(async () => {
      const [row] = await db().select().from(verificationRequests).where(eq(verificationRequests.id, created.id));
      expect(row).toMatchObject({ status: "failed", result: { reason: "REQUEST_TOO_MANY_ATTEMPTS" } });
    });
  });
});

describe("POST /api/presentations/decline: the holder's own decline from the platform's wallet", () => {
  async function requestForHolder() {
    const verifier = await organisationWithVerifier();
    const created = await createRequest(verifier.cookie, { credentialType: "rtw", purpose: "Hiring a porter" });
    const { claims } = await fetchRequestObject(created);
    return { verifier, created, state: claims.state as string, nonce: claims.nonce as string };
  }
  const decline = (state: string, cookie?: string) =>
    request("/api/presentations/decline", { ...json({ state }), ...(cookie ? { cookie } : {}) });
  const status = async (cookie: string, id: string) =>
    (await (await request(`/api/presentations/requests/${id}`, { cookie })).json()) as Record<string, any>;

  it("ends the request as declined for the holder signed in, and no presentation is taken after it", async () => {
    const { verifier, created, state, nonce } = await requestForHolder();
    const held = await citizenWithCredential("rtw");
    const holder = await sessionOf(held.userId);
    const response = await decline(state, holder);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ status: "declined" });
    expect(await status(verifier.cookie, created.id)).toMatchObject({
      status: "declined",
      result: { valid: false, reason: "REQUEST_DECLINED" },
    });
    const presentation = await present(held, ["hasRightToWork"], created.clientId, nonce);
    expect(
      (
        await request(
          "/api/presentations/response",
          directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state }),
        )
      ).status,
    ).toBe(400);
    // The request object is gone once answered, and a second decline is refused.
    expect((await request(new URL(created.requestUri).pathname)).status).toBe(404);
    const again = await decline(state, holder);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "REQUEST_ALREADY_ANSWERED" });
  });

  it("refuses a decline not signed in (401), from someone holding no credential the request asks for (403), or for an unknown state (404); the request stays open", async () => {
    const { verifier, created, state } = await requestForHolder();
    const signedOut = await decline(state);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ message: "Unauthorized", code: "UNAUTHORIZED" });
    // Signed in, but holding only a Right to Rent credential (or nothing): not the holder of this request's answer.
    const renter = await citizenWithCredential("rtr");
    const nobody = await person("citizen");
    for (const cookie of [await sessionOf(renter.userId), nobody.cookie]) {
      const response = await decline(state, cookie);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "DECLINE_NO_CREDENTIAL" });
    }
    // The holder reads why in their language (the consent screen's: all twelve), right to left included; the code is the same.
    const urdu = await decline(state, `${await sessionOf(renter.userId)}; lang=ur`);
    expect(urdu.status).toBe(403);
    expect(await urdu.json()).toEqual({
      message: "آپ کے پاس کوئی فعال سند نہیں ہے جو یہ درخواست مانگ رہی ہے، اس لیے انکار کرنے کے لیے کچھ نہیں ہے۔",
      code: "DECLINE_NO_CREDENTIAL",
    });
    const welsh = await request("/api/presentations/decline", { ...json({ state }), headers: { Cookie: "lang=cy" } });
    expect(await welsh.json()).toEqual({ message: "Heb awdurdod", code: "UNAUTHORIZED" });
    // A revoked credential is not one the person holds either.
    const revoked = await citizenWithCredential("rtw");
    await revoke(revoked.credentialId);
    expect((await decline(state, await sessionOf(revoked.userId))).status).toBe(403);
    const held = await citizenWithCredential("rtw");
    expect((await decline("x".repeat(43), await sessionOf(held.userId))).status).toBe(404);
    expect((await request("/api/presentations/decline", { ...json({}), cookie: nobody.cookie })).status).toBe(400);
    expect(await status(verifier.cookie, created.id)).toMatchObject({ status: "pending", attempts: 0 });
  });
});

describe("the platform's wallet reading a request (the consent screen's data)", () => {
  it("names the check and what will be disclosed in the holder's language: Urdu (right to left) and Welsh; English by default", async () => {
    const verifier = await organisationWithVerifier();
    const created = await createRequest(verifier.cookie, {
      credentialType: "rtw",
      purpose: "Hiring a porter",
      requestedAttributes: ["hasRightToWork", "expiryDate"],
    });
    const read = (locale?: Locale) => readAsWallet(created, locale);
    expect(await read()).toMatchObject({
      checkName: "Right to Work",
      attributes: [
        { path: "hasRightToWork", label: "Has the right to work in the UK" },
        { path: "expiryDate", label: "When the permission expires" },
      ],
    });
    expect(await read("ur")).toMatchObject({
      checkName: "کام کرنے کا حق",
      attributes: [
        { path: "hasRightToWork", label: "برطانیہ میں کام کرنے کا حق رکھتا ہے" },
        { path: "expiryDate", label: "اجازت کی میعاد کب ختم ہوتی ہے" },
      ],
    });
    expect((await read("cy")).checkName).toBe("Hawl i Weithio");
  });
});

describe("GET /api/presentations/requests/{id}", () => {
  it("shows a request to its own organisation only (another verifier, even with the id, gets 404)", async () => {
    const mine = await organisationWithVerifier();
    const created = await createRequest(mine.cookie);
    expect(
      await (await request(`/api/presentations/requests/${created.id}`, { cookie: mine.cookie })).json(),
    ).toMatchObject({ id: created.id, status: "pending", result: null });
    const other = await organisationWithVerifier();
    expect((await request(`/api/presentations/requests/${created.id}`, { cookie: other.cookie })).status).toBe(404);
    const admin = await person("admin");
    expect((await request(`/api/presentations/requests/${created.id}`, { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("GET /api/presentations/requests/{id}/live", () => {
  const live = (id: string, init: { cookie?: string } = {}) =>
    request(`/api/presentations/requests/${id}/live`, { ...init, headers: { Upgrade: "websocket" } });

  it("refuses another organisation's verifier (404) and anonymous callers (401) before any upgrade", async () => {
    const mine = await organisationWithVerifier();
    const created = await createRequest(mine.cookie);
    const other = await organisationWithVerifier();
    for (const [who, response, status] of [
      ["another organisation's verifier", await live(created.id, { cookie: other.cookie }), 404],
      ["an unknown request", await live(crypto.randomUUID(), { cookie: mine.cookie }), 404],
      ["anonymous", await live(created.id), 401],
    ] as const) {
      expect(response.status, who).toBe(status);
      expect(response.webSocket, who).toBeNull();
      expect(response.headers.get("Upgrade"), who).toBeNull();
    }
  });

  it("gives the request's own verifier a WebSocket (101) whose first message is the request's state, without the OpenID4VP state", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await createRequest(cookie);
    const { claims } = await fetchRequestObject(created);
    const response = await live(created.id, { cookie });
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    expect(socket).toBeTruthy();
    // Bounded: a message that never comes fails the test instead of hanging the run.
    const first = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no WebSocket message within 3 s")), 3_000);
      socket.addEventListener(
        "message",
        (event) => {
          clearTimeout(timer);
          resolve(String(event.data));
        },
        { once: true },
      );
    });
    socket.accept();
    try {
      const text = await first;
      const message = JSON.parse(text) as Record<string, unknown>;
      expect(message).toEqual({
        type: "state",
        id: created.id,
        status: "pending",
        result: null,
        expiresAt: expect.any(String),
        attempts: 0,
      });
      expect(Date.parse(message.expiresAt as string)).toBe(Date.parse(created.expiresAt));
      expect(text).not.toContain(claims.state);
    } finally {
      socket.close(1000, "done");
    }
  });

  it("checks the verifier's access before every message: signed out, removed from the organisation or no longer a verifier, the socket closes (4403) and no result reaches it", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    // The citizen's answer below is posted in the clear.
    const created = await createRequest(cookie, {
      credentialType: "rtw",
      purpose: "Hiring",
      responseMode: "direct_post",
    });
    const { claims } = await fetchRequestObject(created);
    const [signedOut, removed, demoted, staying] = [
      await person("verifier", organisation.id),
      await person("verifier", organisation.id),
      await person("verifier", organisation.id),
      await person("verifier", organisation.id),
    ];
    const portals = await Promise.all(
      [signedOut, removed, demoted, staying].map(async (who) => {
        const portal = await watchSocket(
          { fetch: (url, init) => request(new URL(url).pathname, { ...init, cookie: who.cookie }) },
          `${ORIGIN}/api/presentations/requests/${created.id}/live`,
        );
        expect(await portal.next()).toMatchObject({ type: "state", status: "pending" });
        return portal;
      }),
    );
    await db().delete(sessions).where(sql`json_extract(${sessions.sess}, '$.userId') = ${signedOut.user.id}`);
    await db().update(users).set({ organisationId: null }).where(eq(users.id, removed.user.id));
    await db().update(users).set({ role: "citizen" }).where(eq(users.id, demoted.user.id));

    // The citizen answers: the result (with what they disclosed) goes to the portal still entitled only.
    const held = await citizenWithCredential("rtw");
    const presentation = await present(held, ["hasRightToWork"], created.clientId, claims.nonce);
    expect(
      (
        await request(
          "/api/presentations/response",
          directPost({ vp_token: JSON.stringify({ rtw: [presentation] }), state: claims.state }),
        )
      ).status,
    ).toBe(200);
    for (const portal of portals.slice(0, 3)) {
      expect(await portal.closed).toEqual({ code: 4403, reason: "Your access has changed: sign in again" });
      expect(portal.all).toHaveLength(1);
    }
    expect(await portals[3]!.next()).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { hasRightToWork: true } },
    });
    portals[3]!.close();
  });

  it("is for people signed in to the portal: an organisation's API key gets 403 (it polls GET …/{id} instead)", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await createRequest(cookie);
    const { key } = await apiKeyFor(cookie);
    const response = await request(`/api/presentations/requests/${created.id}/live`, {
      apiKey: key,
      headers: { Upgrade: "websocket" },
    });
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
    expect((await request(`/api/presentations/requests/${created.id}`, { apiKey: key })).status).toBe(200);
  });
});
