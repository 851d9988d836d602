import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseSwitch, databaseSwitch } from "#scripts/bench/outage.ts";
import { freePort } from "#scripts/process.ts";
import { type Stack, startStack } from "#scripts/stack.ts";
import { openBrowser } from "./browser.ts";
import { seriousAxeFindings, setDarkMode, signIn, uniqueUsername, visit } from "./wallet-helpers.ts";

/**
 * The page a person sees when the database cannot be reached (issue 20, ADR 032): "Sorry, the
 * service is unavailable", in the product's layout, with the axe checks every screen has, in light
 * and in dark. The database has to go away under a running product, so this file runs a stack of
 * its own (`npm start`'s, as every lane's is) whose workers reach the database through a switch
 * (scripts/bench/outage.ts, the security bench's): paused, it holds every database request
 * unanswered, as a paused or partitioned server would, and each request meets its deadline.
 * The lanes' stacks are never touched.
 */
let stack: Stack;
let database: DatabaseSwitch;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "identity-e2e-outage-"));
  stack = await startStack({
    dataDir,
    webPort: await freePort(),
    databaseFront: async (libsqlUrl) => {
      database = await databaseSwitch(libsqlUrl);
      return database;
    },
  });
}, 180_000);

afterAll(async () => {
  database?.resume();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The database comes back after every test, whatever happened in it. */
afterEach(() => database?.resume());

/** A person of the test's own, registered on this file's stack as anyone registers: their username and password. */
async function registeredPerson() {
  const username = uniqueUsername("outage");
  const password = `Correct horse ${crypto.randomUUID()}`;
  const response = await fetch(`${stack.url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: stack.url, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({
      username,
      email: `${username}@example.org`,
      password,
      firstName: "Olive",
      lastName: "Page",
    }),
  });
  expect(response.status, await response.text()).toBe(201);
  return { username, password };
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));

/** Goes to `path` with the database away: the page that answers, as it answers. */
async function visitDuringOutage(page: Page, path: string) {
  database.pause();
  const response = await page.goto(path);
  await page.getByRole("heading", { level: 1, name: "Sorry, the service is unavailable" }).waitFor();
  return response;
}

describe("the service-unavailable page", () => {
  it("answers 503 with Retry-After in the product's layout, and passes axe in light and in dark", async () => {
    const browser = await openBrowser({ baseUrl: stack.url });
    try {
      const { page } = browser;
      await signIn(browser, await registeredPerson());

      // Light: the wallet with the database away.
      const light = await visitDuringOutage(page, "/wallet");
      expect(light?.status()).toBe(503);
      expect(light?.headers()["retry-after"]).toBe("30");
      expect(await page.title()).toBe("Sorry, the service is unavailable | UK Digital Identity");
      expect(await page.getByRole("main").textContent()).toContain("Try again in a few minutes.");
      expect(await page.getByRole("link", { name: "Try this page again" }).getAttribute("href")).toBe("/wallet");
      expect(await page.getByRole("link", { name: "Skip to main content" }).count()).toBe(1);
      expect(await page.getByRole("contentinfo").count()).toBe(1);
      expect(await isDark(page)).toBe(false);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // Dark: a person who chose dark mode (the header's toggle, while the service worked) and then met the outage.
      database.resume();
      await visit(page, "/wallet");
      await setDarkMode(page, true);
      const dark = await visitDuringOutage(page, "/wallet");
      expect(dark?.status()).toBe(503);
      expect(await isDark(page)).toBe(true);
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The service is back: the page's link asks again, and the wallet is shown.
      database.resume();
      await page.getByRole("link", { name: "Try this page again" }).click();
      await page.getByRole("heading", { level: 1, name: "Sorry, the service is unavailable" }).waitFor({
        state: "detached",
      });
      expect(new URL(page.url()).pathname).toBe("/wallet");
    } finally {
      await browser.close();
    }
  }, 120_000);
});
