/**
 * Paper credentials at the verifier (server/credentials/paper.ts): printed at an assisted-digital
 * counter, bound to no device key, shown as a `UKID1:` code with no KB-JWT. Accepted only when
 * scanned in person (POST /api/presentations/validate without a request), and said to be paper;
 * never as a wallet's answer; never with a KB-JWT appended. A credential with cnf still needs its
 * KB-JWT exactly as before.
 */

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { base64urlDecodeText, base64urlEncodeText } from "#core/credentials/encoding.ts";
import { presentCredential } from "#core/credentials/index.ts";
import { decodeOfflinePresentation, encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { offlineAudience } from "#core/verification/openid4vp.ts";
import { PAPER_CREDENTIAL_NOTE } from "#core/verification/reasons.ts";
import { walletEvents } from "#db/schema/index.ts";
import type { ValidationAnswer as Answer, HistoryPage } from "#server/verification/api-schemas.ts";
import { makeHolder } from "#tests/support/holder.ts";
import { db } from "#tests/support/workerd-database.ts";
import {
  citizenWithCredential,
  citizenWithPaperCredential,
  directPost,
  fetchRequestObject,
  holderNonce,
  json,
  ORIGIN,
  openRequest,
  organisationWithVerifier,
  present,
  recordOf,
  request,
  revoke,
} from "#workers/verifier/src/test-support.ts";

const DAY_MS = 86_400_000;
const OFFLINE = offlineAudience(ORIGIN);

async function validated(
  presentationJwt: string,
  cookie: string,
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  const response = await request("/api/presentations/validate", { ...json({ presentationJwt, ...extra }), cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Answer;
}

/** The printed presentation with its issuer payload edited, the issuer's signature kept. */
function withIssuerPayload(presentation: string, edit: (payload: Record<string, unknown>) => void): string {
  const [issuerJwt, ...rest] = presentation.split("~");
  const [header, payload, signature] = issuerJwt!.split(".");
  const claims = JSON.parse(base64urlDecodeText(payload!)) as Record<string, unknown>;
  edit(claims);
  return [`${header}.${base64urlEncodeText(JSON.stringify(claims))}.${signature}`, ...rest].join("~");
}

describe("a paper credential scanned in person (POST /api/presentations/validate, no requestId)", () => {
  it("is accepted and said to be paper: the right-to-work attributes and the name to match against photo ID, recorded and logged for the citizen", async () => {
    const { cookie, organisation } = await organisationWithVerifier();
    const paper = await citizenWithPaperCredential("rtw");
    const answer = await validated(paper.payload, cookie);
    expect(answer).toMatchObject({
      valid: true,
      reason: "valid",
      result: "valid",
      binding: "paper",
      checkType: "rtw",
      credentialType: "rtw",
      issuer: "Home Office",
    });
    expect(answer.message).toContain(PAPER_CREDENTIAL_NOTE);
    expect(answer.presentedAttributes).toEqual({
      hasRightToWork: true,
      workRestrictions: "None",
      expiryDate: expect.any(String),
      given_name: "Sarah",
      family_name: "Thompson",
    });
    expect(await recordOf(answer.id)).toMatchObject({
      organisationId: organisation.id,
      credentialId: paper.credentialId,
      mode: "offline",
      checkType: "rtw",
      verificationResult: "valid",
    });
    const [logged] = await db()
      .select()
      .from(walletEvents)
      .where(and(eq(walletEvents.userId, paper.userId), eq(walletEvents.kind, "credential_verified")));
    expect(logged?.detail).toMatchObject({ valid: true, checkType: "rtw" }); // The record has no column for it; the history knows it from the paper credential's own row.
    const history = (await (await request("/api/verifications/history", { cookie })).json()) as HistoryPage;
    expect(history.entries).toEqual([expect.objectContaining({ id: answer.id, valid: true, binding: "paper" })]);
  });

  it("is accepted again at the next check: no holder nonce is spent (its own exp is its window)", async () => {
    const { cookie } = await organisationWithVerifier();
    const paper = await citizenWithPaperCredential("rtr");
    for (let scan = 0; scan < 2; scan++)
      expect(await validated(paper.payload, cookie)).toMatchObject({ valid: true, binding: "paper", checkType: "rtr" });
  });

  it("is refused once its 30 days have passed (EXPIRED, shown as expired)", async () => {
    const { cookie } = await organisationWithVerifier();
    const paper = await citizenWithPaperCredential("rtw", new Date(Date.now() - 31 * DAY_MS));
    expect(await validated(paper.payload, cookie)).toMatchObject({
      valid: false,
      reason: "EXPIRED",
      result: "expired",
      binding: null,
    });
  });

  it("is refused once revoked (STATUS_REVOKED), seen at the next check", async () => {
    const { cookie } = await organisationWithVerifier();
    const paper = await citizenWithPaperCredential("rtw");
    expect(await validated(paper.payload, cookie)).toMatchObject({ valid: true });
    await revoke(paper.credentialId);
    const answer = await validated(paper.payload, cookie);
    expect(answer).toMatchObject({
      valid: false,
      reason: "STATUS_REVOKED",
      result: "invalid",
      binding: null,
      credentialType: "rtw",
    });
    expect(await recordOf(answer.id)).toMatchObject({
      credentialId: paper.credentialId,
      verificationResult: "STATUS_REVOKED",
    });
  });

  it("is refused when tampered with: its expiry moved on (BAD_SIGNATURE) or a disclosed value changed (UNREFERENCED_DISCLOSURE)", async () => {
    const { cookie } = await organisationWithVerifier();
    const paper = await citizenWithPaperCredential("rtw");
    const printed = decodeOfflinePresentation(paper.payload);
    const extended = withIssuerPayload(printed, (payload) => {
      payload.exp = (payload.exp as number) + 365 * 86_400;
    });
    expect(await validated(encodeOfflinePresentation(extended), cookie)).toMatchObject({
      valid: false,
      reason: "BAD_SIGNATURE",
      binding: null,
    });
    const parts = printed.split("~");
    const index = parts.findIndex(
      (part) => part.length > 0 && !part.includes(".") && base64urlDecodeText(part).includes('"hasRightToWork"'),
    );
    parts[index] = base64urlEncodeText(base64urlDecodeText(parts[index]!).replace("true", "false"));
    expect(await validated(encodeOfflinePresentation(parts.join("~")), cookie)).toMatchObject({
      valid: false,
      reason: "UNREFERENCED_DISCLOSURE",
    });
  });

  it("is refused with a KB-JWT appended: it has no holder key to bind one to (KB_UNEXPECTED)", async () => {
    const { cookie } = await organisationWithVerifier();
    const paper = await citizenWithPaperCredential("rtw");
    const sdJwt = decodeOfflinePresentation(paper.payload);
    const stranger = await makeHolder();
    const bound = await presentCredential({
      sdJwt,
      disclose: ["hasRightToWork"],
      holderPrivateKey: stranger.privateKey,
      nonce: holderNonce(),
      aud: OFFLINE,
      iat: Math.floor(Date.now() / 1000),
    });
    expect(await validated(bound, cookie)).toMatchObject({ valid: false, reason: "KB_UNEXPECTED", binding: null });
  });

  it("leaves a wallet credential (with cnf) needing its KB-JWT: without one it is refused (KB_MISSING), with one it is valid and said to be device-bound", async () => {
    const { cookie } = await organisationWithVerifier();
    const held = await citizenWithCredential("rtw");
    const withoutKb = await present(held, ["hasRightToWork"], OFFLINE, holderNonce());
    expect(await validated(withoutKb.slice(0, withoutKb.lastIndexOf("~") + 1), cookie)).toMatchObject({
      valid: false,
      reason: "KB_MISSING",
      binding: null,
    });
    const valid = await validated(withoutKb, cookie);
    expect(valid).toMatchObject({ valid: true, binding: "device" });
    const history = (await (await request("/api/verifications/history", { cookie })).json()) as HistoryPage;
    expect(history.entries.map((entry) => [entry.id === valid.id, entry.binding])).toEqual([
      [true, "device"],
      [false, null],
    ]);
  });
});

describe("a paper credential is never a wallet's answer to a request", () => {
  it("is refused at response_uri (direct_post): PAPER_NOT_ACCEPTED", async () => {
    const verifier = await organisationWithVerifier();
    const created = await openRequest(
      { cookie: verifier.cookie },
      {
        credentialType: "rtw",
        requestedAttributes: ["hasRightToWork"],
        purpose: "Hiring",
        responseMode: "direct_post",
      },
    );
    const { claims } = await fetchRequestObject(created.requestUri);
    const paper = await citizenWithPaperCredential("rtw");
    const response = await request(
      "/api/presentations/response",
      directPost({
        vp_token: JSON.stringify({ rtw: [decodeOfflinePresentation(paper.payload)] }),
        state: claims.state as string,
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", reason: "PAPER_NOT_ACCEPTED" });
  });

  it("is refused when a verifier scans it against their own request (validate with requestId): PAPER_NOT_ACCEPTED", async () => {
    const { cookie } = await organisationWithVerifier();
    const created = await openRequest({ cookie });
    const paper = await citizenWithPaperCredential("rtw");
    expect(await validated(paper.payload, cookie, { requestId: created.id })).toMatchObject({
      valid: false,
      reason: "PAPER_NOT_ACCEPTED",
      binding: null,
    });
  });
});
