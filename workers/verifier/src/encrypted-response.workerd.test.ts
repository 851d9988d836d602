/**
 * direct_post.jwt refusals (issue 23, ADR 049): answers made with jose as a hostile or broken
 * wallet would make them. Each is refused with its own reason and a 400, before any answer is
 * taken: the request stays open, no attempt counted, nothing recorded.
 * (The conforming answer, by an independent wallet library: openid4vp-interop.workerd.test.ts.)
 */
import { CompactEncrypt, importJWK, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import {
  citizenWithCredential,
  directPost,
  fetchRequestObject,
  openRequest,
  organisationWithVerifier,
  present,
  request,
} from "./test-support.ts";

const ENCRYPTED = { credentialType: "rtw", purpose: "Hiring a porter", responseMode: "direct_post.jwt" };

async function encryptedRequest(cookie: string, body: Record<string, unknown> = ENCRYPTED) {
  const created = await openRequest({ cookie }, body);
  const { claims } = await fetchRequestObject(created.requestUri);
  return { created, claims, key: claims.client_metadata?.jwks.keys[0] as JWK };
}

/** A valid answer to `claims` (the holder's presentation of hasRightToWork), as the JWE's payload. */
async function answerTo(claims: Record<string, any>) {
  const held = await citizenWithCredential("rtw");
  const presentation = await present(held, ["hasRightToWork"], claims.client_id, claims.nonce);
  return { state: claims.state, vp_token: { rtw: [presentation] } };
}

async function encrypt(
  payload: unknown,
  key: JWK,
  header: { alg?: string; enc?: string; kid?: string } = {},
): Promise<string> {
  const alg = header.alg ?? "ECDH-ES";
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg, enc: header.enc ?? "A128GCM", kid: header.kid ?? key.kid! })
    .encrypt(await importJWK(key, alg));
}

async function post(fields: Record<string, string>) {
  const response = await request("/api/presentations/response", directPost(fields));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The request as its verifier reads it: still open, no attempt counted. */
async function expectUntouched(cookie: string, id: string) {
  const view = (await (await request(`/api/presentations/requests/${id}`, { cookie })).json()) as Record<string, any>;
  expect(view).toMatchObject({ status: "pending", result: null, attempts: 0 });
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");

describe("direct_post.jwt: refused answers", () => {
  it("refuses a JWE encrypted to another request's key under this request's kid (RESPONSE_JWE_WRONG_KEY)", async () => {
    const { cookie } = await organisationWithVerifier();
    const mine = await encryptedRequest(cookie);
    const other = await encryptedRequest(cookie);
    const jwe = await encrypt(await answerTo(mine.claims), other.key, { kid: mine.created.id });
    expect(await post({ response: jwe })).toMatchObject({
      status: 400,
      body: { error: "invalid_request", reason: "RESPONSE_JWE_WRONG_KEY" },
    });
    await expectUntouched(cookie, mine.created.id);
  });

  it("refuses a JWE opened with one request's key that carries another request's state (RESPONSE_JWE_WRONG_KEY)", async () => {
    const { cookie } = await organisationWithVerifier();
    const mine = await encryptedRequest(cookie);
    const other = await encryptedRequest(cookie);
    const jwe = await encrypt(await answerTo(mine.claims), other.key);
    expect(await post({ response: jwe })).toMatchObject({ status: 400, body: { reason: "RESPONSE_JWE_WRONG_KEY" } });
    await expectUntouched(cookie, mine.created.id);
    await expectUntouched(cookie, other.created.id);
  });

  it("refuses a JWE to a request that asked for direct_post (it has no key)", async () => {
    const { cookie } = await organisationWithVerifier();
    const plain = await openRequest(
      { cookie },
      { credentialType: "rtw", purpose: "Hiring a porter", responseMode: "direct_post" },
    );
    const { claims } = await fetchRequestObject(plain.requestUri);
    expect(claims.response_mode).toBe("direct_post");
    // No key to encrypt to: client_metadata states the formats accepted (ADR 051), nothing more.
    expect(Object.keys(claims.client_metadata)).toEqual(["vp_formats_supported"]);
    const other = await encryptedRequest(cookie);
    const jwe = await encrypt(await answerTo(claims), other.key, { kid: plain.id });
    expect(await post({ response: jwe })).toMatchObject({ status: 400, body: { reason: "RESPONSE_JWE_WRONG_KEY" } });
    await expectUntouched(cookie, plain.id);
  });

  for (const header of [{ alg: "ECDH-ES+A128KW" }, { enc: "A192GCM" }, { enc: "A128CBC-HS256" }]) {
    it(`refuses ${JSON.stringify(header)}: only ECDH-ES with A128GCM or A256GCM (RESPONSE_JWE_ALGORITHM)`, async () => {
      const { cookie } = await organisationWithVerifier();
      const mine = await encryptedRequest(cookie);
      const jwe = await encrypt(await answerTo(mine.claims), mine.key, header);
      expect(await post({ response: jwe })).toMatchObject({ status: 400, body: { reason: "RESPONSE_JWE_ALGORITHM" } });
      await expectUntouched(cookie, mine.created.id);
    });
  }

  it("refuses what is not a compact JWE (RESPONSE_JWE_MALFORMED), never a 5xx", async () => {
    const { cookie } = await organisationWithVerifier();
    const mine = await encryptedRequest(cookie);
    const jwe = await encrypt(await answerTo(mine.claims), mine.key);
    const [header, , iv, ciphertext, tag] = jwe.split(".");
    for (const response of [
      "not a jwe",
      jwe.split(".").slice(0, 3).join("."),
      `${base64url("{not json")}..${iv}.${ciphertext}.${tag}`,
      `${header}..${iv}.${ciphertext}.${tag}.extra`,
    ])
      expect(await post({ response }), response).toMatchObject({
        status: 400,
        body: { reason: "RESPONSE_JWE_MALFORMED" },
      });
    // Decrypted, but not a JSON object.
    const notObject = await new CompactEncrypt(new TextEncoder().encode("[1,2]"))
      .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: mine.created.id })
      .encrypt(await importJWK(mine.key, "ECDH-ES"));
    expect(await post({ response: notObject })).toMatchObject({
      status: 400,
      body: { reason: "RESPONSE_JWE_MALFORMED" },
    });
    await expectUntouched(cookie, mine.created.id);
  });

  it("refuses an answer in the clear to a request that asked for direct_post.jwt, even a valid one (RESPONSE_NOT_ENCRYPTED)", async () => {
    const { cookie } = await organisationWithVerifier();
    const mine = await encryptedRequest(cookie);
    const answer = await answerTo(mine.claims);
    expect(await post({ state: answer.state, vp_token: JSON.stringify(answer.vp_token) })).toMatchObject({
      status: 400,
      body: { error: "invalid_request", reason: "RESPONSE_NOT_ENCRYPTED" },
    });
    await expectUntouched(cookie, mine.created.id);
    // The same answer, encrypted to the request's key, is taken.
    expect(await post({ response: await encrypt(answer, mine.key, { enc: "A256GCM" }) })).toMatchObject({
      status: 200,
      body: { status: "completed", valid: true },
    });
  });
});
