import { expect } from "vitest";
import { CREDENTIAL_TYPES, type CredentialTypeCode, issuerUrl } from "#core/issuers/registry.ts";
import { DEMO_PASSWORD } from "#db/demo-accounts.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords } from "#db/schema/index.ts";
import type { WalletCredential } from "#server/credentials/credentials.ts";
import type { ShareRecord } from "#server/shares/shares.ts";
import { type Holder, makeHolder, type ProofOptions, signProof } from "./holder.ts";
import { call, login, ORIGIN, registerUser } from "./web-client.ts";
import { db } from "./workerd-database.ts";

/**
 * Helpers for the `web` workerd tests of the wallet (issue 4): citizens with records at every
 * authority, device keys, and issuance through the API as the wallet does it in the browser
 * (nonce, openid4vci-proof+jwt over it, POST /api/vc/{type}/issue); shares; the administrator.
 */

export { type Holder, makeHolder };

/** The issuer URL a credential of `type` carries as iss, and its proof names as aud (from the registry). */
const issuerOf = (type: CredentialTypeCode): string => issuerUrl(ORIGIN, CREDENTIAL_TYPES[type].issuerId);

/** A fresh issuance nonce of the signed-in user's. */
export async function nonceFor(cookie: string): Promise<string> {
  const response = await call("/api/vc/nonce", { method: "POST", cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { c_nonce: string }).c_nonce;
}

/** A proof of possession for the right-to-work issuer (the Home Office) unless `aud` says otherwise. */
export const proofFor = (holder: Holder, nonce: string, options: Partial<ProofOptions> = {}): Promise<string> =>
  signProof(holder, nonce, { ...options, aud: options.aud ?? issuerOf("rtw") });

/** A new citizen whose authorities hold the demo records (Sarah Thompson) for every type. */
export async function citizenWithRecords() {
  const account = await registerUser();
  await db().insert(authorityRecords).values(demoAuthorityRecords(account.user.id, new Date()));
  return account;
}

/** The issuance request, as the wallet sends it, with its response as it comes (201, 404, …). */
export async function requestIssue(
  cookie: string,
  holder: Holder,
  type: CredentialTypeCode = "rtw",
): Promise<Response> {
  const proof = await proofFor(holder, await nonceFor(cookie), { aud: issuerOf(type) });
  return call(`/api/vc/${type}/issue`, { body: { proof }, cookie });
}

/** A credential as issuance answers it (every type the authorities issue has an expiry). */
export type IssuedCredential = Omit<WalletCredential, "expiresAt"> & { expiresAt: string };

/** Issues a credential of `type` bound to `holder` (a fresh device key unless given): 201 and the credential. */
export async function issueCredential(
  cookie: string,
  type: CredentialTypeCode = "rtw",
  holder?: Holder,
): Promise<IssuedCredential> {
  const response = await requestIssue(cookie, holder ?? (await makeHolder()), type);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as IssuedCredential;
}

/** A citizen with records and one credential of `type` already issued. */
export async function citizenWithCredential(type: CredentialTypeCode = "rtw") {
  const account = await citizenWithRecords();
  return { ...account, credential: await issueCredential(account.cookie, type) };
}

/** Signs the demo administrator (the role that may revoke) in; their session cookie. */
export async function signInAdmin(): Promise<string> {
  const admin = await login("admin", DEMO_PASSWORD);
  expect(admin.response.status).toBe(200);
  return admin.cookie!;
}

/** Revokes the credential as the administrator (POST /api/credentials/{id}/revoke, with a reason when given): 200. */
export async function revokeAsAdmin(credentialId: string, reason?: string): Promise<void> {
  const cookie = await signInAdmin();
  const path = `/api/credentials/${credentialId}/revoke`;
  const response = await (reason === undefined
    ? call(path, { method: "POST", cookie })
    : call(path, { body: { reason }, cookie }));
  expect(response.status).toBe(200);
}

/** Shares the credential (POST /api/credentials/{id}/shares): 201 and the share. */
export async function shareOf(
  cookie: string,
  credentialId: string,
  body: { purpose?: string; sharedWith?: string } = {},
): Promise<ShareRecord> {
  const response = await call(`/api/credentials/${credentialId}/shares`, { body, cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as ShareRecord;
}

/** A page's text without React's text-joining comments. */
export const textOf = async (response: Response): Promise<string> => (await response.text()).replace(/<!-- -->/g, "");
