import { and, eq, like } from "drizzle-orm";
import { calculateJwkThumbprint, decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { webCrypto } from "#core/credentials/index.ts";
import { authorizationServerEndpoints, configurationScope } from "#core/issuance/endpoints.ts";
import { credentialIssuances, oauthAccessTokens, oauthAuthorizations, systemLogs, users } from "#db/schema/index.ts";
import {
  cNonceFor,
  dpopProof,
  endpointsOf,
  independentAppWallet,
  jwtProof,
  offerFor,
  pkcePair,
  pushRequest,
  redeemCode,
  resourceRequest,
  type WalletKey,
  walletKey,
} from "#tests/support/vci-wallet.ts";
import { citizenWithRecords, textOf } from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN, postForm, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * The authorization code flow (issue 22, ADR 045) through the real web worker: a wallet app pushes
 * its request (RFC 9126) with PKCE and DPoP, the person signs in here and approves, and the code
 * is redeemed for a token that gets their credential. An independent wallet
 * (@openid4vc/openid4vci) drives the whole flow; raw requests send what it never would, each
 * refusal its own test with the specification's code.
 */

const HOME_OFFICE = endpointsOf("rtw");
const AS = authorizationServerEndpoints(ORIGIN);
const CLIENT_ID = "test-wallet";
const REDIRECT_URI = "https://wallet.test/cb";
const RTW_SCOPE = configurationScope("rtw");

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

/** A pushed request's form as a conforming wallet sends it, with `overrides` (undefined drops a parameter). */
function parForm(challenge: string, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const form: Record<string, string | undefined> = {
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: RTW_SCOPE,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "wallet-state-1",
    resource: HOME_OFFICE.issuer,
    ...overrides,
  };
  return Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Pushes a request under `key`'s DPoP: 201 and its request_uri, with the PKCE verifier. */
async function pushed(key: WalletKey, overrides: Record<string, string | undefined> = {}) {
  const pkce = await pkcePair();
  const response = await pushRequest(parForm(pkce.challenge, overrides), key);
  expect(response.status, await response.clone().text()).toBe(201);
  const { request_uri } = (await response.json()) as { request_uri: string };
  return { requestUri: request_uri, verifier: pkce.verifier };
}

const authorizePath = (requestUri: string, clientId = CLIENT_ID) =>
  `/oauth/authorize?${new URLSearchParams({ client_id: clientId, request_uri: requestUri })}`;

/** The person (`cookie`) decides at the consent screen: the address the browser is sent to, or the answer. */
async function decide(cookie: string, requestUri: string, decision: "approve" | "decline", clientId = CLIENT_ID) {
  return postForm(
    authorizePath(requestUri, clientId),
    { client_id: clientId, request_uri: requestUri, decision },
    { cookie },
  );
}

/** The parameters of the authorization response the browser is redirected with. */
function responseAt(response: Response): URLSearchParams {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

/** Whether the person's decision reached the security audit trail (written after the response). */
async function auditedApproval(userId: string, event = "wallet app authorised"): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const rows = await db()
      .select()
      .from(systemLogs)
      .where(and(eq(systemLogs.userId, userId), like(systemLogs.message, `${event}%`)));
    if (rows.length > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** A code approved by a citizen with records, pushed under a fresh key: what a token request needs. */
async function approvedCode() {
  const { cookie, user } = await citizenWithRecords();
  const key = await walletKey();
  const { requestUri, verifier } = await pushed(key);
  const code = responseAt(await decide(cookie, requestUri, "approve")).get("code")!;
  const form = { code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID };
  return { key, form, user };
}

describe("an independent wallet app receives a person's credential by the authorization code flow", () => {
  it("pushes its request, the person signs in and approves, and the code buys a token that gets their credential", async () => {
    const { cookie, user } = await citizenWithRecords();
    const offer = await offerFor(cookie, "rtw");
    const wallet = independentAppWallet(CLIENT_ID);
    const credentialOffer = await wallet.resolveCredentialOffer(offer.link);
    expect(credentialOffer.grants?.authorization_code?.issuer_state).toEqual(expect.any(String));
    const metadata = await wallet.resolveIssuerMetadata(credentialOffer.credential_issuer);
    const key = await walletKey();
    const { authorizationRequestUrl, pkce, dpop, authorizationServer } =
      await wallet.createAuthorizationRequestUrlFromOffer({
        credentialOffer,
        issuerMetadata: metadata,
        clientId: CLIENT_ID,
        redirectUri: REDIRECT_URI,
        scope: RTW_SCOPE,
        dpop: { signer: key.signer },
      });
    // Pushed (RFC 9126): the browser carries only the client and the request_uri.
    const url = new URL(authorizationRequestUrl);
    expect(`${url.origin}${url.pathname}`).toBe(AS.authorization);
    expect([...url.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);

    // Play the browser: not signed in, to the sign-in page and back; signed in, the consent screen.
    const path = `${url.pathname}${url.search}`;
    const anonymous = await call(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?next=${encodeURIComponent(path)}`);
    const page = await call(path, { cookie });
    expect(page.status).toBe(200);
    const html = await textOf(page);
    expect(html).toContain(CLIENT_ID);
    expect(html).toContain("wallet.test");
    expect(html).toContain("Right to Work, from Home Office");
    for (const label of ["Given name", "Family name", "Right to work", "Work restrictions"])
      expect(html).toContain(label);
    // The consent form may send the browser on to the app, and nowhere else.
    expect(page.headers.get("Content-Security-Policy")).toContain("form-action 'self' https://wallet.test;");

    const approved = await decide(cookie, url.searchParams.get("request_uri")!, "approve");
    const redirect = approved.headers.get("Location")!;
    const asMetadata = metadata.authorizationServers.find((server) => server.issuer === authorizationServer)!;
    const answer = wallet.parseAndVerifyAuthorizationResponseRedirectUrl({
      url: redirect,
      authorizationServerMetadata: asMetadata,
    });
    expect(answer).toMatchObject({ iss: ORIGIN, code: expect.any(String) });

    const { accessTokenResponse, dpop: resourceDpop } = await wallet.retrieveAuthorizationCodeAccessTokenFromOffer({
      credentialOffer,
      issuerMetadata: metadata,
      authorizationCode: answer.code!,
      pkceCodeVerifier: pkce!.codeVerifier,
      redirectUri: REDIRECT_URI,
      dpop,
    });
    expect(accessTokenResponse.token_type).toBe("DPoP");

    const { c_nonce } = await wallet.requestNonce({ issuerMetadata: metadata });
    const holder = await walletKey("EdDSA");
    const { jwt } = await wallet.createCredentialRequestJwtProof({
      issuerMetadata: metadata,
      credentialConfigurationId: "rtw",
      signer: holder.signer,
      nonce: c_nonce,
    });
    const received = await wallet.retrieveCredentials({
      issuerMetadata: metadata,
      credentialConfigurationId: "rtw",
      accessToken: accessTokenResponse.access_token,
      proofs: { jwt: [jwt] },
      dpop: resourceDpop,
    });
    const [copy] = received.credentialResponse.credentials!.map(
      (entry) => (entry as { credential: string }).credential,
    );
    const payload = decodeJwt(copy!.split("~")[0]!) as { iss: string; cnf: { jwk: { x: string } } };
    expect(payload.iss).toBe(HOME_OFFICE.issuer);
    expect(payload.cnf.jwk.x).toBe(holder.publicJwk.x);
    // Issued to the person who approved, for the app that asked.
    const [issuance] = await db().select().from(credentialIssuances).where(eq(credentialIssuances.userId, user.id));
    expect(issuance).toMatchObject({ type: "rtw", wallet: "app", clientId: CLIENT_ID, copies: 1 });
    // The approval is in the security audit trail.
    expect(await auditedApproval(user.id)).toBe(true);
  });

  it("answers a pushed request 201 with a random request_uri that expires in 60 seconds, never cached", async () => {
    const pkce = await pkcePair();
    const response = await pushRequest(parForm(pkce.challenge), await walletKey());
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { request_uri: string; expires_in: number };
    expect(body.request_uri).toMatch(/^urn:ietf:params:oauth:request_uri:[A-Za-z0-9_-]{43}$/);
    expect(body.expires_in).toBe(60);
  });

  it.each([
    ["an app's private-use scheme", "com.example.wallet:/cb"],
    ["http on the loopback address", "http://127.0.0.1:7777/cb"],
  ])("accepts %s as redirect_uri", async (_, redirectUri) => {
    const pkce = await pkcePair();
    expect((await pushRequest(parForm(pkce.challenge, { redirect_uri: redirectUri }), null)).status).toBe(201);
  });

  it("grants HAIP's configuration by its own scope, and only it (ADR 047)", async () => {
    const { cookie, user } = await citizenWithRecords();
    const key = await walletKey();
    const { requestUri, verifier } = await pushed(key, { scope: configurationScope("rtw", "haip") });
    const code = responseAt(await decide(cookie, requestUri, "approve")).get("code")!;
    const redeemed = await redeemCode(
      { code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID },
      key,
    );
    expect(redeemed.status, await redeemed.clone().text()).toBe(200);
    const [token] = await db().select().from(oauthAccessTokens).where(eq(oauthAccessTokens.userId, user.id));
    expect(token!.configurationIds).toEqual(["rtw_haip"]);
  });

  it("ignores scope values it does not know beside one it does", async () => {
    const pkce = await pkcePair();
    const form = parForm(pkce.challenge, { scope: `openid ${RTW_SCOPE} uk.gov.unknown` });
    expect((await pushRequest(form, null)).status).toBe(201);
  });
});

describe("the pushed authorization request endpoint refuses", () => {
  const refusals: [string, Record<string, string | undefined>, string][] = [
    ["a request_uri in the body", { request_uri: "urn:ietf:params:oauth:request_uri:x" }, "invalid_request"],
    ["no client_id", { client_id: undefined }, "invalid_client"],
    ["a response_type other than code", { response_type: "token" }, "unsupported_response_type"],
    ["no redirect_uri", { redirect_uri: undefined }, "invalid_request"],
    ["an http redirect_uri off the loopback", { redirect_uri: "http://wallet.test/cb" }, "invalid_request"],
    ["a redirect_uri with a fragment", { redirect_uri: "https://wallet.test/cb#x" }, "invalid_request"],
    ["a javascript: redirect_uri", { redirect_uri: "javascript:alert(1)" }, "invalid_request"],
    [
      "a redirect_uri whose host would write CSP directives",
      { redirect_uri: "https://a;sandbox/cb" },
      "invalid_request",
    ],
    ["PKCE plain", { code_challenge_method: "plain" }, "invalid_request"],
    ["no code_challenge_method", { code_challenge_method: undefined }, "invalid_request"],
    ["no code_challenge", { code_challenge: undefined }, "invalid_request"],
    ["a scope it does not know", { scope: "uk.gov.unknown openid" }, "invalid_scope"],
    ["no scope", { scope: undefined }, "invalid_scope"],
    ["the scopes of two issuers", { scope: `${RTW_SCOPE} ${configurationScope("dbs")}` }, "invalid_scope"],
    ["a resource that is not the issuer", { resource: endpointsOf("dbs").issuer }, "invalid_target"],
  ];
  it.each(refusals)("%s", async (_, overrides, error) => {
    const pkce = await pkcePair();
    const response = await pushRequest(parForm(pkce.challenge, overrides), null);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(error);
  });

  it("a DPoP proof without the server's nonce (use_dpop_nonce, with one)", async () => {
    const pkce = await pkcePair();
    const response = await call("/oauth/par", {
      rawBody: new URLSearchParams(parForm(pkce.challenge)).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        DPoP: await dpopProof(await walletKey(), { htu: AS.pushedAuthorizationRequest }),
      },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("use_dpop_nonce");
    expect(response.headers.get("DPoP-Nonce")).toMatch(/\S+/);
  });

  it("a dpop_jkt that is not the DPoP proof's key (invalid_dpop_proof)", async () => {
    const pkce = await pkcePair();
    const other = await walletKey();
    const form = parForm(pkce.challenge, { dpop_jkt: await calculateJwkThumbprint(other.publicJwk) });
    const response = await pushRequest(form, await walletKey());
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("invalid_dpop_proof");
  });

  it("a GET (405)", async () => {
    expect((await call("/oauth/par")).status).toBe(405);
  });
});

describe("the consent screen", () => {
  it("speaks the person's own language, as every citizen screen does (Urdu, right to left)", async () => {
    const { cookie, user } = await citizenWithRecords();
    await db().update(users).set({ language: "ur" }).where(eq(users.id, user.id));
    const { requestUri } = await pushed(await walletKey());
    const html = await textOf(await call(authorizePath(requestUri), { cookie }));
    expect(html).toContain('<html lang="ur" dir="rtl"');
    expect(html).toContain("والٹ ایپ میں سند شامل کریں");
  });

  it("is an error page, not a redirect, for a request_uri it does not know", async () => {
    const { cookie } = await citizenWithRecords();
    const response = await call(authorizePath("urn:ietf:params:oauth:request_uri:unknown"), { cookie });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(await textOf(response)).toContain("This request cannot be used");
  });

  it("is an error page for another client's request", async () => {
    const { cookie } = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey());
    const response = await call(authorizePath(requestUri, "another-wallet"), { cookie });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
  });

  it("is an error page for a request not opened within its 60 seconds", async () => {
    const { cookie } = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey());
    await db()
      .update(oauthAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAuthorizations.requestUriHash, await sha256Base64url(webCrypto(), requestUri)));
    expect((await call(authorizePath(requestUri), { cookie })).status).toBe(400);
  });

  it("is an error page for a request already approved, and approving it again gives no second code", async () => {
    const { cookie } = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey());
    expect(responseAt(await decide(cookie, requestUri, "approve")).get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call(authorizePath(requestUri), { cookie })).status).toBe(400);
    const again = await decide(cookie, requestUri, "approve");
    expect(again.status).toBe(400);
    expect(again.headers.get("Location")).toBeNull();
  });

  it("sends the app access_denied with its state and the issuer when the person declines, and the request is closed", async () => {
    const { cookie, user } = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey());
    const answer = responseAt(await decide(cookie, requestUri, "decline"));
    expect(Object.fromEntries(answer)).toEqual({ error: "access_denied", state: "wallet-state-1", iss: ORIGIN });
    expect((await call(authorizePath(requestUri), { cookie })).status).toBe(400);
    // The refusal is in the security audit trail, as an approval is.
    expect(await auditedApproval(user.id, "wallet app refused")).toBe(true);
  });

  it("sends access_denied when the person who signs in holds no record of the type (not the subject)", async () => {
    const stranger = await registerUser();
    const { requestUri } = await pushed(await walletKey());
    expect((await call(authorizePath(requestUri), { cookie: stranger.cookie })).status).toBe(200);
    const answer = responseAt(await decide(stranger.cookie, requestUri, "approve"));
    expect(answer.get("error")).toBe("access_denied");
    expect(answer.get("code")).toBeNull();
  });

  it("sends access_denied when issuer_state names another person's offer", async () => {
    const owner = await citizenWithRecords();
    const offer = await offerFor(owner.cookie, "rtw");
    const someoneElse = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey(), { issuer_state: offer.offerUri.split("/").pop()! });
    const answer = responseAt(await decide(someoneElse.cookie, requestUri, "approve"));
    expect(answer.get("error")).toBe("access_denied");
  });

  it("sends access_denied when issuer_state names no offer at all", async () => {
    const { cookie } = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey(), { issuer_state: "made-up" });
    expect(responseAt(await decide(cookie, requestUri, "approve")).get("error")).toBe("access_denied");
  });

  it("refuses a decision posted from another site (403)", async () => {
    const { cookie } = await citizenWithRecords();
    const { requestUri } = await pushed(await walletKey());
    const response = await call(authorizePath(requestUri), {
      rawBody: new URLSearchParams({ client_id: CLIENT_ID, request_uri: requestUri, decision: "approve" }).toString(),
      cookie,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://wallet.test",
        "Sec-Fetch-Site": "cross-site",
      },
    });
    expect(response.status).toBe(403);
  });
});

describe("the token endpoint's authorization code grant", () => {
  it("refuses a wrong PKCE verifier (invalid_grant)", async () => {
    const { key, form } = await approvedCode();
    const wrong = (await pkcePair()).verifier;
    expect(await errorOf(await redeemCode({ ...form, code_verifier: wrong }, key))).toBe("invalid_grant");
  });

  it("refuses a code_verifier that is not 43 to 128 unreserved characters (invalid_request)", async () => {
    const { key, form } = await approvedCode();
    expect(await errorOf(await redeemCode({ ...form, code_verifier: "short" }, key))).toBe("invalid_request");
  });

  it("refuses another redirect_uri (invalid_grant)", async () => {
    const { key, form } = await approvedCode();
    const response = await redeemCode({ ...form, redirect_uri: "https://wallet.test/other" }, key);
    expect(await errorOf(response)).toBe("invalid_grant");
  });

  it("refuses another client_id (invalid_grant)", async () => {
    const { key, form } = await approvedCode();
    expect(await errorOf(await redeemCode({ ...form, client_id: "another-wallet" }, key))).toBe("invalid_grant");
  });

  it("refuses a DPoP key other than the one the request was pushed with (invalid_grant)", async () => {
    const { form } = await approvedCode();
    expect(await errorOf(await redeemCode(form, await walletKey()))).toBe("invalid_grant");
  });

  it("refuses an expired code (invalid_grant)", async () => {
    const { key, form, user } = await approvedCode();
    await db()
      .update(oauthAuthorizations)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAuthorizations.userId, user.id));
    expect(await errorOf(await redeemCode(form, key))).toBe("invalid_grant");
  });

  it("refuses a request without client_id, which a public client must send (invalid_client)", async () => {
    const { key, form } = await approvedCode();
    const withoutClient = Object.fromEntries(Object.entries(form).filter(([name]) => name !== "client_id"));
    expect(await errorOf(await redeemCode(withoutClient, key))).toBe("invalid_client");
  });

  it("refuses a code it does not know (invalid_grant)", async () => {
    const { key, form } = await approvedCode();
    expect(await errorOf(await redeemCode({ ...form, code: "not-a-code" }, key))).toBe("invalid_grant");
  });

  it("refuses a resource that is not the code's issuer (invalid_target)", async () => {
    const { key, form } = await approvedCode();
    const response = await redeemCode({ ...form, resource: endpointsOf("dbs").issuer }, key);
    expect(await errorOf(response)).toBe("invalid_target");
  });

  it("takes a code once: a second use is invalid_grant and revokes the token the first gave", async () => {
    const { key, form } = await approvedCode();
    const first = await redeemCode(form, key);
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    const second = await redeemCode(form, key);
    expect(second.status).toBe(400);
    expect(await errorOf(second)).toBe("invalid_grant");
    const proof = await jwtProof(await walletKey(), { aud: HOME_OFFICE.issuer, nonce: await cNonceFor() });
    const refused = await resourceRequest(HOME_OFFICE.credential, access_token, key, {
      credential_configuration_id: "rtw",
      proofs: { jwt: [proof] },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
  });
});
