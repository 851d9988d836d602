import { eq, like, or } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents } from "#db/schema/index.ts";
import type { OpenBrowser } from "./browser.ts";
import { testDatabase } from "./database.ts";
import {
  asUser,
  type BrowserCredential,
  closeBrowsers,
  createUser,
  issueFromBrowser,
  openTestBrowser,
  pageJson,
  photograph,
  screenshots,
  seriousAxeFindings,
  setDarkMode,
  shareFromBrowser,
  signIn,
  type TestUser,
  toastRegion,
  visit,
} from "./wallet-helpers.ts";

/**
 * Share links in the browser (issue 4; spec 000 §2 /shares, §7, §8; ADR 010): a citizen of this
 * file's own shares a credential, sees the share on /shares, a stranger opens the link in a
 * browser of their own and sees the live result, the citizen revokes the share and the link then
 * says withdrawn.
 */
afterEach(closeBrowsers);

/**
 * The citizen of the layout and accessibility tests, with one Right to Work credential issued
 * through the wallet's own protocol from a page (a P-256 device key made with WebCrypto, a proof of
 * possession over the server's nonce, POST /api/vc/rtw/issue). Each of those tests revokes the
 * share it made.
 */
let sharer: TestUser;
let sharerCredential: BrowserCredential;

beforeAll(async () => {
  sharer = await createUser({ prefix: "shares", firstName: "Sarah", lastName: "Thompson", records: true });
  sharerCredential = await asUser(sharer, (page) => issueFromBrowser(page, "rtw"));
});

/**
 * Opens the public verify page light and then dark (no header toggle: the theme cookie), checking
 * the theme follows the cookie; screenshots of both when this run takes them.
 */
async function verifyInBothThemes(stranger: OpenBrowser, link: string, name: string) {
  for (const dark of [false, true]) {
    await stranger.context.addCookies([{ name: "theme", value: dark ? "dark" : "light", url: stranger.baseUrl }]);
    await stranger.page.goto(link);
    expect(await stranger.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
    await photograph(stranger.page, `${name}-${dark ? "dark" : "light"}`, { fullPage: true, animations: "disabled" });
  }
}

const card = (page: Page, sharedWith: string) => page.getByTestId("share-card").filter({ hasText: sharedWith });
const tileValue = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).locator("p.text-4xl").textContent());
/** Total Shares, Active Shares, Available Downloads. */
const tiles = async (page: Page) => [
  await tileValue(page, "tile-total-shares"),
  await tileValue(page, "tile-active-shares"),
  await tileValue(page, "tile-available-downloads"),
];

describe("sharing a credential by link", () => {
  it("shows the share on /shares, the live result to a stranger, and withdrawn after Revoke Share", async () => {
    // A citizen of this test's own, with one credential and, below, one share of it.
    const citizen = await openTestBrowser(1280);
    const { page } = citizen;
    await signIn(
      citizen,
      await createUser({ prefix: "share-link", firstName: "Sarah", lastName: "Thompson", records: true }),
    );
    const credential = await issueFromBrowser(page, "rtw");
    const sharedWith = "Northbrook Valley NHS Trust";
    const share = await shareFromBrowser(page, credential.id, { purpose: "Pre-employment check", sharedWith });
    const link = new URL(share.verifyPath, citizen.baseUrl).href;

    // The share on /shares: its card with status, purpose, link and both buttons.
    await visit(page, "/shares");
    await page.getByRole("heading", { level: 1, name: "Recent Shares" }).waitFor();
    expect(await page.getByTestId("share-card").count()).toBe(1);
    const mine = card(page, sharedWith);
    expect(await mine.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await mine.getByText("Pre-employment check").isVisible()).toBe(true);
    expect(await mine.getByTestId("share-link").textContent()).toBe(link);
    expect(await mine.getByText("0 times").isVisible()).toBe(true);
    expect(await tiles(page)).toEqual([1, 1, 1]);
    await screenshots(page, "shares-1280");

    // Download PDF opens the certificate's URL in a new tab.
    const [tab] = await Promise.all([
      citizen.context.waitForEvent("page"),
      mine.getByRole("link", { name: /Download PDF/ }).click(),
    ]);
    await tab.waitForLoadState("domcontentloaded").catch(() => undefined);
    expect(new URL(tab.url()).pathname).toBe(`/api/shares/download/${share.id}`);
    await tab.close();

    // A stranger, not signed in, opens the link: the live result, type and issuer only.
    const stranger = await openTestBrowser(1280);
    const pageViewTracked = stranger.page.waitForResponse(
      (r) => r.url().endsWith("/api/analytics/track") && /"eventAction":"view_page"/.test(r.request().postData() ?? ""),
    );
    await stranger.page.goto(link);
    const result = stranger.page.getByTestId("verify-result");
    expect(await result.getAttribute("data-outcome")).toBe("valid");
    expect(await stranger.page.getByRole("heading", { level: 1 }).textContent()).toBe("Credential is valid");
    expect(await result.textContent()).toContain(`issued by the ${share.issuerName}`);
    const body = (await stranger.page.locator("main").textContent()) ?? "";
    for (const secret of ["Sarah", "Thompson", credential.id, sharedWith, "Pre-employment check"])
      expect(body).not.toContain(secret);
    // Analytics keeps the route, never the share id (ADR 010): this tab's one page view so far.
    expect((await pageViewTracked).status()).toBe(204);
    const strangerTab = await stranger.page.evaluate(() => sessionStorage.getItem("identity.analytics.session"));
    const tracked = () =>
      testDatabase()
        .select({ eventAction: analyticsEvents.eventAction, page: analyticsEvents.page })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.sessionId, strangerTab!));
    await expect.poll(tracked, { timeout: 5_000 }).toEqual([{ eventAction: "view_page", page: "/verify/:shareId" }]);
    await verifyInBothThemes(stranger, link, "verify-valid-1280");

    // The owner sees the views counted: the stranger opened the link three times (once, then in light and dark).
    await visit(page, "/shares");
    expect(await mine.getByText(/^\d+ times?$/).textContent()).toBe("3 times");

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
    expect(await tiles(page)).toEqual([1, 0, 0]);

    // The link now says the holder withdrew it.
    await stranger.page.goto(link);
    expect(await stranger.page.getByRole("heading", { level: 1 }).textContent()).toBe("This link has been withdrawn");
    await verifyInBothThemes(stranger, link, "verify-withdrawn-1280");

    // No stored event, from any visit of the link, names the share.
    const leaked = await testDatabase()
      .select({ id: analyticsEvents.id })
      .from(analyticsEvents)
      .where(or(like(analyticsEvents.page, `%${share.id}%`), like(analyticsEvents.referrer, `%${share.id}%`)));
    expect(leaked).toEqual([]);
  });

  it("fits a 390 px screen: /shares and both verify outcomes", async () => {
    const citizen = await openTestBrowser(390);
    const { page } = citizen;
    await signIn(citizen, sharer);
    const share = await shareFromBrowser(page, sharerCredential.id);
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
    await verifyInBothThemes(stranger, link, "verify-valid-390");

    expect((await pageJson(page, `/api/shares/${share.id}/revoke`, {})).status).toBe(200);
    await stranger.page.goto(link);
    expect(await stranger.page.getByTestId("verify-ended").isVisible()).toBe(true);
    expect(await noHorizontalScroll(stranger.page)).toBe(true);
    await verifyInBothThemes(stranger, link, "verify-withdrawn-390");
  });

  it("has no serious accessibility problems (axe-core, WCAG 2.2 AA), light and dark", async () => {
    const citizen = await openTestBrowser(1280);
    const { page } = citizen;
    await signIn(citizen, sharer);
    const share = await shareFromBrowser(page, sharerCredential.id, { sharedWith: "Axe Ltd" });
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
      expect({ path: "verify (valid)", dark, serious: await seriousAxeFindings(stranger.page) }).toEqual({
        path: "verify (valid)",
        dark,
        serious: [],
      });
      // A link that is not a share's: the verify page's own "This link is not valid".
      await visit(stranger.page, "/verify/not-a-real-link");
      await stranger.page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor();
      expect({ path: "verify (not valid)", dark, serious: await seriousAxeFindings(stranger.page) }).toEqual({
        path: "verify (not valid)",
        dark,
        serious: [],
      });
    }
    expect((await pageJson(page, `/api/shares/${share.id}/revoke`, {})).status).toBe(200);
    await visit(stranger.page, share.verifyPath);
    expect(await seriousAxeFindings(stranger.page)).toEqual([]);
  });
});
