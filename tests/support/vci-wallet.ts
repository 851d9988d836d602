import { env, SELF } from "cloudflare:test";
import {
  type CallbackContext,
  clientAuthenticationAnonymous,
  clientAuthenticationNone,
  type JwtSigner,
  type JwtSignerJwk,
} from "@openid4vc/oauth2";
import { Openid4vciClient } from "@openid4vc/openid4vci";
import * as jose from "jose";
import { expect } from "vitest";
import { presentCredential } from "#core/credentials/index.ts";
import { authorizationServerEndpoints, issuerEndpoints } from "#core/issuance/endpoints.ts";
import { CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";
import type { CreatedRequest } from "#server/verification/api-schemas.ts";
import { trustAnchorOf } from "#server/verification/attestation.ts";
import { organisationWithVerifier } from "./verification-fixtures.ts";
import { call, json, ORIGIN, SESSION_SECRET, uniqueAddress } from "./web-client.ts";
import { db } from "./workerd-database.ts";

/**
 * A wallet app of somebody else's making, for the `web` workerd tests of OpenID4VCI issuance
 * (issue 22): @openid4vc/openid4vci drives our endpoints as any conforming wallet would, its
 * requests going into the real web worker (SELF.fetch). Beside it, raw requests with DPoP and
 * `jwt` proofs made here, to send what a conforming wallet never would.
 */

/** A key of the wallet's: its private half for signing, its public JWK for headers. */
export interface WalletKey {
  alg: "ES256" | "EdDSA";
  privateKey: CryptoKey;
  publicJwk: jose.JWK;
  signer: JwtSignerJwk;
}

const privateKeys = new Map<string, CryptoKey>();

export async function walletKey(alg: "ES256" | "EdDSA" = "ES256"): Promise<WalletKey> {
  const { publicKey, privateKey } = await jose.generateKeyPair(alg, { extractable: true });
  const publicJwk = await jose.exportJWK(publicKey);
  privateKeys.set(await jose.calculateJwkThumbprint(publicJwk), privateKey);
  return {
    alg,
    privateKey,
    publicJwk,
    signer: { method: "jwk", alg, publicJwk: publicJwk as JwtSignerJwk["publicJwk"] },
  };
}

/** The wallet key behind a signer the library was given (to sign raw requests with the same key). */
export async function walletKeyOf(signer: JwtSigner): Promise<WalletKey> {
  if (signer.method !== "jwk") throw new Error("jwk signers only");
  const publicJwk = signer.publicJwk as jose.JWK;
  const privateKey = privateKeys.get(await jose.calculateJwkThumbprint(publicJwk));
  if (!privateKey) throw new Error("not one of this wallet's keys");
  return { alg: signer.alg as WalletKey["alg"], privateKey, publicJwk, signer: signer as JwtSignerJwk };
}

/**
 * A wallet's request into the web worker, from an address of its own: the issuance endpoints limit
 * each client (server/issuance/rate-limit.ts), and tests must not spend each other's allowance.
 */
export function walletFetch(input: Request | string, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (!request.headers.has("CF-Connecting-IP")) request.headers.set("CF-Connecting-IP", uniqueAddress());
  return SELF.fetch(request);
}

const SHA = { "sha-256": "SHA-256", "sha-384": "SHA-384", "sha-512": "SHA-512" } as const;

/** The library's callbacks: its fetch goes into the web worker. */
const callbacks = {
  fetch: ((input: RequestInfo | URL, init?: RequestInit) => walletFetch(new Request(input, init))) as typeof fetch,
  hash: async (data: Uint8Array, alg: keyof typeof SHA) =>
    new Uint8Array(await crypto.subtle.digest(SHA[alg], data as Uint8Array<ArrayBuffer>)),
  generateRandom: (bytes: number) => crypto.getRandomValues(new Uint8Array(bytes)),
  signJwt: async (signer, { header, payload }) => {
    if (signer.method !== "jwk") throw new Error("this wallet signs with jwk keys only");
    const key = privateKeys.get(await jose.calculateJwkThumbprint(signer.publicJwk as jose.JWK));
    if (!key) throw new Error("no private key for this signer");
    const jwt = await new jose.SignJWT(payload as jose.JWTPayload)
      .setProtectedHeader(header as jose.JWTHeaderParameters)
      .sign(key);
    return { jwt, signerJwk: signer.publicJwk };
  },
} satisfies Partial<CallbackContext>;

/** The independent wallet: anonymous to the token endpoint, as a public app with a pre-authorized code is. */
export const independentWallet = () =>
  new Openid4vciClient({ callbacks: { ...callbacks, clientAuthentication: clientAuthenticationAnonymous() } });

type ResolvedOffer = Awaited<ReturnType<Openid4vciClient["resolveCredentialOffer"]>>;
type ResolvedMetadata = Awaited<ReturnType<Openid4vciClient["resolveIssuerMetadata"]>>;

/**
 * What the library does with an offer it resolved, as a wallet app: a DPoP-bound token for the
 * transaction code, a c_nonce, one `jwt` proof per holder key, and the copies of `configurationId`.
 */
export async function receiveFromOffer(
  wallet: Openid4vciClient,
  input: {
    credentialOffer: ResolvedOffer;
    metadata: ResolvedMetadata;
    txCode: string;
    configurationId: string;
    holders: readonly WalletKey[];
  },
) {
  const { credentialOffer, metadata, txCode, configurationId, holders } = input;
  const { accessTokenResponse, dpop } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer,
    issuerMetadata: metadata,
    txCode,
    dpop: { signer: (await walletKey()).signer },
  });
  const { c_nonce } = await wallet.requestNonce({ issuerMetadata: metadata });
  const proofs = await Promise.all(
    holders.map(
      async (holder) =>
        (
          await wallet.createCredentialRequestJwtProof({
            issuerMetadata: metadata,
            credentialConfigurationId: configurationId,
            signer: holder.signer,
            nonce: c_nonce,
          })
        ).jwt,
    ),
  );
  const received = await wallet.retrieveCredentials({
    issuerMetadata: metadata,
    credentialConfigurationId: configurationId,
    accessToken: accessTokenResponse.access_token,
    proofs: { jwt: proofs },
    dpop,
  });
  const copies = received.credentialResponse.credentials!.map((entry) => (entry as { credential: string }).credential);
  return { accessTokenResponse, dpop, received, copies };
}

/** An offer of the signed-in person's credential of `type`, as /wallet asks for it: its link and transaction code. */
export async function offerFor(cookie: string, type: CredentialTypeCode = "rtw") {
  const response = await call("/api/wallet/offers", { body: { type }, cookie });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { link: string; offerUri: string; txCode: string; expiresAt: string };
}

/** The pre-authorized code inside an offer (GET credential_offer_uri). */
export async function preAuthorizedCodeOf(offerUri: string): Promise<string> {
  const response = await SELF.fetch(offerUri);
  expect(response.status).toBe(200);
  const offer = (await response.json()) as { grants: Record<string, { "pre-authorized_code": string }> };
  return Object.values(offer.grants)[0]!["pre-authorized_code"];
}

/** A DPoP proof (RFC 9449 4.2) by `key`, for `htm` `htu`; each claim may be overridden to make a bad one. */
export async function dpopProof(
  key: WalletKey,
  claims: { htm?: string; htu: string; nonce?: string; ath?: string; jti?: string; iat?: number },
  header: Record<string, unknown> = {},
): Promise<string> {
  return new jose.SignJWT({
    htm: claims.htm ?? "POST",
    htu: claims.htu,
    jti: claims.jti ?? crypto.randomUUID(),
    iat: claims.iat ?? Math.floor(Date.now() / 1000),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    ...(claims.ath ? { ath: claims.ath } : {}),
  })
    .setProtectedHeader({ typ: "dpop+jwt", alg: key.alg, jwk: key.publicJwk, ...header })
    .sign(key.privateKey);
}

/** The ath claim of a proof that accompanies `accessToken`. */
export const athOf = async (accessToken: string) =>
  jose.base64url.encode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken))));

/** A `jwt` proof of possession (OpenID4VCI 1.0 appendix F.1) by `key`; each part may be overridden to make a bad one. */
export async function jwtProof(
  key: WalletKey,
  claims: { aud: string; nonce?: string; iat?: number; iss?: string },
  header: Record<string, unknown> = {},
): Promise<string> {
  return new jose.SignJWT({
    aud: claims.aud,
    iat: claims.iat ?? Math.floor(Date.now() / 1000),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    ...(claims.iss ? { iss: claims.iss } : {}),
  })
    .setProtectedHeader({ typ: "openid4vci-proof+jwt", alg: key.alg, jwk: key.publicJwk, ...header })
    .sign(key.privateKey);
}

const TOKEN_URL = authorizationServerEndpoints(ORIGIN).token;

/** POST /oauth/token with `form` and the DPoP proof `dpop` (none when null), as a native app sends it. */
export function tokenRequest(form: Record<string, string>, dpop: string | null): Promise<Response> {
  return walletFetch(TOKEN_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(dpop ? { DPoP: dpop } : {}) },
    body: new URLSearchParams(form).toString(),
  });
}

/** The authorization server's DPoP nonce, learnt as a wallet learns it: from a first request it refuses. */
export async function asDpopNonce(key: WalletKey): Promise<string> {
  const refused = await tokenRequest(
    { grant_type: "urn:ietf:params:oauth:grant-type:pre-authorized_code", "pre-authorized_code": "x" },
    await dpopProof(key, { htu: TOKEN_URL }),
  );
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: string }).error).toBe("use_dpop_nonce");
  return refused.headers.get("DPoP-Nonce")!;
}

/** Redeems the offer's pre-authorized code with `txCode` under `key`: the token response as it comes. */
export async function redeem(offer: { offerUri: string }, txCode: string | null, key: WalletKey) {
  const form: Record<string, string> = {
    grant_type: "urn:ietf:params:oauth:grant-type:pre-authorized_code",
    "pre-authorized_code": await preAuthorizedCodeOf(offer.offerUri),
    ...(txCode === null ? {} : { tx_code: txCode }),
  };
  return tokenRequest(form, await dpopProof(key, { htu: TOKEN_URL, nonce: await asDpopNonce(key) }));
}

/** An access token for the offer, redeemed with its right transaction code under `key`. */
export async function accessTokenFor(offer: { offerUri: string; txCode: string }, key: WalletKey): Promise<string> {
  const response = await redeem(offer, offer.txCode, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The issuer endpoints of the authority that issues `type`. */
export const endpointsOf = (type: CredentialTypeCode) => issuerEndpoints(ORIGIN, CREDENTIAL_TYPES[type].issuerId);

/** A fresh c_nonce from the issuer of `type`. */
export async function cNonceFor(type: CredentialTypeCode = "rtw"): Promise<string> {
  const response = await walletFetch(endpointsOf(type).nonce, { method: "POST" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { c_nonce: string }).c_nonce;
}

/**
 * POST to one of the issuer's resources with the access token under `key`'s DPoP, learning the
 * resource's DPoP nonce first as a wallet does (a 401 use_dpop_nonce); the final answer.
 */
export async function resourceRequest(
  url: string,
  accessToken: string,
  key: WalletKey,
  body: unknown,
): Promise<Response> {
  const send = async (nonce?: string) =>
    walletFetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `DPoP ${accessToken}`,
        DPoP: await dpopProof(key, { htu: url, nonce, ath: await athOf(accessToken) }),
      },
      body: JSON.stringify(body),
    });
  const first = await send();
  expect(first.status).toBe(401);
  expect(first.headers.get("WWW-Authenticate")).toContain('error="use_dpop_nonce"');
  return send(first.headers.get("DPoP-Nonce")!);
}

/** The independent wallet as a public client of the authorization code flow: it names itself with `clientId` (RFC 6749 2.1). */
export const independentAppWallet = (clientId: string) =>
  new Openid4vciClient({ callbacks: { ...callbacks, clientAuthentication: clientAuthenticationNone({ clientId }) } });

const PAR_URL = authorizationServerEndpoints(ORIGIN).pushedAuthorizationRequest;

/** POST /oauth/par with `form` and, when given, a DPoP proof by `key` carrying the authorization server's nonce. */
export async function pushRequest(form: Record<string, string>, key: WalletKey | null): Promise<Response> {
  const dpop = key ? await dpopProof(key, { htu: PAR_URL, nonce: await asDpopNonce(key) }) : null;
  return walletFetch(PAR_URL, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(dpop ? { DPoP: dpop } : {}) },
    body: new URLSearchParams(form).toString(),
  });
}

/** A PKCE verifier and its S256 challenge (RFC 7636 4.1, 4.2). */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = jose.base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = jose.base64url.encode(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
  return { verifier, challenge };
}

/** Exchanges an authorization code at the token endpoint under `key`'s DPoP (with the AS nonce): the response as it comes. */
export async function redeemCode(form: Record<string, string>, key: WalletKey): Promise<Response> {
  return tokenRequest(
    { grant_type: "authorization_code", ...form },
    await dpopProof(key, { htu: TOKEN_URL, nonce: await asDpopNonce(key) }),
  );
}

/**
 * A copy the wallet received, presented back to our own verifier over OpenID4VP: a verifier's
 * request for `hasRightToWork`, the wallet's presentation at response_uri (encrypted to the
 * request's key), and the check as the verifier then reads it. The organisation is registered as
 * the web worker registers one: attested by the trust anchor (ADR 034).
 */
export async function presentToOurVerifier(copy: string, holderPrivateKey: CryptoKey) {
  const registrar = {
    anchor: await trustAnchorOf(env as unknown as Parameters<typeof trustAnchorOf>[0]),
    identifierBase: ORIGIN,
  };
  const verifier = await organisationWithVerifier({ db: db(), sessionSecret: SESSION_SECRET, registrar });
  const opened = await call("/api/presentations/requests", {
    body: { credentialType: "rtw", requestedAttributes: ["hasRightToWork"], purpose: "Hiring a driver" },
    cookie: verifier.cookie,
  });
  expect(opened.status, await opened.clone().text()).toBe(201);
  const created = await json<CreatedRequest>(opened);
  const requestObject = new TextDecoder().decode(
    await (await call(new URL(created.requestUri).pathname)).arrayBuffer(),
  );
  const { nonce, state, client_metadata } = jose.decodeJwt(requestObject) as {
    nonce: string;
    state: string;
    client_metadata: { jwks: { keys: jose.JWK[] } };
  };
  const presentation = await presentCredential({
    sdJwt: copy,
    disclose: ["hasRightToWork"],
    holderPrivateKey,
    nonce,
    aud: created.clientId,
    iat: Math.floor(Date.now() / 1000),
  });
  // The request asks for an encrypted answer (direct_post.jwt, the default): ECDH-ES to its own key.
  const [key] = client_metadata.jwks.keys;
  const response = await new jose.CompactEncrypt(
    new TextEncoder().encode(JSON.stringify({ vp_token: { rtw: [presentation] }, state })),
  )
    .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: key!.kid! })
    .encrypt(await jose.importJWK(key!, "ECDH-ES"));
  const answered = await SELF.fetch(`${ORIGIN}/api/presentations/response`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ response }).toString(),
  });
  expect(answered.status, await answered.clone().text()).toBe(200);
  return json<{ status: string; result: Record<string, unknown> }>(
    await call(`/api/presentations/requests/${created.id}`, { cookie: verifier.cookie }),
  );
}
