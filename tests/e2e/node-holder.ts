import { expect } from "vitest";
import { presentCredential } from "#core/credentials/index.ts";
import { type Holder, makeHolder, signProof } from "#tests/support/holder.ts";
import { stackUnderTest } from "./lane.ts";
import { sessionCookies, type TestUser } from "./wallet-helpers.ts";

/**
 * A citizen's wallet played from Node, for browser tests whose subject is the verifier's side: a
 * credential issued through the product's own API to a device key the test holds, and the offline
 * presentations the wallet would show for it.
 */

export interface NodeHeldCredential {
  sdJwt: string;
  holder: Holder;
}

const baseUrl = () => stackUnderTest().baseUrl;
/** The https base the product's identifiers hang from (no PUBLIC_BASE_URL on the test stack). */
export const identifierBase = () => `https://${new URL(baseUrl()).host}`;

/**
 * A session of `user` for calls from Node: the session cookie's value, made as a sign-in makes it
 * (sessionCookies), since signing in is not what these tests are about.
 */
export async function apiSession(user: Pick<TestUser, "id" | "username">): Promise<string> {
  const cookies = await sessionCookies(user, "node");
  return cookies.find(({ name }) => name === "__Host-identity_session")!.value;
}

/**
 * A Right to Work credential issued to a device key this test holds (the wallet's protocol from
 * Node: the server's nonce, a proof of possession, POST /api/vc/rtw/issue), so it can present it.
 * What it says is what the Home Office's record of `user` says when it is issued.
 */
export async function issueToNodeHolder(user: Pick<TestUser, "id" | "username">): Promise<NodeHeldCredential> {
  const cookie = `__Host-identity_session=${await apiSession(user)}`;
  const nonce = await fetch(`${baseUrl()}/api/vc/nonce`, { method: "POST", headers: { Cookie: cookie } });
  const { c_nonce } = (await nonce.json()) as { c_nonce: string };
  const holder = await makeHolder();
  const proof = await signProof(holder, c_nonce, { aud: `${identifierBase()}/issuers/home-office` });
  const issued = await fetch(`${baseUrl()}/api/vc/rtw/issue`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ proof }),
  });
  expect(issued.status, await issued.clone().text()).toBe(201);
  return { sdJwt: ((await issued.json()) as { vcJwt: string }).vcJwt, holder };
}

/** What the citizen's wallet shows for an in-person check: a fresh offline presentation (each is accepted once). */
export function offlinePresentation(credential: NodeHeldCredential, disclose: readonly string[]): Promise<string> {
  return presentCredential({
    sdJwt: credential.sdJwt,
    disclose: [...disclose],
    holderPrivateKey: credential.holder.privateKey,
    nonce: crypto.randomUUID().replace(/-/g, ""),
    aud: `${identifierBase()}/verifiers/offline`,
    iat: Math.floor(Date.now() / 1000),
  });
}
