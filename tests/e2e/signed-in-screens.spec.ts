import type { Locator, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_TYPE_CODES } from "#core/issuers/registry.ts";
import {
  asUser,
  axeInBothThemes,
  closeBrowsers,
  createUser,
  expectToast,
  issueFromBrowser,
  openTestBrowser,
  screenshots,
  signIn,
  type TestUser,
  toastRegion,
  visit,
  walletCredentials,
} from "./wallet-helpers.ts";

/**
 * The signed-in screens' mends in Chromium: Add New Credential asks before it replaces a
 * credential already held; the Request a Credential dialog keeps its words readable at desktop
 * width; every signed-in screen shares one page column. Axe-core (WCAG 2.2 AA) in light and dark
 * with the changed dialogs open. People are made by this file; no demo account's data is used.
 */

/** Records at every authority; adds a Right to Work credential from this browser in the first test. */
let adder: TestUser;
/** Records at every authority; holds a DBS credential issued to another browser (another device). */
let holder: TestUser;
/** A citizen with nothing held: the page column is checked on their screens. */
let profileOwner: TestUser;

beforeAll(async () => {
  adder = await createUser({ prefix: "screens-add", firstName: "Sarah", lastName: "Thompson", records: true });
  holder = await createUser({ prefix: "screens-held", firstName: "Sarah", lastName: "Thompson", records: true });
  profileOwner = await createUser({ prefix: "screens-profile", firstName: "Priya", lastName: "Nair" });
  await asUser(holder, (page) => issueFromBrowser(page, "dbs"));
});
afterEach(closeBrowsers);

/** Waits fail after this long, well inside a test's own limit, naming the step that is stuck. */
const STEP_TIMEOUT_MS = 15_000;

/** A fresh browser `width` px wide, signed in as `user` through the login form, showing `path`. */
async function openAs(user: TestUser, path: string, width = 1280): Promise<Page> {
  const browser = await openTestBrowser(width, STEP_TIMEOUT_MS);
  await signIn(browser, user, path);
  return browser.page;
}

const NO_FINDINGS = { light: [], dark: [] };

/** How many lines an element's text takes. */
const linesOf = (element: Locator) =>
  element.evaluate((node) =>
    Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)),
  );

/** Whether two elements' boxes overlap. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe("Add New Credential", () => {
  it("asks before it replaces a Right to Work credential already held, says what will happen, and says so afterwards", async () => {
    const page = await openAs(adder, "/wallet");
    await page.getByRole("button", { name: "Add New Credential" }).click();
    await expectToast(page, "Success", "New credential added to your wallet");
    const first = (await walletCredentials(page)).filter((c) => c.type === "rtw");
    expect(first.map((c) => c.status)).toEqual(["active"]);

    // Held now: Add New Credential asks first, naming the consequences.
    await page.getByRole("article", { name: "Right to Work", exact: true }).getByText("On this device").waitFor();
    await page.getByRole("button", { name: "Add New Credential" }).click();
    const dialog = page.getByRole("dialog", { name: "You already have a Right to Work credential" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("the copy you have now is revoked, on this device or any other");
    expect(await dialog.textContent()).toContain("every share link made from it shows it as no longer valid");
    expect(await axeInBothThemes(page, { dialog: true })).toEqual(NO_FINDINGS);
    await screenshots(page, "signed-in-replace-dialog-1280", { dialog: true });

    // Escape closes it and nothing was issued.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await walletCredentials(page)).filter((c) => c.type === "rtw").map((c) => c.id)).toEqual([first[0]!.id]);

    // Confirmed from the keyboard: the replacement, and a toast that says it replaced one.
    await page.getByRole("button", { name: "Add New Credential" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Replace my Right to Work" }).focus();
    await page.keyboard.press("Enter");
    // (The first toast may still be up: this one is the toast carrying its own words, titled Success.)
    const reissued = toastRegion(page).locator("li").filter({
      hasText: "Your Right to Work was re-issued to this device. The earlier copy and its share links no longer work.",
    });
    await reissued.waitFor();
    expect(await reissued.getByText("Success", { exact: true }).isVisible()).toBe(true);
    await dialog.waitFor({ state: "hidden" });
    const after = (await walletCredentials(page)).filter((c) => c.type === "rtw");
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(first[0]!.id);
    expect(after[0]!.status).toBe("active");
  });
});

describe("Request a Credential", () => {
  for (const width of [1280, 390]) {
    it(`keeps a credential held on another device readable at ${width} px: each title on one line, nothing overlapping`, async () => {
      const page = await openAs(holder, "/wallet?action=request", width);
      const dialog = page.getByRole("dialog", { name: "Request a Credential" });
      await dialog.waitFor();
      const held = dialog.getByTestId("request-type-dbs");
      // Shown once the page has read this browser's key store.
      const label = held.getByText("Held on another device", { exact: false });
      await label.waitFor();

      const rows = await dialog.locator('[data-testid^="request-type-"]:not([data-testid="request-type-title"])').all();
      // One row for every type the authorities issue.
      expect(rows).toHaveLength(CREDENTIAL_TYPE_CODES.length);
      for (const row of rows) {
        const title = row.getByTestId("request-type-title");
        expect({ title: await title.textContent(), lines: await linesOf(title) }).toEqual({
          title: await title.textContent(),
          lines: 1,
        });
      }
      const subtitle = held.getByText("Criminal Record Check", { exact: false });
      expect(await overlap(label, subtitle)).toBe(false);
      expect(await overlap(label, held.getByTestId("request-type-title"))).toBe(false);
      expect(await overlap(label, held.getByRole("button", { name: "Re-issue to this device for DBS Enhanced" }))).toBe(
        false,
      );

      if (width === 1280) expect(await axeInBothThemes(page, { dialog: true })).toEqual(NO_FINDINGS);
      await screenshots(page, `signed-in-request-dialog-${width}`, { dialog: true });
    });
  }
});

describe("the signed-in screens", () => {
  it("share one page column with the header; the dashboard and the later-release pages have no serious accessibility problems in light or dark", async () => {
    const page = await openAs(profileOwner, "/");
    const column = (selector: string) =>
      page.evaluate((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return { left: Math.round(box.left), width: Math.round(box.width) };
      }, selector);
    const paths = ["/", "/wallet", "/credentials", "/shares", "/profile", "/verifier-portal", "/analytics"];
    const AXE_HERE = ["/", "/verifier-portal", "/analytics"];
    const header = await column("header > div");
    for (const path of paths) {
      await visit(page, path);
      // The page's column: the parent of its title's block, the same box as the header's on every screen.
      const main = await page.evaluate(() => {
        const box = document.querySelector("main h1")!.closest("main > div")!.getBoundingClientRect();
        return { left: Math.round(box.left), width: Math.round(box.width) };
      });
      expect({ path, column: main }).toEqual({ path, column: header });
      // The other screens have accessibility tests of their own (wallet, credentials, shares, profile).
      if (AXE_HERE.includes(path)) expect({ path, ...(await axeInBothThemes(page)) }).toEqual({ path, ...NO_FINDINGS });
    }
  }, 60_000);
});
