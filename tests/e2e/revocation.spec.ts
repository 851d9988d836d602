import { afterEach, describe, expect, inject, it } from "vitest";
import { createDb } from "../../db/client.ts";
import { demoAuthorityRecords } from "../../db/demo-records.ts";
import { authorityRecords } from "../../db/schema/index.ts";
import { verifyStatusListToken, type PublicJwk } from "../../app/credentials/index.ts";
import { openBrowser, type OpenBrowser, waitForHydration } from "./browser.ts";

/**
 * Revocation end to end (issue 4): a citizen adds a credential in the wallet and shares it; an
 * administrator revokes it through the API; the citizen's wallet and /credentials show it revoked,
 * the share link says it is not valid, and the published status list carries the bit.
 */
const opened: OpenBrowser[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

async function browserAt(path: string) {
  const browser = await openBrowser();
  opened.push(browser);
  browser.page.setDefaultTimeout(10_000);
  await browser.page.goto(path);
  await waitForHydration(browser.page);
  return browser;
}

const json = async <T,>(browser: OpenBrowser, path: string, init?: { method: string; body?: unknown }) =>
  browser.page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init?.method ?? "GET",
        credentials: "include",
        headers: init?.body === undefined ? {} : { "Content-Type": "application/json" },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { path, init },
  ) as Promise<{ status: number; body: T }>;

describe("revocation seen by the citizen and by anyone holding a share link", () => {
  it("an administrator revokes a credential; the wallet, /credentials, the share page and the status list all say so", async () => {
    // A citizen of this test's own, with records at every authority.
    const citizen = await browserAt("/login");
    const username = `rev${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    const registered = await json<{ id: string }>(citizen, "/api/auth/register", {
      method: "POST",
      body: { username, password: `Revocation test ${crypto.randomUUID()}`, firstName: "Rhea", lastName: "Vokes" },
    });
    expect(registered.status).toBe(201);
    await createDb({ LIBSQL_URL: inject("libsqlUrl") })
      .insert(authorityRecords)
      .values(demoAuthorityRecords(registered.body.id, new Date()));

    // Adds the credential in the wallet, as a person would.
    const page = citizen.page;
    await page.goto("/wallet");
    await waitForHydration(page);
    await page.getByTestId("button-add-first-credential").click();
    const card = page.getByTestId("credential-card").filter({ hasText: "Right to Work" });
    await card.waitFor();
    expect(await card.getByTestId("credential-status").getAttribute("data-status")).toBe("active");
    const [credential] = (await json<{ id: string; vcJwt: string; issuer: string }[]>(citizen, "/api/wallet/credentials")).body;

    // Shares it; a stranger sees it valid.
    const share = await json<{ verifyPath: string }>(citizen, `/api/credentials/${credential!.id}/shares`, { method: "POST", body: { purpose: "Employment check" } });
    expect(share.status).toBe(201);
    const stranger = await browserAt(share.body.verifyPath);
    expect(await stranger.page.getByRole("heading", { name: "Credential is valid" }).isVisible()).toBe(true);

    // The citizen cannot revoke; an administrator can.
    expect((await json(citizen, `/api/credentials/${credential!.id}/revoke`, { method: "POST", body: {} })).status).toBe(403);
    const admin = await browserAt("/login");
    await admin.page.getByRole("button", { name: "Admin User", exact: true }).click();
    await admin.page.getByRole("button", { name: "Sign In", exact: true }).click();
    await admin.page.waitForURL(new URL("/", admin.baseUrl).href);
    const revoked = await json<{ status: string }>(admin, `/api/credentials/${credential!.id}/revoke`, { method: "POST", body: { reason: "Permission withdrawn" } });
    expect(revoked).toMatchObject({ status: 200, body: { status: "revoked" } });

    // The wallet shows it revoked, and the log says why.
    await page.reload();
    await waitForHydration(page);
    await card.waitFor();
    expect(await card.getByTestId("credential-status").textContent()).toBe("Revoked");
    await page.getByTestId("activity-item").filter({ hasText: "Credential revoked" }).first().waitFor();

    // /credentials shows it inactive, with the date.
    await page.goto("/credentials");
    await waitForHydration(page);
    expect(await page.getByText(/^Revoked on \d{1,2} [A-Z][a-z]{2} \d{4}$/).first().isVisible()).toBe(true);

    // The share link now says not valid, in plain words.
    await stranger.page.reload();
    expect(await stranger.page.getByRole("heading", { name: "Credential is not valid" }).isVisible()).toBe(true);
    expect(await stranger.page.getByText("The Home Office has revoked this credential.").isVisible()).toBe(true);

    // And the published status list carries the bit, signed by the issuer's published key.
    const payload = JSON.parse(Buffer.from(credential!.vcJwt.split(".")[1]!, "base64url").toString()) as { status: { status_list: { idx: number; uri: string } } };
    const { idx, uri } = payload.status.status_list;
    const base = stranger.baseUrl;
    const token = await (await fetch(new URL(new URL(uri).pathname, base))).text();
    const metadata = (await (await fetch(new URL("/.well-known/jwt-vc-issuer/issuers/home-office", base))).json()) as { jwks: { keys: PublicJwk[] } };
    const status = await verifyStatusListToken(token, {
      trustedKeys: metadata.jwks.keys,
      expectedSub: uri,
      now: Math.floor(Date.now() / 1000),
      clockSkewSeconds: 5,
      maxInflatedBytes: 1 << 20,
      idx,
    });
    expect(status).toMatchObject({ valid: true, value: 1 });
  });
});
