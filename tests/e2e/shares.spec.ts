import { createClient } from "@libsql/client";
import type { Page } from "playwright-core";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import type { OpenBrowser } from "./browser.ts";
import {
  closeBrowsers,
  issueFromBrowser,
  openTestBrowser,
  SCREENS,
  screenshots,
  seriousAxeFindings,
  setDarkMode,
  shareFromBrowser,
  signInAsDemo,
  toastRegion,
  visit,
  walletCredentials,
  type BrowserCredential,
} from "./wallet-helpers.ts";

/**
 * Share links in the browser (issue 4; spec 000 §2 /shares, §7, §8; ADR 010): the demo citizen
 * shares a credential, sees the share on /shares, a stranger opens the link in a browser of their
 * own and sees the live result, the citizen revokes the share and the link then says withdrawn.
 */
const db = createClient({ url: inject("libsqlUrl") });

afterAll(() => db.close());
afterEach(closeBrowsers);

/**
 * An active credential of the demo citizen's, issued here if there is none: through the wallet's
 * own protocol from the page (a P-256 device key made with WebCrypto, a proof of possession over
 * the server's nonce, POST /api/vc/rtw/issue).
 */
async function activeCredential(page: Page): Promise<BrowserCredential> {
  const active = (await walletCredentials(page)).find((c) => c.status === "active");
  return active ?? issueFromBrowser(page, "rtw");
}

/** Light and dark screenshots of the public verify page (no header toggle: the theme cookie). */
async function verifyScreenshots(stranger: OpenBrowser, link: string, name: string) {
  for (const dark of [false, true]) {
    await stranger.context.addCookies([{ name: "theme", value: dark ? "dark" : "light", url: stranger.baseUrl }]);
    await stranger.page.goto(link);
    await stranger.page.screenshot({ path: `${SCREENS}/${name}-${dark ? "dark" : "light"}.png`, fullPage: true, animations: "disabled" });
  }
}

const card = (page: Page, sharedWith: string) => page.getByTestId("share-card").filter({ hasText: sharedWith });

describe("sharing a credential by link", () => {
  it("shows the share on /shares, the live result to a stranger, and withdrawn after Revoke Share", async () => {
    const citizen = await openTestBrowser(1280);
    const { page } = citizen;
    await signInAsDemo(citizen);
    const credential = await activeCredential(page);
    const sharedWith = `E2E Employer ${Date.now()}`;
    const share = await shareFromBrowser(page, credential.id, { purpose: "Pre-employment check", sharedWith });
    const link = new URL(share.verifyPath, citizen.baseUrl).href;

    // The share on /shares: its card with status, purpose, link and both buttons.
    await visit(page, "/shares");
    await page.getByRole("heading", { level: 1, name: "Recent Shares" }).waitFor();
    const mine = card(page, sharedWith);
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await mine.getByText("Pre-employment check").isVisible()).toBe(true);
    expect(await mine.getByTestId("share-link").textContent()).toBe(link);
    expect(await mine.getByText("0 times").isVisible()).toBe(true);
    const activeTile = Number(await page.getByTestId("tile-active-shares").locator("p.text-4xl").textContent());
    expect(activeTile).toBeGreaterThanOrEqual(1);
    await screenshots(page, "shares-1280");

    // Download PDF opens the certificate's URL in a new tab.
    const [tab] = await Promise.all([citizen.context.waitForEvent("page"), mine.getByRole("link", { name: /Download PDF/ }).click()]);
    await tab.waitForLoadState("domcontentloaded").catch(() => undefined);
    expect(new URL(tab.url()).pathname).toBe(`/api/shares/download/${share.id}`);
    await tab.close();

    // A stranger, not signed in, opens the link: the live result, type and issuer only.
    const stranger = await openTestBrowser(1280);
    await stranger.page.goto(link);
    const result = stranger.page.getByTestId("verify-result");
    expect(await result.getAttribute("data-outcome")).toBe("valid");
    expect(await stranger.page.getByRole("heading", { level: 1 }).textContent()).toBe("Credential is valid");
    expect(await result.textContent()).toContain(`issued by the ${share.issuerName}`);
    const body = (await stranger.page.locator("main").textContent()) ?? "";
    for (const secret of ["Sarah", "Thompson", credential.id, sharedWith, "Pre-employment check"]) expect(body).not.toContain(secret);
    await verifyScreenshots(stranger, link, "verify-valid-1280");

    // The owner sees the views counted.
    await visit(page, "/shares");
    expect(Number((await mine.getByText(/^\d+ times?$/).textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(1);

    // Revoke Share asks first; confirming revokes, with the toast, and the card turns revoked.
    await mine.getByRole("button", { name: "Revoke Share" }).click();
    const confirm = page.getByTestId("confirm-revoke");
    await confirm.waitFor();
    expect(await confirm.getByRole("heading").textContent()).toContain(`with ${sharedWith}?`);
    await confirm.getByRole("button", { name: "Yes, revoke share" }).click();
    await toastRegion(page).getByText("Share Revoked").waitFor();
    await expect.poll(() => mine.getAttribute("data-share-status")).toBe("revoked");
    expect(await mine.getByRole("button", { name: "Revoke Share" }).count()).toBe(0);
    expect(await mine.getByTestId("share-link").count()).toBe(0);

    // The link now says the holder withdrew it.
    await stranger.page.goto(link);
    expect(await stranger.page.getByRole("heading", { level: 1 }).textContent()).toBe("This link has been withdrawn");
    await verifyScreenshots(stranger, link, "verify-withdrawn-1280");

    // Analytics kept the route, never the share id (ADR 010).
    await expect
      .poll(async () => Number((await db.execute("select count(*) as n from analytics_events where page = '/verify/:shareId'")).rows[0]!.n), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const leaked = await db.execute({ sql: "select count(*) as n from analytics_events where page like ? or referrer like ?", args: [`%${share.id}%`, `%${share.id}%`] });
    expect(Number(leaked.rows[0]!.n)).toBe(0);
  });

  it("fits a 390 px screen: /shares and both verify outcomes", async () => {
    const citizen = await openTestBrowser(390);
    const { page } = citizen;
    await signInAsDemo(citizen);
    const credential = await activeCredential(page);
    const share = await shareFromBrowser(page, credential.id);
    const link = new URL(share.verifyPath, citizen.baseUrl).href;

    await visit(page, "/shares");
    await page.getByRole("heading", { level: 1, name: "Recent Shares" }).waitFor();
    const noHorizontalScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshots(page, "shares-390");

    const stranger = await openTestBrowser(390);
    await stranger.page.goto(link);
    expect(await stranger.page.getByTestId("verify-result").getAttribute("data-outcome")).toBe("valid");
    expect(await noHorizontalScroll(stranger.page)).toBe(true);
    await verifyScreenshots(stranger, link, "verify-valid-390");

    expect(await page.evaluate(async (id) => (await fetch(`/api/shares/${id}/revoke`, { method: "POST" })).status, share.id)).toBe(200);
    await stranger.page.goto(link);
    expect(await stranger.page.getByTestId("verify-ended").isVisible()).toBe(true);
    expect(await noHorizontalScroll(stranger.page)).toBe(true);
    await verifyScreenshots(stranger, link, "verify-withdrawn-390");
  });

  it("has no serious accessibility problems (axe-core, WCAG 2.2 AA), light and dark", async () => {
    const citizen = await openTestBrowser(1280);
    const { page } = citizen;
    await signInAsDemo(citizen);
    const credential = await activeCredential(page);
    const share = await shareFromBrowser(page, credential.id, { sharedWith: "Axe Ltd" });
    const stranger = await openTestBrowser(1280);
    for (const dark of [false, true]) {
      await visit(page, "/shares");
      await setDarkMode(page, dark);
      for (const path of ["/shares", `/shares?confirm=${share.id}`]) {
        await visit(page, path);
        expect({ path, dark, serious: await seriousAxeFindings(page) }).toEqual({ path, dark, serious: [] });
      }
      await stranger.context.addCookies([{ name: "theme", value: dark ? "dark" : "light", url: stranger.baseUrl }]);
      await visit(stranger.page, share.verifyPath);
      expect({ path: "verify (valid)", dark, serious: await seriousAxeFindings(stranger.page) }).toEqual({ path: "verify (valid)", dark, serious: [] });
    }
    expect(await page.evaluate(async (id) => (await fetch(`/api/shares/${id}/revoke`, { method: "POST" })).status, share.id)).toBe(200);
    await visit(stranger.page, share.verifyPath);
    expect(await seriousAxeFindings(stranger.page)).toEqual([]);
  });
});
