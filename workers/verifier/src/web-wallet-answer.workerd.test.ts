/**
 * The platform's own web wallet answering a request made with the default response mode,
 * direct_post.jwt (issue 23, ADR 049): the consent page's data as its loader reads it
 * (server/verification/wallet-request.ts) and the answer's fields as the page makes them in the
 * browser (core/verification/response-encryption.ts), posted to this verifier. The refusals of
 * hostile JWEs, one by one: encrypted-response.workerd.test.ts.
 */
import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { authorizationResponseFields } from "#core/verification/response-encryption.ts";
import type { WalletRequest } from "#server/verification/wallet-request.ts";
import type { HeldCredential } from "#tests/support/verification-fixtures.ts";
import {
  citizenWithCredential,
  directPost,
  openRequest,
  organisationWithVerifier,
  present,
  readAsWallet,
  request,
  requestView,
} from "./test-support.ts";

/** What the consent page posts on Share: the presentation made on the device, then the answer's fields. */
async function shareFields(walletRequest: WalletRequest, held: HeldCredential, encryptTo = walletRequest) {
  const presentation = await present(
    held,
    walletRequest.attributes.map((a) => a.path),
    walletRequest.clientId,
    walletRequest.nonce,
  );
  const fields = await authorizationResponseFields(
    { vpToken: { [walletRequest.queryId]: [presentation] }, state: walletRequest.state },
    encryptTo.responseEncryption,
  );
  return { presentation, fields };
}

async function post(fields: Record<string, string>) {
  const response = await request("/api/presentations/response", directPost(fields));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the platform's web wallet answering a direct_post.jwt request (the default)", () => {
  it("reads the request's own key before consent, and its answer is one JWE to that key, which the verifier accepts", async () => {
    const { cookie } = await organisationWithVerifier();
    // No responseMode: the default.
    const created = await openRequest(
      { cookie },
      {
        credentialType: "rtw",
        requestedAttributes: ["hasRightToWork", "workRestrictions"],
        purpose: "Hiring a porter",
      },
    );
    const walletRequest = await readAsWallet(created);
    // The verifier's first choice, A128GCM; the key named by the request's id.
    expect(walletRequest.responseEncryption).toEqual({
      key: { kty: "EC", crv: "P-256", x: expect.any(String), y: expect.any(String), kid: created.id },
      enc: "A128GCM",
    });
    const held = await citizenWithCredential("rtw");
    const { presentation, fields } = await shareFields(walletRequest, held);
    // Nothing in the clear: no vp_token, no state, no disclosure.
    expect(Object.keys(fields)).toEqual(["response"]);
    expect(decodeProtectedHeader(fields.response!)).toMatchObject({ alg: "ECDH-ES", enc: "A128GCM", kid: created.id });
    for (const part of presentation.split("~").filter(Boolean)) expect(fields.response).not.toContain(part);

    expect(await post(fields)).toMatchObject({ status: 200, body: { status: "completed" } });
    expect(await requestView(cookie, created.id)).toMatchObject({
      status: "completed",
      result: { valid: true, reason: "valid", presentedAttributes: { hasRightToWork: true } },
    });
  });

  it("an answer made the wallet's way but to another request's key, or tampered with, is refused; the genuine one then completes the request", async () => {
    const { cookie } = await organisationWithVerifier();
    const body = { credentialType: "rtw", requestedAttributes: ["hasRightToWork"], purpose: "Hiring a driver" };
    const [mine, other] = [await openRequest({ cookie }, body), await openRequest({ cookie }, body)];
    const [mineRead, otherRead] = [await readAsWallet(mine), await readAsWallet(other)];
    const held = await citizenWithCredential("rtw");

    const foreign = (await shareFields(mineRead, held, otherRead)).fields;
    expect(await post(foreign)).toMatchObject({ status: 400, body: { reason: "RESPONSE_JWE_WRONG_KEY" } });

    const { fields } = await shareFields(mineRead, held);
    const parts = fields.response!.split(".");
    // One character of the ciphertext changed: the tag no longer matches.
    parts[3] = (parts[3]![0] === "A" ? "B" : "A") + parts[3]!.slice(1);
    expect(await post({ response: parts.join(".") })).toMatchObject({
      status: 400,
      body: { reason: "RESPONSE_JWE_WRONG_KEY" },
    });

    for (const id of [mine.id, other.id])
      expect(await requestView(cookie, id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await post(fields)).toMatchObject({ status: 200, body: { status: "completed" } });
  });
});
