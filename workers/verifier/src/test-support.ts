import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { compactVerify, decodeJwt, decodeProtectedHeader, importJWK, type JWK } from "jose";
import { inject } from "vitest";
import type * as z from "zod";
import { presentCredential } from "#core/credentials/index.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { CredentialTypeCode } from "#core/issuers/registry.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { presentations, sessions } from "#db/schema/index.ts";
import { SESSION_COOKIE, sessionIdFor } from "#server/accounts/session.ts";
import { type IssuerKeys, loadIssuerKeys } from "#server/credentials/issuer-keys.ts";
import { revokeCredential } from "#server/credentials/revocation.ts";
import type { CreatedApiKey, CreatedRequest } from "#server/verification/api-schemas.ts";
import { type TrustAnchor, trustAnchorOf } from "#server/verification/attestation.ts";
import { resolveWalletRequest } from "#server/verification/wallet-request.ts";
import { pdfText } from "#tests/support/pdf-text.ts";
import type { HeldCredential, PersonRole } from "#tests/support/verification-fixtures.ts";
import * as fixtures from "#tests/support/verification-fixtures.ts";
import { db } from "#tests/support/workerd-database.ts";
import type { VerifierEnv } from "./env.ts";
import app from "./index.ts";

/**
 * The verifier worker's tests drive its Hono app (`app.request`) with the bindings the vitest
 * config gives it: a real local libSQL server, the status worker and the Durable Object worker as
 * auxiliaries, fresh issuer and verifier keys. People, organisations and credentials are made
 * directly in the database with the server layer, each test its own.
 */
const bindings = env as unknown as VerifierEnv;
export const ORIGIN = "https://identity.example";

/** The fixtures' store: this worker's database, and the session key it reads cookies with. */
const store = () => ({ db: db(), sessionSecret: bindings.SESSION_SECRET });

/**
 * A request to the worker; work after the answer (records) is awaited before returning. `bindings`
 * replace the worker's own for this request (a database that never answers, a status worker that is down).
 */
export async function request(
  path: string,
  {
    bindings: own,
    ...init
  }: RequestInit & { cookie?: string; apiKey?: string; bindings?: Record<string, unknown> } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", `${SESSION_COOKIE}=${init.cookie}`);
  if (init.apiKey) headers.set("Authorization", `Bearer ${init.apiKey}`);
  if (init.body && typeof init.body === "string" && !headers.has("Content-Type"))
    headers.set("Content-Type", "application/json");
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => void pending.push(p),
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
  const response = await app.request(`${ORIGIN}${path}`, { ...init, headers }, { ...bindings, ...own }, ctx);
  await Promise.allSettled(pending);
  return response;
}

export const json = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

/*
 * People, organisations and credentials as tests/support/verification-fixtures.ts makes them,
 * in this worker's database, with its issuer keys and base.
 */

/** A signed-in person of `role` (optionally in an organisation); the session token as the cookie would carry it. */
export const person = (role: PersonRole, organisationId: string | null = null) =>
  fixtures.person(store(), role, organisationId);

/** A new login session of an existing person (a citizen holding a credential, signing in to their wallet): the cookie's token. */
export async function sessionOf(userId: string): Promise<string> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = Date.now();
  await db()
    .insert(sessions)
    .values({
      sid: await sessionIdFor(bindings.SESSION_SECRET, token),
      sess: { userId, createdAt: now, lastSeenAt: now },
      expire: new Date(now + 3_600_000),
    });
  return token;
}

/**
 * The trust anchor's key, which the verifier never holds (ADR 034): the tests register
 * organisations as the web worker does, their attestation signed with it and stored.
 */
let anchor: Promise<TrustAnchor> | undefined;
export const trustAnchor = () =>
  (anchor ??= trustAnchorOf({
    TRUST_ANCHOR_SIGNING_KEY: inject("trustAnchorSigningKey" as never) as string,
    VERIFIER_PUBLIC_KEYS: bindings.VERIFIER_PUBLIC_KEYS,
  }));

/** A registered organisation (attested under ORIGIN, as the web worker registers one) with one verifier signed in. */
export const organisationWithVerifier = async (allowedChecks?: CheckType[]) =>
  fixtures.organisationWithVerifier(
    { ...store(), registrar: { anchor: await trustAnchor(), identifierBase: ORIGIN } },
    allowedChecks,
  );

/** The authorities' credential keys, which the verifier never holds (ADR 028): the tests issue as the web worker does. */
let issuerKeys: Promise<IssuerKeys> | undefined;
const loadedIssuerKeys = () => (issuerKeys ??= loadIssuerKeys(inject("issuerSigningKeys" as never) as string));

/**
 * A citizen holding a credential of `type`, issued to a device key as the wallet does it; with
 * `attributes`, what the authority's record (and so the credential) says instead of the demo record.
 */
export async function citizenWithCredential(
  type: CredentialTypeCode = "rtw",
  attributes?: Record<string, unknown>,
): Promise<HeldCredential> {
  return fixtures.citizenWithCredential(
    store(),
    { keys: await loadedIssuerKeys(), base: ORIGIN },
    type,
    attributes ? { attributes } : {},
  );
}

/** A citizen with a paper credential of `type` printed for them at `now` (server/credentials/paper.ts): its QR text. */
export async function citizenWithPaperCredential(type: CredentialTypeCode = "rtw", now?: Date) {
  return fixtures.citizenWithPaperCredential(store(), { keys: await loadedIssuerKeys(), base: ORIGIN }, type, now);
}

/** The authority revokes the credential: an administrator of the test's own, through the server layer. */
export async function revoke(credentialId: string): Promise<void> {
  const { user: admin } = await person("admin");
  await revokeCredential({ db: db(), credentialId, actorId: admin.id, reason: "Revoked by the authority" });
}

/** The holder's presentation of `disclose` for `aud` and `nonce`, with a KB-JWT made now (or at `iat`). */
export function present(
  held: HeldCredential,
  disclose: string[],
  aud: string,
  nonce: string,
  iat = Math.floor(Date.now() / 1000),
): Promise<string> {
  return presentCredential({ sdJwt: held.sdJwt, disclose, holderPrivateKey: held.holder.privateKey, nonce, aud, iat });
}

/** The form body a wallet posts to response_uri. */
export function directPost(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

export type { CreatedRequest };

/** A verifier (session cookie) or an organisation's API key. */
export type Caller = { cookie: string } | { apiKey: string };

/** Opens an OpenID4VP request as `caller` (expects 201). */
export async function openRequest(
  caller: Caller,
  body: Record<string, unknown> = { credentialType: "rtw", purpose: "Pre-employment check" },
): Promise<CreatedRequest> {
  const response = await request("/api/presentations/requests", { ...json(body), ...caller });
  if (response.status !== 201)
    throw new Error(`creating a request answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreatedRequest;
}

/** A request as its verifier reads it (GET /api/presentations/requests/{id}). */
export const requestView = async (cookie: string, id: string) =>
  (await (await request(`/api/presentations/requests/${id}`, { cookie })).json()) as Record<string, any>;

/**
 * What the platform's web wallet reads from a request's link (the consent page's loader) in
 * `locale`. The web worker reaches this worker over a service binding: here, the same app.
 */
export function readAsWallet(created: CreatedRequest, locale?: Locale) {
  const binding = { fetch: (url: string, init?: RequestInit) => request(new URL(url).pathname, init) };
  return resolveWalletRequest({
    verifier: binding as unknown as Fetcher,
    origin: ORIGIN,
    base: ORIGIN,
    clientId: created.clientId,
    requestUri: created.requestUri,
    ...(locale ? { locale } : {}),
  });
}

/** What a wallet does with request_uri: fetch the signed request object and decode it (its header carries the attestation). */
export async function fetchRequestObject(requestUri: string) {
  const response = await request(new URL(requestUri).pathname);
  if (response.status !== 200) throw new Error(`request_uri answered ${response.status}`);
  // Read as bytes: workerd warns on text() of a body typed application/oauth-authz-req+jwt.
  const jwt = new TextDecoder().decode(await response.arrayBuffer());
  const header = decodeProtectedHeader(jwt) as Record<string, unknown>;
  return {
    jwt,
    header,
    claims: decodeJwt(jwt) as Record<string, any>,
    // An x509_hash request carries x5c instead of an attestation (ADR 051).
    attestation: (typeof header.jwt === "string" ? decodeJwt(header.jwt) : {}) as Record<string, any>,
  };
}

/** A check in the organisation's record, written as the verifier worker writes one (fields override a valid offline Right to Work check). */
export async function recordCheck(
  organisationId: string | null,
  fields: Partial<typeof presentations.$inferInsert> = {},
) {
  const [row] = await db()
    .insert(presentations)
    .values({
      organisationId,
      checkType: "rtw",
      purpose: "In-person check",
      mode: "offline",
      verificationResult: "valid",
      presentedAttributes: { hasRightToWork: true },
      presentationHash: "q8NQhM2Sr0m3tXhH8oQkqjC1vYy0u6m2J9b7cF4kX1E",
      verifiedAt: new Date(),
      ...fields,
    })
    .returning();
  return row!;
}

/** An API key of the signed-in verifier's organisation (POST /api/verifications/api-keys; expects 201). */
export async function apiKeyFor(
  cookie: string,
  name = "Integration",
): Promise<{ key: string; id: string; prefix: string }> {
  const response = await request("/api/verifications/api-keys", { ...json({ name }), cookie });
  if (response.status !== 201)
    throw new Error(`creating an API key answered ${response.status}: ${await response.text()}`);
  const { key, apiKey } = (await response.json()) as z.infer<typeof CreatedApiKey>;
  return { key, id: apiKey.id, prefix: apiKey.prefix };
}

/**
 * A receipt PDF as its reader sees it: the drawn text, and the compact JWS it prints (over the
 * facts, wrapped across lines), verified with the platform's published verifier keys.
 */
export async function readReceipt(response: Response): Promise<{ text: string; facts: Record<string, any> }> {
  const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
  // The statement before the JWS and the footer after it, in English or Welsh (a verifier's two languages).
  const printed = /(?:breaks the signature|yn torri'r llofnod)\. (eyJ[A-Za-z0-9_\-. ]+?) (?:Receipt|Derbynneb) /.exec(
    text,
  )?.[1];
  if (!printed) throw new Error("the receipt prints no JWS");
  const jws = printed.replace(/ /g, "");
  const { keys } = (await (await request("/api/verifications/keys")).json()) as { keys: (JWK & { kid: string })[] };
  const key = keys.find((k) => k.kid === decodeProtectedHeader(jws).kid);
  if (!key) throw new Error("the receipt is signed by a key the platform does not publish");
  const { payload } = await compactVerify(jws, await importJWK(key, "ES256"));
  return { text, facts: JSON.parse(new TextDecoder().decode(payload)) as Record<string, any> };
}

/** The organisation's record of a check (its presentations row), or undefined. */
export const recordOf = async (id: string) =>
  (await db().select().from(presentations).where(eq(presentations.id, id)))[0];

/** A holder's nonce for an offline presentation: 16 random bytes, base64url. */
export const holderNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
