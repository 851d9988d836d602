import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { presentCredential } from "#core/credentials/index.ts";
import { hashPassword } from "#core/accounts/password.ts";
import { createDb } from "#db/client.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords, sessions, users, verifierOrganisations } from "#db/schema/index.ts";
import { sessionIdFor } from "#server/accounts/session.ts";
import { createIssuanceNonce, issueToHolder } from "#server/credentials/issuance.ts";
import { loadIssuerKeys } from "#server/credentials/issuer-keys.ts";
import { revokeCredential } from "#server/credentials/revocation.ts";
import { issuerUrl, CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { makeHolder, signProof, type Holder } from "#tests/support/holder.ts";
import type { VerifierEnv } from "./env.ts";
import app from "./index.ts";

/**
 * The verifier worker's tests drive its Hono app (`app.request`) with the bindings the vitest
 * config gives it: a real local libSQL server, the status worker and the Durable Object worker as
 * auxiliaries, fresh issuer and verifier keys. People, organisations and credentials are made
 * directly in the database with the server layer, each test its own.
 */
export const bindings = env as unknown as VerifierEnv;
export const ORIGIN = "https://identity.example";
export const BASE = ORIGIN;
export const db = () => createDb(bindings);

/** A request to the worker; work after the answer (records) is awaited before returning. */
export async function request(path: string, init: RequestInit & { cookie?: string; apiKey?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", `__Host-identity_session=${init.cookie}`);
  if (init.apiKey) headers.set("Authorization", `Bearer ${init.apiKey}`);
  if (init.body && typeof init.body === "string" && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const pending: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  const response = await app.request(`${ORIGIN}${path}`, { ...init, headers }, bindings, ctx);
  await Promise.allSettled(pending);
  return response;
}

export const json = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

const unique = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

/** A signed-in person of `role` (optionally in an organisation); the session token as the cookie would carry it. */
export async function person(role: "verifier" | "admin" | "citizen" | "operator", organisationId: string | null = null) {
  const [user] = await db()
    .insert(users)
    .values({ username: unique(role), passwordHash: await hashPassword(crypto.randomUUID()), role, firstName: "Test", lastName: role, organisationId })
    .returning();
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = Date.now();
  await db().insert(sessions).values({ sid: await sessionIdFor(token), sess: { userId: user!.id, createdAt: now, lastSeenAt: now }, expire: new Date(now + 3_600_000) });
  return { user: user!, cookie: token };
}

/** A registered organisation with one verifier signed in. */
export async function organisationWithVerifier(allowedChecks: CheckType[] = ["rtw", "rtr", "dbs", "age"]) {
  const [organisation] = await db().insert(verifierOrganisations).values({ name: unique("Org "), allowedChecks }).returning();
  const verifier = await person("verifier", organisation!.id);
  return { organisation: organisation!, ...verifier };
}

export interface HeldCredential {
  credentialId: string;
  sdJwt: string;
  holder: Holder;
  userId: string;
}

/** A citizen holding a credential of `type`, issued to a device key as the wallet does it. */
export async function citizenWithCredential(type: CredentialTypeCode = "rtw"): Promise<HeldCredential> {
  const { user } = await person("citizen");
  await db().insert(authorityRecords).values(demoAuthorityRecords(user.id, new Date()));
  const holder = await makeHolder();
  const keys = await loadIssuerKeys(bindings.ISSUER_SIGNING_KEYS);
  const { nonce } = await createIssuanceNonce(db(), user.id);
  const proof = await signProof(holder, nonce, { aud: issuerUrl(BASE, CREDENTIAL_TYPES[type].issuerId) });
  const credential = await issueToHolder({ db: db(), keys, base: BASE, userId: user.id, type, proof });
  return { credentialId: credential.id, sdJwt: credential.vcJwt, holder, userId: user.id };
}

export async function revoke(credentialId: string): Promise<void> {
  const [admin] = await db().select().from(users).where(eq(users.username, "admin"));
  await revokeCredential({ db: db(), credentialId, actorId: admin!.id, reason: "Revoked by the authority" });
}

/** The holder's presentation of `disclose` for `aud` and `nonce`, with a KB-JWT made now (or at `iat`). */
export function present(held: HeldCredential, disclose: string[], aud: string, nonce: string, iat = Math.floor(Date.now() / 1000)): Promise<string> {
  return presentCredential({ sdJwt: held.sdJwt, disclose, holderPrivateKey: held.holder.privateKey, nonce, aud, iat });
}

/** The form body a wallet posts to response_uri. */
export function directPost(fields: Record<string, string>): RequestInit {
  return { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}
