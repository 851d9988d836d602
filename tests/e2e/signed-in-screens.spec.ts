import type { Locator, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  asUser,
  closeBrowsers,
  createUser,
  expectToast,
  issueFromBrowser,
  openTestBrowser,
  screenshots,
  seriousAxeFindings,
  signIn,
  toastRegion,
  uniqueUsername,
  visit,
  walletCredentials,
  type TestUser,
} from "./wallet-helpers.ts";

/**
 * The signed-in screens' mends in Chromium: Add New Credential asks before it replaces a
 * credential already held; the Request a Credential dialog keeps its words readable at desktop
 * width; Complete beside one missing profile item saves that item alone; registration's
 * Validation Error toast and the first visit's greeting; a share link that is not valid says so
 * on the verify page's own layout. Axe-core (WCAG 2.2 AA) in light and dark with the changed
 * dialogs open. People are registered by this file; no demo account's data is used.
 */

/** Records at every authority; adds a Right to Work credential from this browser in the first test. */
let adder: TestUser;
/** Records at every authority; holds a DBS credential issued to another browser (another device). */
let holder: TestUser;
/** No phone number and no date of birth on their profile. */
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
  await signIn(browser, user);
  await visit(browser.page, path);
  return browser.page;
}

/** Serious or critical axe findings with a modal dialog open, in light and in dark (the theme is the class the toggle sets). */
async function axeWithDialog(page: Page): Promise<{ dark: boolean; serious: string[] }[]> {
  const found: { dark: boolean; serious: string[] }[] = [];
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
    // Colour transitions finish before contrast is measured.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    found.push({ dark, serious: await seriousAxeFindings(page) });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  return found;
}

const NO_FINDINGS = [
  { dark: false, serious: [] },
  { dark: true, serious: [] },
];

/**
 * The header's theme toggle, then the colour transitions finished. (Not the helpers' setDarkMode:
 * it waits for every animation, and the dashboard's Live dot pulses for ever.)
 */
async function switchTheme(page: Page, dark: boolean) {
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
}

/** How many lines an element's text takes. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => Math.round(node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight)));

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
    expect(await axeWithDialog(page)).toEqual(NO_FINDINGS);
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
    // (The first toast may still be up: wait for this one's own words.)
    await toastRegion(page).getByText("Your Right to Work was re-issued to this device. The earlier copy and its share links no longer work.", { exact: true }).waitFor();
    expect(await toastRegion(page).getByText("Success", { exact: true }).isVisible()).toBe(true);
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

      for (const row of await dialog.locator('[data-testid^="request-type-"]:not([data-testid="request-type-title"])').all()) {
        const title = row.getByTestId("request-type-title");
        expect({ title: await title.textContent(), lines: await linesOf(title) }).toEqual({ title: await title.textContent(), lines: 1 });
      }
      const subtitle = held.getByText("Criminal Record Check", { exact: false });
      expect(await overlap(label, subtitle)).toBe(false);
      expect(await overlap(label, held.getByTestId("request-type-title"))).toBe(false);
      expect(await overlap(label, held.getByRole("button", { name: "Re-issue to this device for DBS Enhanced" }))).toBe(false);

      if (width === 1280) expect(await axeWithDialog(page)).toEqual(NO_FINDINGS);
      await screenshots(page, `signed-in-request-dialog-${width}`, { dialog: true });
    });
  }
});

describe("Complete beside one missing profile item", () => {
  it("opens that item alone and saves it, though another item of its section is still empty", async () => {
    const page = await openAs(profileOwner, "/profile");
    await page.getByRole("link", { name: "Complete Phone number" }).click();
    const form = page.getByRole("form", { name: "Complete Phone number" });
    await form.waitFor();
    expect(await form.getByLabel("Date of birth").count()).toBe(0);
    await form.getByLabel("Phone number").fill("07700 900982");
    await form.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Profile Updated", "Phone number saved.");
    await form.waitFor({ state: "hidden" });
    const basic = page.getByRole("region", { name: "Basic Information" });
    expect(await basic.getByText("07700 900982").isVisible()).toBe(true);
    // The date of birth is still missing, and still offers its own Complete.
    expect(await basic.getByRole("link", { name: "Complete Date of birth" }).isVisible()).toBe(true);
  });
});

describe("registration", () => {
  it("shows the Validation Error toast with the inline messages, then greets the new person with Welcome", async () => {
    const { page } = await openTestBrowser(1280, STEP_TIMEOUT_MS);
    await visit(page, "/register");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectToast(page, "Validation Error", "Username: Required (and 1 more problem shown on the form)");
    expect(await page.locator("#field-username-error").textContent()).toContain("Required");
    expect(await page.locator("#field-password-error").textContent()).toContain("Required");

    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Username").fill(uniqueUsername("screens-new"));
    await page.getByLabel("Password").fill("analytical-engine-1843");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { level: 1, name: "Welcome, Ada" }).waitFor();
    expect(await page.getByRole("heading", { level: 1, name: "Welcome back, Ada" }).count()).toBe(0);
  });
});

describe("a share link that is not valid", () => {
  it("answers 404 with This link is not valid on the verify page's own layout, not the developer page", async () => {
    const { page } = await openTestBrowser(1280, STEP_TIMEOUT_MS);
    const response = await page.goto("/verify/not-a-real-link");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This link is not valid" }).waitFor();
    expect(await page.getByText("Credential check").isVisible()).toBe(true);
    expect(await page.getByText("Did you forget to add the page to the router?").count()).toBe(0);
    expect(await page.title()).toBe("This link is not valid | UK Digital Identity");
    expect(await axeWithDialog(page)).toEqual(NO_FINDINGS);
  });
});

describe("the signed-in screens", () => {
  it("share one page column with the header, and have no serious accessibility problems in light or dark", async () => {
    const page = await openAs(profileOwner, "/");
    const column = (selector: string) =>
      page.evaluate((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return { left: Math.round(box.left), width: Math.round(box.width) };
      }, selector);
    const paths = ["/", "/wallet", "/credentials", "/shares", "/profile", "/verifier-portal", "/analytics"];
    const header = await column("header > div");
    for (const path of paths) {
      await visit(page, path);
      // The page's column: the parent of its title's block, the same box as the header's on every screen.
      const main = await page.evaluate(() => {
        const box = document.querySelector("main h1")!.closest("main > div")!.getBoundingClientRect();
        return { left: Math.round(box.left), width: Math.round(box.width) };
      });
      expect({ path, column: main }).toEqual({ path, column: header });
      for (const dark of [false, true]) {
        await switchTheme(page, dark);
        expect({ path, dark, serious: await seriousAxeFindings(page) }).toEqual({ path, dark, serious: [] });
      }
      await switchTheme(page, false);
    }
  }, 60_000);
});
