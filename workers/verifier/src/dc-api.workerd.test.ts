/**
 * A request answered through the browser's Digital Credentials API (issue 23, ADR 054), with
 * @openid4vc/openid4vp as the device's wallet: it reads the request the page passes to
 * navigator.credentials.get (checking expected_origins against the origin the browser gives it),
 * and encrypts its answer (dc_api.jwt), which the page then posts to the verifier with its Origin.
 * The mdoc answers are built by @owf/mdoc over the DC API handover (OID4VP 1.0 B.2.6.2).
 */
import {
  createOpenid4vpAuthorizationResponse,
  isOpenid4vpAuthorizationRequestDcApi,
  resolveOpenid4vpAuthorizationRequest,
} from "@openid4vc/openid4vp";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, decodeJwt, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { base64urlDecode } from "#core/credentials/encoding.ts";
import { createTestIaca, generateKey, issueMdoc, presentMdoc } from "#core/mdoc/test-helpers.ts";
import type { DcqlQuery } from "#core/verification/openid4vp.ts";
import { trustListEntries, verifierOrganisations } from "#db/schema/index.ts";
import { db } from "#tests/support/workerd-database.ts";
import { network, walletCallbacks } from "./openid4vp-wallet/test-support.ts";
import {
  type CreatedRequest,
  citizenWithCredential,
  json,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  present,
  request,
  requestView,
} from "./test-support.ts";

const SHOP = "https://shop.example";
const MDL = "org.iso.18013.5.1.mDL";
const MDL_NS = "org.iso.18013.5.1";
const DAY = 86_400_000;

const dcApiPath = (id: string) => `/api/presentations/requests/${id}/dc-api`;

/** What the page fetches and hands to navigator.credentials.get. */
async function pageRequest(id: string) {
  const response = await request(dcApiPath(id));
  return { response, body: (await response.json()) as { protocol: string; data: { request: string } } };
}

/** What the page posts back: the DigitalCredential's protocol and data, from `origin`. */
const postAnswer = (id: string, body: unknown, origin: string | null = ORIGIN) =>
  request(dcApiPath(id), { ...json(body), headers: origin === null ? {} : { Origin: origin } });

async function openDcApiRequest(body: Record<string, unknown>, webOrigins?: string[]) {
  const { cookie, organisation } = await organisationWithVerifier();
  if (webOrigins)
    await db().update(verifierOrganisations).set({ webOrigins }).where(eq(verifierOrganisations.id, organisation.id));
  const created = await openRequest({ cookie }, { purpose: "Renting a flat", ...body });
  return { cookie, created };
}

/**
 * The wallet: resolves the request for the origin the browser gives it (the library refuses one
 * not in expected_origins), makes a presentation with `presentation(request)`, encrypts the answer.
 */
async function walletAnswer(
  created: CreatedRequest,
  origin: string,
  presentation: (request: { nonce: string; key: JWK; dcql: DcqlQuery }) => Promise<{ queryId: string; vp: string }>,
) {
  const { body } = await pageRequest(created.id);
  const { fetch } = network();
  const callbacks = walletCallbacks(fetch);
  const resolved = await resolveOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: body.data,
    origin,
    callbacks,
  });
  const payload = resolved.authorizationRequestPayload;
  if (!isOpenid4vpAuthorizationRequestDcApi(payload)) throw new Error("expected a DC API request");
  const key = (payload.client_metadata!.jwks as { keys: JWK[] }).keys[0]!;
  const { queryId, vp } = await presentation({ nonce: payload.nonce, key, dcql: resolved.dcql!.query as DcqlQuery });
  const { jarm } = await createOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: payload,
    authorizationResponsePayload: { vp_token: { [queryId]: [vp] } },
    origin,
    callbacks,
    jarm: {
      encryption: { nonce: crypto.randomUUID() },
      serverMetadata: {
        authorization_signing_alg_values_supported: [],
        authorization_encryption_alg_values_supported: ["ECDH-ES"],
        authorization_encryption_enc_values_supported: ["A128GCM", "A256GCM"],
      },
    },
  });
  return { protocol: body.protocol, data: { response: jarm!.responseJwt }, resolved };
}

/** An SD-JWT VC presentation of the request's dc+sd-jwt query, key-bound to `audience`. */
const sdJwtFor =
  (held: Awaited<ReturnType<typeof citizenWithCredential>>, audience: (origin: string) => string, origin: string) =>
  async ({ nonce, dcql }: { nonce: string; dcql: DcqlQuery }) => {
    const query = dcql.credentials.find((candidate) => candidate.format === "dc+sd-jwt")!;
    const disclose = query.claims.map((claim) => claim.path.join("."));
    return { queryId: query.id, vp: await present(held, disclose, audience(origin), nonce) };
  };

describe("the request for the Digital Credentials API", () => {
  it("is the same request, signed, with expected_origins, dc_api.jwt, the request's own key and no response_uri or state", async () => {
    const { created } = await openDcApiRequest({ credentialType: "rtw" }, [SHOP]);
    const { response, body } = await pageRequest(created.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.protocol).toBe("openid4vp-v1-signed");
    const claims = decodeJwt(body.data.request);
    expect(claims).toMatchObject({
      client_id: created.clientId,
      response_type: "vp_token",
      response_mode: "dc_api.jwt",
      expected_origins: [ORIGIN, SHOP],
      nonce: created.nonce,
      purpose: "Renting a flat",
    });
    expect(claims).not.toHaveProperty("response_uri");
    expect(claims).not.toHaveProperty("state");
    expect((claims.client_metadata as any).jwks.keys).toEqual([
      expect.objectContaining({ kid: created.id, crv: "P-256" }),
    ]);
  });

  it("is refused for a request that asked for answers in the clear, one not open, and an id that is no request", async () => {
    const { created } = await openDcApiRequest({ credentialType: "rtw", responseMode: "direct_post" });
    const plain = await pageRequest(created.id);
    expect(plain.response.status).toBe(409);
    expect(plain.body).toMatchObject({ code: "REQUEST_NOT_ENCRYPTED" });
    expect((await request(dcApiPath(crypto.randomUUID()))).status).toBe(404);
    expect((await request(dcApiPath("not-a-request"))).status).toBe(404);
  });

  it("answers a browser's preflight for the organisation's own website", async () => {
    const response = await request(dcApiPath(crypto.randomUUID()), { method: "OPTIONS", headers: { Origin: SHOP } });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(response.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
  });
});

describe("an SD-JWT VC answer through the browser, from the independent wallet", () => {
  it("on the platform's own page: the presentation bound to origin:<origin>, the verifier reads it completed and valid", async () => {
    const { cookie, created } = await openDcApiRequest({
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork"],
    });
    const held = await citizenWithCredential("rtw");
    const answer = await walletAnswer(
      created,
      ORIGIN,
      sdJwtFor(held, (origin) => `origin:${origin}`, ORIGIN),
    );
    expect(answer.resolved.client.effective).toBe(created.clientId);

    const posted = await postAnswer(created.id, answer);
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect(await posted.json()).toEqual({ status: "completed", valid: true, reason: "valid" });
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { hasRightToWork: true } },
    });
    // The same answer again finds the request answered.
    const again = await postAnswer(created.id, answer);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ reason: "REQUEST_ALREADY_ANSWERED" });
  });

  it("on the organisation's registered website: its origin expected, the answer accepted from it", async () => {
    const { cookie, created } = await openDcApiRequest({ credentialType: "age" }, [SHOP]);
    const held = await citizenWithCredential("rtw");
    const answer = await walletAnswer(
      created,
      SHOP,
      sdJwtFor(held, (origin) => `origin:${origin}`, SHOP),
    );
    const posted = await postAnswer(created.id, answer, SHOP);
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { age_over_18: true } },
    });
  });

  it("from a website the request does not expect: the wallet refuses it, and the verifier refuses its answer without counting it", async () => {
    const { cookie, created } = await openDcApiRequest({ credentialType: "rtw" }, [SHOP]);
    const held = await citizenWithCredential("rtw");
    await expect(
      walletAnswer(
        created,
        "https://phish.example",
        sdJwtFor(held, (o) => `origin:${o}`, "https://phish.example"),
      ),
    ).rejects.toThrow(/origin/i);

    // A page that relays the answer made for the platform's origin from its own.
    const answer = await walletAnswer(
      created,
      ORIGIN,
      sdJwtFor(held, (origin) => `origin:${origin}`, ORIGIN),
    );
    for (const origin of ["https://phish.example", `${SHOP}:8443`, "null", null]) {
      const posted = await postAnswer(created.id, answer, origin);
      expect(posted.status, String(origin)).toBe(400);
      expect(await posted.json()).toMatchObject({ error: "invalid_request", reason: "DC_API_ORIGIN_NOT_EXPECTED" });
    }
    expect(await requestView(cookie, created.id)).toMatchObject({ status: "pending", attempts: 0 });
    // The holder's own page still answers it.
    expect((await postAnswer(created.id, answer)).status).toBe(200);
  });

  it("refuses a presentation bound to the client_id (the QR code's audience) or to another origin, counting it as an attempt", async () => {
    const { cookie, created } = await openDcApiRequest({ credentialType: "rtw" }, [SHOP]);
    const held = await citizenWithCredential("rtw");
    for (const audience of [() => created.clientId, () => `origin:${SHOP}`]) {
      const answer = await walletAnswer(created, ORIGIN, sdJwtFor(held, audience, ORIGIN));
      const posted = await postAnswer(created.id, answer);
      expect(posted.status).toBe(400);
      expect(await posted.json()).toMatchObject({ reason: "KB_AUDIENCE_MISMATCH" });
    }
    expect(await requestView(cookie, created.id)).toMatchObject({ status: "pending", attempts: 2 });
  });

  it("refuses an answer in the clear, one encrypted for another request, and a body that is not a Digital Credential's", async () => {
    const { created } = await openDcApiRequest({ credentialType: "rtw" });
    const other = await openDcApiRequest({ credentialType: "rtw" });
    const held = await citizenWithCredential("rtw");
    const clear = await postAnswer(created.id, { protocol: "openid4vp-v1-signed", data: { vp_token: "{}" } });
    expect(await clear.json()).toMatchObject({ reason: "RESPONSE_NOT_ENCRYPTED" });
    const declined = await postAnswer(created.id, {
      protocol: "openid4vp-v1-signed",
      data: { error: "access_denied" },
    });
    expect(await declined.json()).toMatchObject({ reason: "RESPONSE_NOT_ENCRYPTED" });

    const forOther = await walletAnswer(
      other.created,
      ORIGIN,
      sdJwtFor(held, (o) => `origin:${o}`, ORIGIN),
    );
    const crossed = await postAnswer(created.id, forOther);
    expect(crossed.status).toBe(400);
    expect(await crossed.json()).toMatchObject({ reason: "RESPONSE_JWE_WRONG_KEY" });

    for (const body of [{}, { protocol: "openid4vp-v1-signed" }, { protocol: 1, data: {} }, "[]"]) {
      const posted = await request(dcApiPath(created.id), {
        method: "POST",
        body: JSON.stringify(body),
        headers: { Origin: ORIGIN },
      });
      expect(posted.status).toBe(400);
    }
    const unknown = await postAnswer(crypto.randomUUID(), forOther);
    expect(await unknown.json()).toMatchObject({ reason: "STATE_UNKNOWN" });
  });
});

describe("an mdoc answer through the browser (the DC API handover)", () => {
  async function mdocAnswer(created: CreatedRequest, origin: string, handoverOrigin = origin) {
    const name = `Test IACA ${crypto.randomUUID().slice(0, 8)}`;
    const iaca = await createTestIaca(new Date(), name);
    await db()
      .insert(trustListEntries)
      .values({ kind: "mdoc_iaca_root", certificate: iaca.root, name, checks: ["age"], state: "active" });
    const device = await generateKey("Ed25519");
    const now = Date.now();
    const issuerSigned = await issueMdoc({
      iaca,
      docType: MDL,
      nameSpaces: { [MDL_NS]: { age_over_18: true } },
      devicePublicJwk: device.publicJwk,
      validity: { signed: new Date(now - DAY), validFrom: new Date(now - DAY), validUntil: new Date(now + 30 * DAY) },
    });
    const answer = await walletAnswer(created, origin, async ({ nonce, key }) => ({
      queryId: "mdl",
      vp: await presentMdoc({
        issuerSigned,
        docType: MDL,
        claims: [[MDL_NS, "age_over_18"]],
        handover: {
          flow: "dc_api",
          origin: handoverOrigin,
          nonce,
          jwkThumbprint: base64urlDecode(await calculateJwkThumbprint(key, "sha256")),
        },
        devicePrivateJwk: device.privateJwk,
      }),
    }));
    return { answer, name };
  }

  it("an mDL's age_over_18, device-signed (EdDSA) over the page's origin: valid, the issuer named", async () => {
    const { cookie, created } = await openDcApiRequest({ credentialType: "age" }, [SHOP]);
    const { answer, name } = await mdocAnswer(created, SHOP);
    const posted = await postAnswer(created.id, answer, SHOP);
    expect(posted.status, await posted.clone().text()).toBe(200);
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, format: "mso_mdoc", issuer: name, presentedAttributes: { age_over_18: true } },
    });
  });

  it("refuses a device signature over another origin than the one the answer came from", async () => {
    const { cookie, created } = await openDcApiRequest({ credentialType: "age" }, [SHOP]);
    const posted = await postAnswer(created.id, (await mdocAnswer(created, SHOP, ORIGIN)).answer, SHOP);
    expect(posted.status).toBe(400);
    expect(await posted.json()).toMatchObject({ reason: "MDOC_DEVICE_SIGNATURE" });
    expect(await requestView(cookie, created.id)).toMatchObject({ status: "pending", attempts: 1 });
  });
});
