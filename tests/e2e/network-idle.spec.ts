import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PITCH_PATHS } from "#app/worker/pitch-paths.ts";
import { type OpenBrowser, openBrowser } from "./browser.ts";

/**
 * Every page a visitor opens sends a page view to /api/analytics/track. Its answer carries no body
 * (204), so no request is left open: a browser, or a tool waiting for the page to go quiet, sees
 * the page finish loading.
 */
let browser: OpenBrowser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser.close());

describe("pages reach network idle", () => {
  it.each([...PITCH_PATHS])("%s", async (path) => {
    const tracked = browser.page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/analytics/track",
    );
    await browser.page.goto(path, { waitUntil: "networkidle", timeout: 15_000 });
    const answer = await tracked;
    expect(answer.status()).toBe(204);
  });
});
