import { SELF } from "cloudflare:test";
import { Oauth2ClientErrorResponseError } from "@openid4vc/oauth2";
import { Openid4vciVersion } from "@openid4vc/openid4vci";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { and, eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, importJWK, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { sha256, sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { base64urlDecode, utf8Encode } from "#core/credentials/encoding.ts";
import { authorizationServerEndpoints } from "#core/issuance/endpoints.ts";
import {
  authorityRecords,
  credentialIssuances,
  credentialOffers,
  credentials,
  oauthAccessTokens,
  walletEvents,
} from "#db/schema/index.ts";
import { offerIdOf } from "#server/issuance/offers.ts";
import { mintSignedValue } from "#server/issuance/single-use.ts";
import { markTokenUsed, releaseTokenUse } from "#server/issuance/tokens.ts";
import {
  accessTokenFor,
  asDpopNonce,
  athOf,
  cNonceFor,
  dpopProof,
  endpointsOf,
  independentWallet,
  jwtProof,
  offerFor,
  preAuthorizedCodeOf,
  presentToOurVerifier,
  receiveFromOffer,
  redeem,
  resourceRequest,
  tokenRequest,
  type WalletKey,
  walletFetch,
  walletKey,
  walletKeyOf,
} from "#tests/support/vci-wallet.ts";
import { citizenWithRecords, makeHolder, requestIssue, revokeAsAdmin } from "#tests/support/wallet-fixtures.ts";
import { call, json, ORIGIN, SESSION_SECRET, uniqueAddress } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * OpenID4VCI 1.0 issuance to any wallet (issue 22, ADR 045), through the real web worker: an
 * independent wallet (@openid4vc/openid4vci) receives a person's credential from an offer they
 * asked for, and every refusal a client could provoke is its own 4xx with the specification's code.
 */

const HOME_OFFICE = endpointsOf("rtw");
const DBS = endpointsOf("dbs");
const PRE_AUTH = "urn:ietf:params:oauth:grant-type:pre-authorized_code";

/** A key from SD-JWT VC issuer metadata (what any verifier reads): the credential key, or the status lists' key. */
async function publishedKey(path: string): Promise<CryptoKey> {
  const { jwks } = await json<{ jwks: { keys: JWK[] } }>(await call(`/.well-known/jwt-vc-issuer${path}`));
  return (await importJWK(jwks.keys[0]!, "EdDSA")) as CryptoKey;
}

/** An Ed25519 signature check for the SD-JWT VC library. */
const verifiesWith = (key: CryptoKey) => async (data: string, signature: string) =>
  crypto.subtle.verify(
    "Ed25519",
    key,
    base64urlDecode(signature) as Uint8Array<ArrayBuffer>,
    utf8Encode(data) as Uint8Array<ArrayBuffer>,
  );

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

/** A credential request's answer for `proofs` signed by `keys`, with a fresh token for a fresh offer. */
async function credentialRequestWith(body: (nonce: string) => Promise<unknown>, keyAlg: "ES256" | "EdDSA" = "ES256") {
  const { cookie } = await citizenWithRecords();
  const offer = await offerFor(cookie);
  const key = await walletKey(keyAlg);
  const accessToken = await accessTokenFor(offer, key);
  return resourceRequest(HOME_OFFICE.credential, accessToken, key, await body(await cNonceFor()));
}

describe("an independent wallet receives a person's credential (@openid4vc/openid4vci)", () => {
  it("redeems the offer with its transaction code and receives three unlinkable copies, each bound to its own key", async () => {
    const { cookie, user } = await citizenWithRecords();
    const offer = await offerFor(cookie, "rtw");
    expect(offer.link).toBe(`openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offer.offerUri)}`);
    expect(offer.txCode).toMatch(/^\d{6}$/);

    const wallet = independentWallet();
    const credentialOffer = await wallet.resolveCredentialOffer(offer.link);
    expect(credentialOffer).toMatchObject({
      credential_issuer: HOME_OFFICE.issuer,
      credential_configuration_ids: ["rtw", "rtw_haip"],
    });
    expect(credentialOffer.grants?.[PRE_AUTH]?.tx_code).toMatchObject({ input_mode: "numeric", length: 6 });
    const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    expect(metadata.originalDraftVersion).toBe(Openid4vciVersion.V1);

    const holders = await Promise.all([walletKey("ES256"), walletKey("EdDSA"), walletKey("ES256")]);
    const { accessTokenResponse, dpop, received, copies } = await receiveFromOffer(wallet, {
      credentialOffer,
      metadata,
      txCode: offer.txCode,
      configurationId: "rtw",
      holders,
    });
    expect(accessTokenResponse.token_type).toBe("DPoP");
    expect(accessTokenResponse).not.toHaveProperty("c_nonce"); // 1.0: only the nonce endpoint gives one
    expect(copies).toHaveLength(3);

    // Each copy verifies with an independent SD-JWT VC library, is the person's, and is bound to its own key.
    const library = new SDJwtVcInstance({
      hasher: (data) => sha256(webCrypto(), data),
      verifier: verifiesWith(await publishedKey("/issuers/home-office")),
      // The status list, fetched from the status worker and checked with the authority's status-list key.
      statusListFetcher: async (uri) => new TextDecoder().decode(await (await SELF.fetch(uri)).arrayBuffer()),
      statusVerifier: verifiesWith(await publishedKey("/status/issuers/home-office")),
    });
    const payloads = [];
    for (const copy of copies) {
      const { payload } = await library.verify(copy);
      expect(payload).toMatchObject({
        iss: HOME_OFFICE.issuer,
        vct: `${ORIGIN}/vct/right-to-work`,
        given_name: "Sarah",
      });
      payloads.push(payload as { cnf: { jwk: JWK }; status: { status_list: { idx: number; uri: string } } });
    }
    expect(payloads.map((p) => p.cnf.jwk.x)).toEqual(holders.map((h) => h.publicJwk.x));
    expect(new Set(payloads.map((p) => p.status.status_list.idx)).size).toBe(3);

    // A copy presented back to our own verifier over OpenID4VP: it reads the check as valid.
    const checked = await presentToOurVerifier(copies[0]!, holders[0]!.privateKey);
    expect(checked).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { hasRightToWork: true }, issuerId: "home-office" },
    });

    // The issuance went to a wallet app: recorded as such, and not shown as cards in the web wallet.
    const [issuance] = await db().select().from(credentialIssuances).where(eq(credentialIssuances.userId, user.id));
    expect(issuance).toMatchObject({ type: "rtw", wallet: "app", copies: 3 });
    const webWallet = await json<unknown[]>(await call("/api/wallet/credentials", { cookie }));
    expect(webWallet).toEqual([]);

    // The wallet says it stored them: 204, and the person's history records it.
    const notified = await wallet.sendNotification({
      issuerMetadata: metadata,
      accessToken: accessTokenResponse.access_token,
      dpop: { ...dpop!, nonce: received.dpop?.nonce ?? dpop?.nonce },
      notification: { notificationId: received.credentialResponse.notification_id!, event: "credential_accepted" },
    });
    expect(notified.response.status).toBe(204);
    const [row] = await db().select().from(credentialIssuances).where(eq(credentialIssuances.id, issuance!.id));
    expect(row!.notifiedEvent).toBe("credential_accepted");
    const events = await db()
      .select()
      .from(walletEvents)
      .where(and(eq(walletEvents.userId, user.id), eq(walletEvents.kind, "wallet_app_notified")));
    expect(events.map((e) => e.detail)).toEqual([
      expect.objectContaining({ event: "credential_accepted", type: "rtw" }),
    ]);
  });

  it("is refused invalid_grant for a wrong transaction code, which costs one try and not the offer", async () => {
    const { cookie } = await citizenWithRecords();
    const offer = await offerFor(cookie);
    const wallet = independentWallet();
    const credentialOffer = await wallet.resolveCredentialOffer(offer.link);
    const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const key = await walletKey();
    const redeemWith = (txCode: string) =>
      wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
        credentialOffer,
        issuerMetadata: metadata,
        txCode,
        dpop: { signer: key.signer },
      });
    const error = await redeemWith(wrongCode(offer.txCode)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Oauth2ClientErrorResponseError);
    expect((error as Oauth2ClientErrorResponseError).errorResponse.error).toBe("invalid_grant");
    // The library's first request was refused use_dpop_nonce and sent again: one try counted, not two.
    expect((await offerRow(offer)).failedAttempts).toBe(1);
    const { accessTokenResponse } = await redeemWith(offer.txCode);
    expect(accessTokenResponse.token_type).toBe("DPoP");
  });
});

/** A six-digit code that is not `right`. */
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, "0");

/** The offer's row (its id is the last segment of its credential_offer_uri). */
async function offerRow(offer: { offerUri: string }) {
  const id = await offerIdOf(offer.offerUri.split("/").at(-1)!);
  const [row] = await db().select().from(credentialOffers).where(eq(credentialOffers.id, id));
  return row!;
}

describe("each client's requests to the issuance endpoints", () => {
  it("are limited to 60 a minute: then 429 with Retry-After in the OAuth shape, and other clients go on", async () => {
    const par = (ip: string) =>
      walletFetch(`${ORIGIN}/oauth/par`, { method: "POST", headers: { "CF-Connecting-IP": ip } });
    // Two addresses of one IPv6 /64 are one client. The limiter counts in whole wall-clock minutes:
    // sent across a minute's end the count starts again, so the first 429 comes after at least 60
    // requests (at most 119), never before.
    const address = uniqueAddress();
    const sibling = address.replace(/::1$/, "::2");
    let answered = 0;
    let limited: Response | undefined;
    for (let n = 0; n < 120 && !limited; n++) {
      const response = await par(n % 2 ? sibling : address);
      if (response.status === 429) limited = response;
      else {
        expect(response.status, `request ${n + 1}`).toBe(400);
        await response.body?.cancel();
        answered++;
      }
    }
    expect(answered).toBeGreaterThanOrEqual(60);
    expect(answered).toBeLessThan(120);
    expect(limited!.headers.get("Retry-After")).toBe("60");
    expect(limited!.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await limited!.json()).toMatchObject({ error: "invalid_request" });
    expect((await par(uniqueAddress())).status).toBe(400);
  });
});

describe("the token endpoint refuses, with the specification's error, and loses nothing", () => {
  it("voids the offer after five wrong transaction codes; before that the right one still works", async () => {
    const { cookie } = await citizenWithRecords();
    const offer = await offerFor(cookie);
    const key = await walletKey();
    for (let n = 1; n <= 4; n++) {
      const response = await redeem(offer, wrongCode(offer.txCode), key);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("invalid_grant");
    }
    expect((await offerRow(offer)).failedAttempts).toBe(4);
    expect((await redeem(offer, offer.txCode, key)).status).toBe(200);

    const second = await offerFor(cookie);
    const secondCode = await preAuthorizedCodeOf(second.offerUri);
    for (let n = 1; n <= 5; n++) expect((await redeem(second, wrongCode(second.txCode), key)).status).toBe(400);
    const voided = await offerRow(second);
    expect(voided.voidedAt).not.toBeNull();
    // Void: the right code is refused too, and the offer is gone from its address.
    const rightTooLate = await tokenRequest(
      { grant_type: PRE_AUTH, "pre-authorized_code": secondCode, tx_code: second.txCode },
      await dpopProof(key, { htu: TOKEN, nonce: await asDpopNonce(key) }),
    );
    expect(await errorOf(rightTooLate)).toBe("invalid_grant");
    expect((await SELF.fetch(second.offerUri)).status).toBe(404);
  });

  it("asks for a missing transaction code with invalid_request, counting no try", async () => {
    const { cookie } = await citizenWithRecords();
    const offer = await offerFor(cookie);
    const key = await walletKey();
    const response = await redeem(offer, null, key);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("invalid_request");
    expect((await offerRow(offer)).failedAttempts).toBe(0);
  });

  it("words the transaction code's description in the language the wallet asks in", async () => {
    const { cookie } = await citizenWithRecords();
    const offer = await offerFor(cookie);
    const descriptionIn = async (language: string) => {
      const response = await SELF.fetch(offer.offerUri, { headers: { "Accept-Language": language } });
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const body = (await response.json()) as { grants: Record<string, { tx_code: { description: string } }> };
      return body.grants[PRE_AUTH]!.tx_code.description;
    };
    expect(await descriptionIn("en-GB")).toBe("Enter the 6-digit code shown beside the QR code");
    expect(await descriptionIn("cy")).toBe("Rhowch y cod 6 digid a ddangosir wrth ymyl y cod QR");
  });

  it("makes a person at most 20 offers an hour, then says so with 429", async () => {
    const { cookie, user } = await citizenWithRecords();
    const earlier = Date.now() - 30 * 60 * 1000;
    await db()
      .insert(credentialOffers)
      .values(
        Array.from({ length: 19 }, (_, n) => ({
          id: crypto.randomUUID().replace(/-/g, "").slice(0, 22),
          userId: user.id,
          issuerId: "home-office",
          configurationIds: ["rtw"],
          codeHash: crypto.randomUUID(),
          channel: "wallet" as const,
          createdAt: new Date(earlier + n),
          expiresAt: new Date(earlier + 600_000),
        })),
      );
    await offerFor(cookie);
    const refused = await call("/api/wallet/offers", { body: { type: "rtw" }, cookie });
    expect(refused.status).toBe(429);
    expect(await json<{ code: string; message: string }>(refused)).toMatchObject({
      code: "TOO_MANY_OFFERS",
      message: "You have made 20 offers in the last hour. Please wait a while before making another.",
    });
  });

  it("works once: a used code, and an expired one, are invalid_grant", async () => {
    const { cookie } = await citizenWithRecords();
    const offer = await offerFor(cookie);
    const code = await preAuthorizedCodeOf(offer.offerUri);
    const key = await walletKey();
    await accessTokenFor(offer, key);
    expect((await SELF.fetch(offer.offerUri)).status).toBe(404);
    const again = await tokenRequest(
      { grant_type: PRE_AUTH, "pre-authorized_code": code, tx_code: offer.txCode },
      await dpopProof(key, { htu: TOKEN, nonce: await asDpopNonce(key) }),
    );
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toBe("invalid_grant");

    const late = await offerFor(cookie);
    const lateCode = await preAuthorizedCodeOf(late.offerUri);
    await db()
      .update(credentialOffers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(credentialOffers.id, await offerIdOf(late.offerUri.split("/").at(-1)!)));
    expect((await SELF.fetch(late.offerUri)).status).toBe(404);
    const expired = await tokenRequest(
      { grant_type: PRE_AUTH, "pre-authorized_code": lateCode, tx_code: late.txCode },
      await dpopProof(key, { htu: TOKEN, nonce: await asDpopNonce(key) }),
    );
    expect(await errorOf(expired)).toBe("invalid_grant");
  });

  it("refuses a missing, malformed, replayed or misdirected DPoP proof with invalid_dpop_proof", async () => {
    const key = await walletKey();
    const nonce = await asDpopNonce(key);
    const form = { grant_type: PRE_AUTH, "pre-authorized_code": "anything", tx_code: "123456" };
    const cases: [string, string | null][] = [
      ["no proof", null],
      ["another endpoint's htu", await dpopProof(key, { htu: HOME_OFFICE.credential, nonce })],
      ["another method", await dpopProof(key, { htm: "GET", htu: TOKEN, nonce })],
      ["an old iat", await dpopProof(key, { htu: TOKEN, nonce, iat: Math.floor(Date.now() / 1000) - 3600 })],
      ["the wrong typ", await dpopProof(key, { htu: TOKEN, nonce }, { typ: "JWT" })],
      ["a private key in the header", await dpopProof(key, { htu: TOKEN, nonce }, { jwk: await privateJwk(key) })],
      ["a key that is not an object", unsignedWithHeader({ typ: "dpop+jwt", alg: "ES256", jwk: "x" })],
      ["a key that is a list", unsignedWithHeader({ typ: "dpop+jwt", alg: "ES256", jwk: [1] })],
    ];
    for (const [what, proof] of cases) {
      const response = await tokenRequest(form, proof);
      expect(response.status, what).toBe(400);
      expect(await errorOf(response), what).toBe("invalid_dpop_proof");
    }
    const replayed = await dpopProof(key, { htu: TOKEN, nonce, jti: crypto.randomUUID() });
    expect(await errorOf(await tokenRequest(form, replayed))).toBe("invalid_grant"); // well made: the code is what is wrong
    expect(await errorOf(await tokenRequest(form, replayed))).toBe("invalid_dpop_proof");
  });

  it("refuses a grant it does not take, a body that is not a form, and a repeated parameter", async () => {
    const key = await walletKey();
    const nonce = await asDpopNonce(key);
    const proof = () => dpopProof(key, { htu: TOKEN, nonce });
    expect(await errorOf(await tokenRequest({ grant_type: "password" }, await proof()))).toBe("unsupported_grant_type");
    expect(await errorOf(await tokenRequest({}, await proof()))).toBe("invalid_request");
    const asJson = await walletFetch(TOKEN, {
      method: "POST",
      headers: { "Content-Type": "application/json", DPoP: await proof() },
      body: JSON.stringify({ grant_type: PRE_AUTH }),
    });
    expect(asJson.status).toBe(400);
    expect(await errorOf(asJson)).toBe("invalid_request");
    const twice = await walletFetch(TOKEN, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", DPoP: await proof() },
      body: `grant_type=${encodeURIComponent(PRE_AUTH)}&pre-authorized_code=a&pre-authorized_code=b`,
    });
    expect(await errorOf(twice)).toBe("invalid_request");
  });
});

describe("the credential endpoint refuses, with the specification's error, and issues nothing", () => {
  it("refuses proofs with the wrong audience, typ, signature or key, or without a nonce, as invalid_proof", async () => {
    const holder = await walletKey();
    const other = await walletKey();
    const bad: [string, (nonce: string) => Promise<string>][] = [
      ["another audience", (nonce) => jwtProof(holder, { aud: endpointsOf("dbs").issuer, nonce })],
      ["the wrong typ", (nonce) => jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce }, { typ: "JWT" })],
      ["no nonce", () => jwtProof(holder, { aud: HOME_OFFICE.issuer })],
      [
        "a kid instead of a jwk",
        (nonce) => jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce }, { kid: "did:example:1#k" }),
      ],
      [
        "a signature by another key",
        async (nonce) => {
          const [head, payload] = (await jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce })).split(".");
          const signature = (await jwtProof(other, { aud: HOME_OFFICE.issuer, nonce })).split(".")[2];
          return `${head}.${payload}.${signature}`;
        },
      ],
      ["an iss for an anonymous token", (nonce) => jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce, iss: "wallet" })],
      [
        "a key that is not an object",
        async () => unsignedWithHeader({ typ: "openid4vci-proof+jwt", alg: "ES256", jwk: 1 }),
      ],
    ];
    for (const [what, make] of bad) {
      const response = await credentialRequestWith(async (nonce) => ({
        credential_configuration_id: "rtw",
        proofs: { jwt: [await make(nonce)] },
      }));
      expect(response.status, what).toBe(400);
      expect(await errorOf(response), what).toBe("invalid_proof");
    }
  });

  it("refuses an unknown or spent c_nonce as invalid_nonce, and one token issuing twice", async () => {
    const holder = await walletKey();
    const unknown = await credentialRequestWith(async () => ({
      credential_configuration_id: "rtw",
      proofs: { jwt: [await jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce: "1.2.3" })] },
    }));
    expect(await errorOf(unknown)).toBe("invalid_nonce");

    const { cookie } = await citizenWithRecords();
    const key = await walletKey();
    const nonce = await cNonceFor();
    const body = {
      credential_configuration_id: "rtw",
      proofs: { jwt: [await jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce })] },
    };
    const first = await resourceRequest(
      HOME_OFFICE.credential,
      await accessTokenFor(await offerFor(cookie), key),
      key,
      body,
    );
    expect(first.status).toBe(200);
    const spent = await resourceRequest(
      HOME_OFFICE.credential,
      await accessTokenFor(await offerFor(cookie), key),
      key,
      body,
    );
    expect(await errorOf(spent)).toBe("invalid_nonce");

    const token = await accessTokenFor(await offerFor(cookie), key);
    const once = async () =>
      resourceRequest(HOME_OFFICE.credential, token, key, {
        credential_configuration_id: "rtw",
        proofs: { jwt: [await jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce: await cNonceFor() })] },
      });
    expect((await once()).status).toBe(200);
    expect(await errorOf(await once())).toBe("credential_request_denied");

    // An issuance that failed on our side gives the token its use back: the wallet asks again.
    const retried = await accessTokenFor(await offerFor(cookie), key);
    const hash = await sha256Base64url(webCrypto(), retried);
    const failedAt = new Date();
    expect(await markTokenUsed(db(), hash, failedAt)).toBe(true);
    await releaseTokenUse(db(), hash, new Date(failedAt.getTime() + 1)); // another use's release: no effect
    expect(await markTokenUsed(db(), hash, new Date())).toBe(false);
    await releaseTokenUse(db(), hash, failedAt);
    const again = await resourceRequest(HOME_OFFICE.credential, retried, key, {
      credential_configuration_id: "rtw",
      proofs: { jwt: [await jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce: await cNonceFor() })] },
    });
    expect(again.status, await again.clone().text()).toBe(200);
  });

  it("refuses an unknown configuration, one the token was not granted, too many proofs and the same key twice", async () => {
    const proofsBy = async (keys: WalletKey[], nonce: string) =>
      Promise.all(keys.map((key) => jwtProof(key, { aud: HOME_OFFICE.issuer, nonce })));
    const holder = await walletKey();
    const unknown = await credentialRequestWith(async (nonce) => ({
      credential_configuration_id: "dbs",
      proofs: { jwt: await proofsBy([holder], nonce) },
    }));
    expect(await errorOf(unknown)).toBe("unknown_credential_configuration");
    const notGranted = await credentialRequestWith(async (nonce) => ({
      credential_configuration_id: "rtr",
      proofs: { jwt: await proofsBy([holder], nonce) },
    }));
    expect(notGranted.status).toBe(403);
    expect(notGranted.headers.get("WWW-Authenticate")).toContain('error="insufficient_scope"');
    const six = await Promise.all(Array.from({ length: 6 }, () => walletKey()));
    const tooMany = await credentialRequestWith(async (nonce) => ({
      credential_configuration_id: "rtw",
      proofs: { jwt: await proofsBy(six, nonce) },
    }));
    expect(await errorOf(tooMany)).toBe("invalid_credential_request");
    const sameKey = await credentialRequestWith(async (nonce) => ({
      credential_configuration_id: "rtw",
      proofs: { jwt: await proofsBy([holder, holder], nonce) },
    }));
    expect(await errorOf(sameKey)).toBe("invalid_proof");
    const noProofs = await credentialRequestWith(async () => ({ credential_configuration_id: "rtw" }));
    expect(await errorOf(noProofs)).toBe("invalid_proof");
  });

  it("takes the token only with a DPoP proof by its own key, naming it, under the DPoP scheme", async () => {
    const { cookie } = await citizenWithRecords();
    const key = await walletKey();
    const thief = await walletKey();
    const token = await accessTokenFor(await offerFor(cookie), key);
    const url = HOME_OFFICE.credential;
    const post = (headers: Record<string, string>) =>
      walletFetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: "{}" });

    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toMatch(/^DPoP algs=/);
    const bearer = await post({ Authorization: `Bearer ${token}` });
    expect(bearer.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');

    // The resource's nonce, as a wallet learns it.
    const first = await post({
      Authorization: `DPoP ${token}`,
      DPoP: await dpopProof(key, { htu: url, ath: await athOf(token) }),
    });
    const nonce = first.headers.get("DPoP-Nonce")!;
    const stolen = await post({
      Authorization: `DPoP ${token}`,
      DPoP: await dpopProof(thief, { htu: url, nonce, ath: await athOf(token) }),
    });
    expect(stolen.status).toBe(401);
    expect(stolen.headers.get("WWW-Authenticate")).toContain('error="invalid_dpop_proof"');
    const otherToken = await post({
      Authorization: `DPoP ${token}`,
      DPoP: await dpopProof(key, { htu: url, nonce, ath: await athOf("another token") }),
    });
    expect(otherToken.headers.get("WWW-Authenticate")).toContain('error="invalid_dpop_proof"');
    // The authorization server's nonce is not the resource's.
    const asNonce = await post({
      Authorization: `DPoP ${token}`,
      DPoP: await dpopProof(key, { htu: url, nonce: await asDpopNonce(key), ath: await athOf(token) }),
    });
    expect(asNonce.headers.get("WWW-Authenticate")).toContain('error="use_dpop_nonce"');
    const unknownToken = await post({
      Authorization: "DPoP not-a-token",
      DPoP: await dpopProof(key, { htu: url, nonce, ath: await athOf("not-a-token") }),
    });
    expect(unknownToken.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
  });

  it("refuses an expired access token, an expired c_nonce and an expired DPoP nonce", async () => {
    const { cookie } = await citizenWithRecords();
    const key = await walletKey();
    const holder = await walletKey();
    const proofWith = async (nonce: string) => jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce });
    // A c_nonce this issuer made, whose five minutes are over.
    const stale = await mintSignedValue(SESSION_SECRET, "c-nonce|home-office", -1, new Date());
    const expiredNonce = await resourceRequest(
      HOME_OFFICE.credential,
      await accessTokenFor(await offerFor(cookie), key),
      key,
      {
        credential_configuration_id: "rtw",
        proofs: { jwt: [await proofWith(stale)] },
      },
    );
    expect(await errorOf(expiredNonce)).toBe("invalid_nonce");

    const token = await accessTokenFor(await offerFor(cookie), key);
    await db()
      .update(oauthAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccessTokens.jkt, await calculateJwkThumbprint(key.publicJwk)));
    const expiredToken = await resourceRequest(HOME_OFFICE.credential, token, key, {
      credential_configuration_id: "rtw",
      proofs: { jwt: [await proofWith(await cNonceFor())] },
    });
    expect(expiredToken.status).toBe(401);
    expect(expiredToken.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');

    // The authorization server's DPoP nonce, past its five minutes: the wallet is asked for a fresh one.
    const oldAsNonce = await mintSignedValue(SESSION_SECRET, "dpop-nonce|as", -1, new Date());
    const refused = await tokenRequest(
      { grant_type: PRE_AUTH, "pre-authorized_code": "x", tx_code: "123456" },
      await dpopProof(key, { htu: TOKEN, nonce: oldAsNonce }),
    );
    expect(await errorOf(refused)).toBe("use_dpop_nonce");
    expect(refused.headers.get("DPoP-Nonce")).toEqual(expect.any(String));
  });

  it("refuses a person the authority holds no record of with credential_request_denied", async () => {
    const { cookie, user } = await citizenWithRecords();
    const offer = await offerFor(cookie);
    const key = await walletKey();
    const token = await accessTokenFor(offer, key);
    await db().delete(authorityRecords).where(eq(authorityRecords.userId, user.id));
    const holder = await walletKey();
    const response = await resourceRequest(HOME_OFFICE.credential, token, key, {
      credential_configuration_id: "rtw",
      proofs: { jwt: [await jwtProof(holder, { aud: HOME_OFFICE.issuer, nonce: await cNonceFor() })] },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("credential_request_denied");
    expect(await db().select().from(credentials).where(eq(credentials.userId, user.id))).toEqual([]);
  });

  it("answers an unknown issuer with 404, and a GET with 405", async () => {
    expect((await walletFetch(`${ORIGIN}/issuers/nobody/credential`, { method: "POST" })).status).toBe(404);
    expect((await SELF.fetch(HOME_OFFICE.credential)).status).toBe(405);
  });
});

describe("deferred issuance, while the authority has not finished its check", () => {
  it("accepts the request with 202 and a transaction, says 202 again while pending, and issues once the record is complete", async () => {
    const { cookie, user } = await citizenWithRecords();
    const dbsRecord = and(eq(authorityRecords.userId, user.id), eq(authorityRecords.type, "dbs"));
    await db().update(authorityRecords).set({ status: "pending" }).where(dbsRecord);
    // The web wallet is refused (nothing to issue yet) with words that say why and what else works.
    const refused = await requestIssue(cookie, await makeHolder(), "dbs");
    expect(refused.status).toBe(409);
    expect(await json<{ code: string }>(refused)).toMatchObject({ code: "RECORD_PENDING" });

    const offer = await offerFor(cookie, "dbs");
    const wallet = independentWallet();
    const credentialOffer = await wallet.resolveCredentialOffer(offer.link);
    const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const { accessTokenResponse, dpop } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata: metadata,
      txCode: offer.txCode,
      dpop: { signer: (await walletKey()).signer },
    });
    const { c_nonce } = await wallet.requestNonce({ issuerMetadata: metadata });
    const holders = [await walletKey(), await walletKey("EdDSA")];
    const proofs = await Promise.all(
      holders.map(
        async (holder) =>
          (
            await wallet.createCredentialRequestJwtProof({
              issuerMetadata: metadata,
              credentialConfigurationId: "dbs",
              signer: holder.signer,
              nonce: c_nonce,
            })
          ).jwt,
      ),
    );
    const accessToken = accessTokenResponse.access_token;
    const asked = await wallet.retrieveCredentials({
      issuerMetadata: metadata,
      credentialConfigurationId: "dbs",
      accessToken,
      proofs: { jwt: proofs },
      dpop,
    });
    expect(asked.response.status).toBe(202);
    const transactionId = asked.credentialResponse.transaction_id!;
    expect(asked.credentialResponse.interval).toBeGreaterThan(0);
    expect(await db().select().from(credentials).where(eq(credentials.userId, user.id))).toEqual([]);

    const later = await wallet.retrieveDeferredCredentials({
      issuerMetadata: metadata,
      accessToken,
      transactionId,
      dpop: { ...dpop!, nonce: asked.dpop?.nonce ?? dpop?.nonce },
    });
    expect(later.response.status).toBe(202);
    expect(later.deferredCredentialResponse).toMatchObject({ transaction_id: transactionId });

    // The police records are back: the authority completes the record.
    await db().update(authorityRecords).set({ status: "complete" }).where(dbsRecord);
    // Collected with the same token and key. Read by hand: @openid4vc/openid4vci 0.4.6 refuses a
    // deferred 200 that carries notification_id beside credentials (its check is inverted), which 1.0 allows.
    const key = await walletKeyOf(dpop!.signer);
    const collected = await resourceRequest(DBS.deferredCredential, accessToken, key, {
      transaction_id: transactionId,
    });
    expect(collected.status).toBe(200);
    const body = (await collected.json()) as { credentials: { credential: string }[]; notification_id: string };
    expect(body.credentials).toHaveLength(2);
    expect(body.notification_id).toEqual(expect.any(String));
    const again = await resourceRequest(DBS.deferredCredential, accessToken, key, {
      transaction_id: transactionId,
    });
    expect(await errorOf(again)).toBe("invalid_transaction_id");
  });
});

describe("the copies of one issuance", () => {
  it("are revoked together: by the authority, on the wallet's failure report, and by the person from their history", async () => {
    const { cookie } = await citizenWithRecords();
    const issueThree = async () => {
      const key = await walletKey();
      const token = await accessTokenFor(await offerFor(cookie), key);
      const nonce = await cNonceFor();
      const holders = await Promise.all([walletKey(), walletKey(), walletKey()]);
      const response = await resourceRequest(HOME_OFFICE.credential, token, key, {
        credential_configuration_id: "rtw",
        proofs: { jwt: await Promise.all(holders.map((h) => jwtProof(h, { aud: HOME_OFFICE.issuer, nonce }))) },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { credentials: { credential: string }[]; notification_id: string };
      return { key, token, body };
    };
    const rowsOf = async (vcs: { credential: string }[]) =>
      Promise.all(
        vcs.map(async ({ credential }) => {
          const [row] = await db().select().from(credentials).where(eq(credentials.vcJwt, credential));
          return row!;
        }),
      );

    const revoked = await issueThree();
    const [one] = await rowsOf(revoked.body.credentials);
    const keysBefore = (await rowsOf(revoked.body.credentials)).map((row) => row.metadata?.holderKeyThumbprint);
    await revokeAsAdmin(one!.id);
    const afterRevocation = await rowsOf(revoked.body.credentials);
    expect(afterRevocation.map((row) => row.status)).toEqual(["revoked", "revoked", "revoked"]);
    // Each copy still names its own holder key, with the reason added.
    expect(afterRevocation.map((row) => row.metadata?.holderKeyThumbprint)).toEqual(keysBefore);
    expect(new Set(keysBefore).size).toBe(3);

    const failed = await issueThree();
    const notified = await resourceRequest(HOME_OFFICE.notification, failed.token, failed.key, {
      notification_id: failed.body.notification_id,
      event: "credential_failure",
    });
    expect(notified.status).toBe(204);
    expect((await rowsOf(failed.body.credentials)).map((row) => row.status)).toEqual(["revoked", "revoked", "revoked"]);

    // The person revokes the copies held in another wallet app, from their history.
    const held = await issueThree();
    const history = await json<{ id: string; wallet: string; activeCopies: number }[]>(
      await call("/api/wallet/issuances", { cookie }),
    );
    const [heldIssuance] = await rowsOf(held.body.credentials);
    expect(history.find((entry) => entry.id === heldIssuance!.issuanceId)).toMatchObject({
      wallet: "app",
      activeCopies: 3,
    });
    const withdrawn = await call(`/api/wallet/issuances/${heldIssuance!.issuanceId}/revoke`, {
      method: "POST",
      cookie,
    });
    expect(await json(withdrawn)).toEqual({ revoked: 3 });
    expect((await rowsOf(held.body.credentials)).map((row) => row.status)).toEqual(["revoked", "revoked", "revoked"]);
    const stranger = await citizenWithRecords();
    const notTheirs = await call(`/api/wallet/issuances/${heldIssuance!.issuanceId}/revoke`, {
      method: "POST",
      cookie: stranger.cookie,
    });
    expect(notTheirs.status).toBe(404);

    const other = await issueThree();
    const otherToken = await resourceRequest(HOME_OFFICE.notification, other.token, other.key, {
      notification_id: failed.body.notification_id,
      event: "credential_accepted",
    });
    expect(await errorOf(otherToken)).toBe("invalid_notification_id");
    const odd = await resourceRequest(HOME_OFFICE.notification, other.token, other.key, {
      notification_id: other.body.notification_id,
      event: "credential_lost",
    });
    expect(await errorOf(odd)).toBe("invalid_notification_request");
  });
});

const TOKEN = authorizationServerEndpoints(ORIGIN).token;

/** A JWT-shaped value with `header` (any JSON) and a junk signature: what a hostile client can send. */
function unsignedWithHeader(header: unknown): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part(header)}.${part({ iat: Math.floor(Date.now() / 1000) })}.c2lnbmF0dXJl`;
}

/** The key's private JWK (what a careless wallet might put in a header). */
async function privateJwk(key: WalletKey) {
  return exportJWK(key.privateKey);
}
