import { afterEach, describe, expect, it } from "vitest";
import { type PublicJwk, verifyStatusListToken } from "#core/credentials/index.ts";
import { formatDate } from "#core/format/format.ts";
import { waitForHydration } from "./browser.ts";
import {
  closeBrowsers,
  createUser,
  openTestBrowser,
  pageJson,
  shareFromBrowser,
  signIn,
  visit,
  walletCredentials,
} from "./wallet-helpers.ts";

/**
 * Revocation end to end (issue 4): a citizen adds a credential in the wallet and shares it; an
 * administrator revokes it through the API; the citizen's wallet and /credentials show it revoked,
 * the share link says it is not valid, and the published status list carries the bit. The citizen
 * and the administrator are this test's own.
 */
afterEach(closeBrowsers);

/** A browser of its own (waits fail after 10 s), at `path` once hydrated. */
async function browserAt(path: string) {
  const browser = await openTestBrowser(1280, 10_000);
  await visit(browser.page, path);
  return browser;
}

describe("revocation seen by the citizen and by anyone holding a share link", () => {
  it("an administrator revokes a credential; the wallet, /credentials, the share page and the status list all say so", async () => {
    // A citizen of this test's own, with records at every authority.
    const citizen = await openTestBrowser(1280, 10_000);
    await signIn(citizen, await createUser({ prefix: "revoke", firstName: "Rhea", lastName: "Vokes", records: true }));

    // Adds the credential in the wallet, as a person would.
    const page = citizen.page;
    await visit(page, "/wallet");
    await page.getByTestId("button-add-first-credential").click();
    const card = page.getByTestId("credential-card").filter({ hasText: "Right to Work" });
    await card.waitFor();
    expect(await card.getByTestId("credential-status").getAttribute("data-status")).toBe("active");
    const held = await walletCredentials(page);
    expect(held.map((c) => c.type)).toEqual(["rtw"]);
    const credential = held[0]!;

    // Shares it; a stranger sees it valid.
    const share = await shareFromBrowser(page, credential.id, { purpose: "Employment check" });
    const stranger = await browserAt(share.verifyPath);
    expect(await stranger.page.getByRole("heading", { name: "Credential is valid" }).isVisible()).toBe(true);

    // The citizen cannot revoke; an administrator can.
    expect((await pageJson(citizen.page, `/api/credentials/${credential.id}/revoke`, {})).status).toBe(403);
    // An administrator: a person registered, then given the role (read from the user row on every request).
    const admin = await openTestBrowser(1280, 10_000);
    await signIn(admin, await createUser({ prefix: "revoke-admin", firstName: "Ada", lastName: "Min", role: "admin" }));
    const revoked = await pageJson<{ status: string }>(admin.page, `/api/credentials/${credential.id}/revoke`, {
      reason: "Permission withdrawn",
    });
    expect(revoked).toMatchObject({ status: 200, body: { status: "revoked" } });

    // The wallet shows it revoked, and the log says so and why, newest first.
    await page.reload();
    await waitForHydration(page);
    await card.waitFor();
    expect(await card.getByTestId("credential-status").textContent()).toBe("Revoked");
    const activity = page.getByTestId("activity-item");
    expect(await activity.evaluateAll((items) => items.map((item) => item.getAttribute("data-kind")))).toEqual([
      "credential_revoked",
      "share_viewed",
      "share_created",
      "credential_issued",
    ]);
    expect(await activity.first().textContent()).toContain("(Permission withdrawn)");

    // /credentials shows it inactive, with the date.
    const { revokedAt } = (await walletCredentials(page))[0]!;
    await visit(page, "/credentials");
    expect(await page.getByText(/^Revoked on /).allTextContents()).toEqual([`Revoked on ${formatDate(revokedAt!)}`]);

    // The share link now says not valid, in plain words.
    await stranger.page.reload();
    expect(await stranger.page.getByRole("heading", { name: "Credential is not valid" }).isVisible()).toBe(true);
    expect(await stranger.page.getByText("The Home Office has revoked this credential.").isVisible()).toBe(true);

    // And the published status list carries the bit, signed by the authority's published status-list key.
    const payload = JSON.parse(Buffer.from(credential.vcJwt.split(".")[1]!, "base64url").toString()) as {
      status: { status_list: { idx: number; uri: string } };
    };
    const { idx, uri } = payload.status.status_list;
    const base = stranger.baseUrl;
    const token = await (await fetch(new URL(new URL(uri).pathname, base))).text();
    const metadata = (await (
      await fetch(new URL("/.well-known/jwt-vc-issuer/status/issuers/home-office", base))
    ).json()) as {
      jwks: { keys: PublicJwk[] };
    };
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
