import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type PublicJwk, verifyStatusListToken } from "#core/credentials/index.ts";
import { credentials } from "#db/schema/index.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import type { WalletAppsPageData } from "#server/issuance/wallet-apps-page.ts";
import {
  asDpopNonce,
  cNonceFor,
  dpopProof,
  endpointsOf,
  jwtProof,
  offerFor,
  preAuthorizedCodeOf,
  resourceRequest,
  tokenRequest,
  walletKey,
} from "#tests/support/vci-wallet.ts";
import { citizenWithRecords, issueCredential, textOf } from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN, postForm, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * /wallet/apps through the real web worker (issue 22, ADR 045 "The history"): where the copies of
 * a person's credentials went. A wallet app receives copies through the OpenID4VCI endpoints, as
 * any wallet would; the page lists them for their holder only, and "Revoke the copies" (the page's
 * own form post, which works without JavaScript) revokes every copy in the published status list.
 */

const HOME_OFFICE = endpointsOf("rtw");

/**
 * A wallet app calling itself `clientId` receives `copies` copies of the person's Right to Work
 * from an offer they asked for: the credential response (its copies and notification id) and what
 * the app needs to report on them.
 */
async function appReceives(cookie: string, clientId: string, copies: number) {
  const offer = await offerFor(cookie, "rtw");
  const key = await walletKey();
  const tokenUrl = `${ORIGIN}/oauth/token`;
  const token = await tokenRequest(
    {
      grant_type: "urn:ietf:params:oauth:grant-type:pre-authorized_code",
      "pre-authorized_code": await preAuthorizedCodeOf(offer.offerUri),
      tx_code: offer.txCode,
      client_id: clientId,
    },
    await dpopProof(key, { htu: tokenUrl, nonce: await asDpopNonce(key) }),
  );
  expect(token.status, await token.clone().text()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };
  const nonce = await cNonceFor("rtw");
  const holders = await Promise.all(Array.from({ length: copies }, () => walletKey()));
  const response = await resourceRequest(HOME_OFFICE.credential, access_token, key, {
    credential_configuration_id: "rtw",
    proofs: { jwt: await Promise.all(holders.map((h) => jwtProof(h, { aud: HOME_OFFICE.issuer, nonce }))) },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { credentials: { credential: string }[]; notification_id: string };
  const report = (event: string) =>
    resourceRequest(HOME_OFFICE.notification, access_token, key, { notification_id: body.notification_id, event });
  return { copies: body.credentials.map((c) => c.credential), report };
}

async function pageData(cookie: string, search = ""): Promise<WalletAppsPageData> {
  const response = await call(`/wallet/apps?${search}${search ? "&" : ""}_data=routes%2Fwallet_.apps`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as WalletAppsPageData;
}

/** The page as shown, without its scripts (which carry its data and messages); with a language, chosen by cookie. */
async function shown(cookie: string, lang?: string, search = "") {
  const headers = lang ? { Cookie: `${SESSION_COOKIE}=${cookie}; lang=${lang}` } : undefined;
  const response = await call(`/wallet/apps${search}`, headers ? { headers } : { cookie });
  expect(response.status).toBe(200);
  return (await textOf(response)).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** The copy's entry in its status list, as any verifier reads it: the signed list, checked with the authority's status-list key. */
async function statusOf(vcJwt: string): Promise<number | undefined> {
  const payload = JSON.parse(atob(vcJwt.split("~")[0]!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
  const { uri, idx } = payload.status.status_list as { uri: string; idx: number };
  const metadata = (await (await call("/.well-known/jwt-vc-issuer/status/issuers/home-office")).json()) as {
    jwks: { keys: PublicJwk[] };
  };
  const list = await call(new URL(uri).pathname);
  expect(list.status).toBe(200);
  const verified = await verifyStatusListToken(new TextDecoder().decode(await list.arrayBuffer()), {
    trustedKeys: metadata.jwks.keys,
    expectedSub: uri,
    now: Math.floor(Date.now() / 1000),
    clockSkewSeconds: 5,
    maxInflatedBytes: 1 << 20,
    idx,
  });
  if (!verified.valid) throw new Error(`status list did not verify: ${verified.code}`);
  return verified.value;
}

const revokeForm = (cookie: string, issuanceId: string) =>
  postForm("/wallet/apps", { intent: "revoke", issuanceId }, { cookie });

describe("/wallet/apps", () => {
  it("sends a signed-out visitor to /login, and revokes nothing for one", async () => {
    const page = await call("/wallet/apps");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/login");
    const post = await postForm("/wallet/apps", { intent: "revoke", issuanceId: crypto.randomUUID() });
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/login");
  });

  it("shows a person with no app copies the empty state, with the way to add one", async () => {
    const { cookie } = await registerUser();
    const html = await shown(cookie);
    expect(html).toContain("<title>Your Credentials in Other Wallet Apps | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>Your credentials in other wallet apps<\/h1>/);
    expect(html).toContain("No credentials in other wallet apps yet");
    expect(html).toMatch(/<a[^>]*href="\/wallet\?action=offer"[^>]*>Add a credential to another wallet app<\/a>/);
  });

  it("lists where the copies went (the app's own name, how many, what it reported), and the web wallet's for context, to their holder only", async () => {
    const { cookie } = await citizenWithRecords();
    await issueCredential(cookie, "rtw");
    const app = await appReceives(cookie, "com.example.wallet", 2);

    const data = await pageData(cookie);
    expect(data.apps).toEqual([
      expect.objectContaining({
        type: "rtw",
        clientId: "com.example.wallet",
        copies: 2,
        activeCopies: 2,
        reported: null,
        state: "held",
      }),
    ]);
    expect(data.web.map((copy) => copy.type)).toEqual(["rtw"]);
    let html = await shown(cookie);
    expect(html).toMatch(/<h3[^>]*>Right to Work<\/h3>/);
    expect(html).toContain("The app calls itself");
    expect(html).toMatch(/<bdi dir="auto" translate="no"[^>]*>com.example.wallet<\/bdi>/);
    expect(html).toContain("<dd>2 of 2</dd>");
    expect(html).toContain("<dd>Nothing yet</dd>");
    expect(html).toContain('data-testid="button-revoke-copies"');
    expect(html).toContain("In this web wallet");

    // The app reports that it stored them.
    expect((await app.report("credential_accepted")).status).toBe(204);
    html = await shown(cookie);
    expect(html).toContain("<dd>It stored the credential</dd>");

    // Another person sees none of it.
    const stranger = await registerUser();
    const theirs = await shown(stranger.cookie);
    expect(theirs).not.toContain("com.example.wallet");
    expect(theirs).not.toContain(data.apps[0]!.id);
    expect((await pageData(stranger.cookie)).apps).toEqual([]);
  });

  it("revokes the copies from the page: every copy in the status list, shown as revoked; another person's is not found", async () => {
    const { cookie } = await citizenWithRecords();
    const app = await appReceives(cookie, "com.example.lost-phone", 2);
    const [issuance] = (await pageData(cookie)).apps;
    expect(await Promise.all(app.copies.map(statusOf))).toEqual([0, 0]);

    // Without JavaScript the button asks on the page first.
    const asking = await shown(cookie, undefined, `?confirm=${issuance!.id}`);
    expect(asking).toContain("Revoke the copies of your Right to Work?");
    expect(asking).toContain(`name="issuanceId" value="${issuance!.id}"`);

    const stranger = await citizenWithRecords();
    const refused = await revokeForm(stranger.cookie, issuance!.id);
    expect(refused.status).toBe(404);
    expect(await textOf(refused)).toContain("You have no copies in another wallet app by this reference");
    expect((await revokeForm(cookie, "not-an-issuance")).status).toBe(404);
    expect(await Promise.all(app.copies.map(statusOf))).toEqual([0, 0]);

    const revoked = await revokeForm(cookie, issuance!.id);
    expect(revoked.status).toBe(200);
    // Without JavaScript the outcome is said on the page the post answers with.
    expect(await textOf(revoked)).toContain("The copies of your Right to Work in that wallet app no longer work.");
    expect(await Promise.all(app.copies.map(statusOf))).toEqual([1, 1]);
    const rows = await db().select().from(credentials).where(eq(credentials.issuanceId, issuance!.id));
    expect(rows.map((row) => row.status)).toEqual(["revoked", "revoked"]);

    expect((await pageData(cookie)).apps).toEqual([
      expect.objectContaining({ id: issuance!.id, activeCopies: 0, state: "revoked" }),
    ]);
    const html = await shown(cookie);
    expect(html).toContain("<dd>0 of 2</dd>");
    expect(html).toMatch(/data-state="revoked"/);
    expect(html).not.toContain('data-testid="button-revoke-copies"');
  });

  it("speaks Welsh to a person who chose Welsh", async () => {
    const { cookie } = await citizenWithRecords();
    await appReceives(cookie, "com.example.wallet", 1);
    const html = await shown(cookie, "cy");
    expect(html).toContain('<html lang="cy" dir="ltr"');
    expect(html).toContain("<title>Eich Tystlythyrau mewn Apiau Waled Eraill | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Eich tystlythyrau mewn apiau waled eraill<\/h1>/);
    expect(html).toMatch(/<h3[^>]*>Hawl i Weithio<\/h3>/);
    expect(html).toContain("Mae&#x27;r ap yn galw ei hun");
    expect(html).toContain("<dd>1 o 1</dd>");
    expect(html).toContain("Dirymu&#x27;r copïau");
  });
});
