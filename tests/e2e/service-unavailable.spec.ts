import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { databaseAway, databaseBack } from "./lane.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  openTestBrowser,
  setDarkMode,
  signIn,
  visit,
} from "./wallet-helpers.ts";

/**
 * The page a person sees when the database cannot be reached (issue 20, ADR 032): "Sorry, the
 * service is unavailable", in the product's layout, with the axe checks every screen has, in light
 * and in dark. The database goes away under the running product: the lane's stack reaches its
 * database through a switch (./lane.ts databaseAway), which holds every database request
 * unanswered, as a paused or partitioned server would, and each request meets its deadline.
 */

/** The database comes back after every test, whatever happened in it. */
afterEach(async () => {
  await databaseBack();
  await closeBrowsers();
});

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

/** Goes to `path` with the database away: the page that answers, as it answers. */
async function visitDuringOutage(page: Page, path: string) {
  await databaseAway();
  const response = await page.goto(path);
  await page.getByRole("heading", { level: 1, name: "Sorry, the service is unavailable" }).waitFor();
  return response;
}

describe("the service-unavailable page", () => {
  it("answers 503 with Retry-After in the product's layout, and passes axe in light and in dark", async () => {
    const browser = await openTestBrowser();
    const { page } = browser;
    await signIn(browser, await createUser({ prefix: "outage", firstName: "Olive", lastName: "Page" }));

    // A person who chose dark mode (the header's toggle, while the service worked) meets the outage:
    // the page is rendered dark by the server, as they chose.
    await visit(page, "/wallet");
    await setDarkMode(page, true);
    const answer = await visitDuringOutage(page, "/wallet");
    expect(answer?.status()).toBe(503);
    expect(answer?.headers()["retry-after"]).toBe("30");
    expect(await page.title()).toBe("Sorry, the service is unavailable | UK Digital Identity");
    expect(await page.getByRole("main").textContent()).toContain("Try again in a few minutes.");
    expect(await page.getByRole("link", { name: "Try this page again" }).getAttribute("href")).toBe("/wallet");
    expect(await page.getByRole("link", { name: "Skip to main content" }).count()).toBe(1);
    expect(await page.getByRole("contentinfo").count()).toBe(1);
    expect(await isDark(page)).toBe(true);
    // Light and dark: the theme is the class the toggle sets (the page's data cannot be re-read while the database is away).
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });

    // The service is back: the page's link asks again, and the wallet is shown.
    await databaseBack();
    await page.getByRole("link", { name: "Try this page again" }).click();
    await page.getByRole("heading", { level: 1, name: "Sorry, the service is unavailable" }).waitFor({
      state: "detached",
    });
    expect(new URL(page.url()).pathname).toBe("/wallet");
  }, 60_000);
});
