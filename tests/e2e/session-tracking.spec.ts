import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sessions, userProfiles, userSessions } from "#db/schema/index.ts";
import { holdRequests, type OpenBrowser, waitForHydration } from "./browser.ts";
import { testDatabase } from "./database.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  createVerifier,
  expectToast,
  openTestBrowser,
  signIn,
  signInWithForm,
  type TestUser,
  toastRegion,
  visit,
} from "./wallet-helpers.ts";

/**
 * The client session lifecycle in the browser (spec 000 §2 "Header", §4, §7, §8; issue 12): the
 * visit's row in user_sessions follows the person's pages, Sign Out saves the session end before
 * logging out (and keeps them signed in when it cannot), and leaving a form with typed data asks
 * first. Each test signs in a person of its own.
 */

let browser: OpenBrowser;
let page: Page;
afterEach(closeBrowsers);

async function open(): Promise<void> {
  browser = await openTestBrowser(1280, 15_000);
  page = browser.page;
}

const rowsFor = (userId: string) => testDatabase().select().from(userSessions).where(eq(userSessions.userId, userId));
const loginSessionsOf = async (userId: string) =>
  (await testDatabase().select({ sess: sessions.sess }).from(sessions)).filter((row) => row.sess.userId === userId)
    .length;

/** Requests sent to a path, counted from now on. */
function countRequests(path: string): () => number {
  let n = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path) n++;
  });
  return () => n;
}

const header = () => page.getByRole("banner");
const mainNav = () => page.getByRole("navigation", { name: "Main", exact: true });
const signOutButton = () => header().getByRole("button", { name: /^(Sign Out|Saving Data\.\.\.|Signing Out\.\.\.)$/ });

describe("the session row", () => {
  let person: TestUser;
  beforeAll(async () => {
    person = await createUser({ prefix: "session", firstName: "Priya", lastName: "Shah" });
  });

  it("counts page views in the tab, syncs every 30 s only while there is something new, and Sign Out ends it before logging out", async () => {
    await open();
    // The page's clock, so "every 30,000 ms" can be shown without waiting; it still runs on its own.
    await browser.context.clock.install();
    await signInWithForm(browser, person);
    const syncs = countRequests("/api/session/sync");
    await expect.poll(async () => (await rowsFor(person.id)).length).toBe(1);
    expect((await rowsFor(person.id))[0]).toMatchObject({
      pageViews: 0,
      isActive: true,
      endTime: null,
      device: "desktop",
      browser: "Chrome",
      os: "Linux",
      userAgent: null,
    });

    // Two more pages, in the app: 3 page views (/, /wallet, / again), and 2 actions (the links pressed).
    await mainNav().getByRole("link", { name: "Citizen Wallet" }).click();
    await page.waitForURL("**/wallet");
    await header().getByRole("link", { name: "UK Digital Identity" }).click();
    await page.waitForURL(new URL("/", browser.baseUrl).href);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("identity.session.pageViews"))).toBe("3");
    expect((await rowsFor(person.id))[0]!.pageViews).toBe(0);

    await page.clock.fastForward(30_500);
    await expect.poll(async () => (await rowsFor(person.id))[0]!.pageViews).toBe(3);
    expect((await rowsFor(person.id))[0]).toMatchObject({ actions: 2, isActive: true });
    expect((await rowsFor(person.id))[0]!.duration).toBeGreaterThanOrEqual(30);
    expect(syncs()).toBe(1);
    // Nothing new: the next 30 s pass without a sync. Then one press of a button is new again.
    await page.clock.fastForward(30_500);
    await header().getByRole("button", { name: "Dark mode" }).click();
    await page.clock.fastForward(30_500);
    await expect.poll(async () => (await rowsFor(person.id))[0]!.actions).toBe(3);
    expect(syncs()).toBe(2);

    // Sign Out: "Saving Data..." while the end is saved, then "Signing Out..." while logging out.
    const releaseEnd = await holdRequests(page, "**/api/session/end");
    const releaseLogout = await holdRequests(page, "**/api/auth/logout");
    await signOutButton().click();
    await header().getByRole("button", { name: "Saving Data...", exact: true }).waitFor();
    expect(await signOutButton().isDisabled()).toBe(true);
    await toastRegion(page).getByText("Saving your data...", { exact: true }).waitFor();
    releaseEnd();
    await header().getByRole("button", { name: "Signing Out...", exact: true }).waitFor();
    expect(await signOutButton().isDisabled()).toBe(true);
    const [ended] = await rowsFor(person.id);
    expect(ended).toMatchObject({ isActive: false, pageViews: 3 });
    expect(ended!.endTime).toBeInstanceOf(Date);
    expect(ended!.duration).toBeGreaterThanOrEqual(90);
    releaseLogout();
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
    await expectToast(page, "Signed Out", "All your data has been saved and you've been successfully signed out.");
    expect(await loginSessionsOf(person.id)).toBe(0);
    // The tab forgets the visit: the next sign-in is a new session.
    expect(await page.evaluate(() => sessionStorage.getItem("identity.session.pageViews"))).toBeNull();
  });

  it("keeps the person signed in when the session end fails: Logout Failed, no logout sent", async () => {
    const other = await createUser({ prefix: "session-fail", firstName: "Owen", lastName: "Price" });
    await open();
    await signInWithForm(browser, other);
    await expect.poll(async () => (await rowsFor(other.id)).length).toBe(1);
    await page.route("**/api/session/end", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Internal error" }),
      }),
    );
    const logouts = countRequests("/api/auth/logout");

    await signOutButton().click();
    await expectToast(page, "Logout Failed", "Failed to save session data before logout");
    expect(await signOutButton().textContent()).toBe("Sign Out");
    expect(await signOutButton().isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(logouts()).toBe(0);
    expect(await loginSessionsOf(other.id)).toBe(1);
    expect((await rowsFor(other.id))[0]).toMatchObject({ isActive: true, endTime: null });
    // The failure toast over the page, in both themes.
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });
    // Still signed in: the wallet opens.
    await mainNav().getByRole("link", { name: "Citizen Wallet" }).click();
    await page.waitForURL("**/wallet");

    // Once the end can be saved, Sign Out works.
    await page.unroute("**/api/session/end");
    await signOutButton().click();
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
    expect((await rowsFor(other.id))[0]).toMatchObject({ isActive: false });
  });

  it("signs out with the keyboard alone, and focus returns to Sign Out when it fails", async () => {
    const other = await createUser({ prefix: "session-keys", firstName: "Nia", lastName: "Evans" });
    await open();
    await signInWithForm(browser, other);
    // From the top of a loaded page, as a keyboard user arriving at it: the page sign-in led to may
    // have moved focus into its content.
    await signOutButton().waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.route("**/api/session/end", (route) => route.fulfill({ status: 503, body: "" }), { times: 1 });
    const focusSignOut = async () => {
      // At most once through every focusable element of the page (the header's language switch
      // alone has a link per language the page is offered in).
      const stops = await page.evaluate(
        () => document.querySelectorAll("a[href], button, input, select, textarea").length,
      );
      for (let i = 0; i <= stops; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => document.activeElement?.textContent === "Sign Out")) return;
      }
      throw new Error("Sign Out never took focus");
    };
    await focusSignOut();
    await page.keyboard.press("Enter");
    await expectToast(page, "Logout Failed", "Failed to save session data before logout");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Sign Out");
    await page.keyboard.press("Enter");
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
    await expectToast(page, "Signed Out", "All your data has been saved and you've been successfully signed out.");
  });

  it("signs out a person whose login timed out while the page stayed open, and the next login in the tab is a new visit", async () => {
    const other = await createUser({ prefix: "session-idle", firstName: "Ola", lastName: "Bakare" });
    await open();
    await signInWithForm(browser, other);
    await expect.poll(async () => (await rowsFor(other.id)).length).toBe(1);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("identity.session.started"))).toBe("1");
    // The idle timeout, as the server sees it: the login session row is gone.
    const all = await testDatabase().select({ sid: sessions.sid, sess: sessions.sess }).from(sessions);
    for (const row of all.filter((r) => r.sess.userId === other.id))
      await testDatabase().delete(sessions).where(eq(sessions.sid, row.sid));
    await signOutButton().click();
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
    await expectToast(page, "Signed Out", "Your session had already ended, so you are signed out.");
    expect(await page.evaluate(() => sessionStorage.getItem("identity.session.started"))).toBeNull();
    // Signing in again in the same tab starts a visit of its own.
    await signInWithForm(browser, other);
    await expect.poll(async () => (await rowsFor(other.id)).length).toBe(2);
  });

  it("ends the row by a beacon when the tab closes", async () => {
    const other = await createUser({ prefix: "session-close", firstName: "Ellis", lastName: "Ward" });
    await open();
    await signInWithForm(browser, other);
    await expect.poll(async () => (await rowsFor(other.id)).length).toBe(1);
    // The tab knows the server has its start (the beacon is for a started session).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("identity.session.started"))).toBe("1");
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await rowsFor(other.id))[0]!.isActive, { timeout: 10_000 }).toBe(false);
    expect((await rowsFor(other.id))[0]!.endTime).toBeInstanceOf(Date);
  });

  it("records no session at all for a citizen who chose 'Usage analytics: Not shared', and Sign Out still works", async () => {
    const private_ = await createUser({ prefix: "session-optout", firstName: "Rhys", lastName: "Morgan" });
    await testDatabase().insert(userProfiles).values({ userId: private_.id, shareAnalytics: false });
    await open();
    const starts = countRequests("/api/session/start");
    await signInWithForm(browser, private_);
    await expect.poll(starts).toBe(1);
    await mainNav().getByRole("link", { name: "Citizen Wallet" }).click();
    await page.waitForURL("**/wallet");
    await signOutButton().click();
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
    await expectToast(page, "Signed Out", "All your data has been saved and you've been successfully signed out.");
    expect(await rowsFor(private_.id)).toEqual([]);
  });
});

// Signing in is not these tests' subject: they start signed in on the form (signIn).
describe("leaving a form with typed data", () => {
  const PROMPT = "You have unsaved changes. Are you sure you want to leave?";

  it("asks on the profile form: staying keeps what was typed, leaving goes; saving does not ask", async () => {
    const person = await createUser({ prefix: "unsaved", firstName: "Cara", lastName: "Doyle" });
    await open();
    await signIn(browser, person, "/profile?edit=basic&item=phone#edit-basic");
    const phone = page.getByRole("textbox", { name: "Phone number" });
    await phone.fill("07700 900123");

    const prompts: string[] = [];
    page.once("dialog", (dialog) => {
      prompts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await mainNav().getByRole("link", { name: "Citizen Wallet" }).click();
    await expect.poll(() => prompts).toEqual([`confirm: ${PROMPT}`]);
    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await phone.inputValue()).toBe("07700 900123");

    // Cancel is leaving the form too.
    page.once("dialog", (dialog) => {
      prompts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole("form", { name: "Complete Phone number" }).getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => prompts.length).toBe(2);
    expect(prompts[1]).toBe(`confirm: ${PROMPT}`);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    // The address changes as the navigation commits; the form goes when the page renders after it.
    await expect.poll(() => page.getByRole("textbox", { name: "Phone number" }).count()).toBe(0);

    // Typed and saved: nothing to ask about, on saving or after.
    await visit(page, "/profile?edit=basic&item=phone#edit-basic");
    await page.getByRole("textbox", { name: "Phone number" }).fill("07700 900456");
    page.on("dialog", (dialog) => {
      prompts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await toastRegion(page).getByText("Profile Updated", { exact: true }).waitFor();
    await mainNav().getByRole("link", { name: "Citizen Wallet" }).click();
    await page.waitForURL("**/wallet");
    expect(prompts).toHaveLength(2);
    const [saved] = await testDatabase()
      .select({ phone: userProfiles.phone })
      .from(userProfiles)
      .where(eq(userProfiles.userId, person.id));
    expect(saved!.phone).toBe("07700 900456");
  });

  it("asks before the tab is reloaded with typed data (the browser's own prompt)", async () => {
    const person = await createUser({ prefix: "unsaved-tab", firstName: "Ivo", lastName: "Stone" });
    await open();
    await signIn(browser, person, "/profile?edit=address#edit-address");
    await page.getByRole("textbox", { name: "Town or city" }).fill("Leeds");
    const kinds: string[] = [];
    page.once("dialog", (dialog) => {
      kinds.push(dialog.type());
      void dialog.dismiss();
    });
    // Not awaited: a reload the person stopped never finishes.
    void page.reload().catch(() => undefined);
    await expect.poll(() => kinds).toEqual(["beforeunload"]);
    expect(await page.getByRole("textbox", { name: "Town or city" }).inputValue()).toBe("Leeds");
  });

  it("asks on the verifier's Request Specific Credentials form when a purpose is typed and not sent", async () => {
    const { user: verifier } = await createVerifier("unsaved-verifier");
    await open();
    await signIn(browser, verifier, "/verifier");
    await page.getByTestId("input-purpose").fill("Pre-employment check for Jane");
    const prompts: string[] = [];
    page.once("dialog", (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    await mainNav().getByRole("link", { name: "Citizen Wallet" }).click();
    await page.waitForURL("**/wallet");
    expect(prompts).toEqual([PROMPT]);
  });
});
