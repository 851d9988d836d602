import { eq } from "drizzle-orm";
import type { Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PITCH_PATHS } from "#app/worker/pitch-paths.ts";
import { analyticsEvents } from "#db/schema/index.ts";
import { type OpenBrowser, openBrowser, waitForHydration } from "./browser.ts";
import { testDatabase } from "./database.ts";
import { axeInBothThemes } from "./wallet-helpers.ts";

// Spec 001 §2 navigation, §7 tracking, and the WCAG 2.2 AA bar of issue 3.
const NAV_LABELS = [
  "Home",
  "Challenge",
  "Solution",
  "Roadmap",
  "Costs & Benefits",
  "Governance",
  "About",
  "Pilots",
  "Business Model",
  "Funding",
  "Podcasts",
  "Platform Login",
];

describe("pitch navigation on a wide screen", () => {
  let b: OpenBrowser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(() => b.close());

  it("shows every link of the spec in order, marks the current one, and has no menu toggle", async () => {
    await b.page.goto("/challenge");
    const nav = b.page.getByRole("navigation", { name: "Main", exact: true });
    const labels = (await nav.getByRole("link").allTextContents()).map((t) => t.trim());
    expect(labels).toEqual(NAV_LABELS);
    await expect.poll(() => nav.getByRole("link", { name: "Challenge" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(await b.page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    // Sign Up Free belongs to the mobile menu only.
    expect(await nav.getByRole("link", { name: "Sign Up Free" }).count()).toBe(0);
  });

  it("navigates between pitch pages and moves the current-page marker", async () => {
    await b.page.goto("/");
    const nav = b.page.getByRole("navigation", { name: "Main", exact: true });
    await nav.getByRole("link", { name: "Funding" }).click();
    await b.page.waitForURL("**/investor-funding");
    await expect.poll(() => nav.getByRole("link", { name: "Funding" }).getAttribute("aria-current")).toBe("page");
    await nav.getByRole("link", { name: "Platform Login" }).click();
    await b.page.waitForURL("**/login");
    await expect.poll(() => b.page.getByRole("heading", { level: 1 }).textContent()).toBe("Sign In");
  });

  it("offers a skip link to the main content as the first thing to tab to", async () => {
    await b.page.goto("/about");
    await b.page.keyboard.press("Tab");
    const focused = b.page.locator(":focus");
    expect(await focused.textContent()).toBe("Skip to main content");
    await b.page.keyboard.press("Enter");
    // Following the link moves the address to the main content (once the browser has acted on the key).
    await b.page.waitForURL(/#main-content$/, { timeout: 5_000 });
    expect(new URL(b.page.url()).hash).toBe("#main-content");
  });
});

describe("pitch navigation on a phone", () => {
  let b: OpenBrowser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width: 360, height: 800 } });
  });
  afterAll(() => b.close());

  it("hides the links behind a menu toggle that opens, closes with Escape, and closes after a link", async () => {
    await b.page.goto("/");
    const toggle = b.page.getByRole("button", { name: "Menu" });
    expect(await b.page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const menu = b.page.getByRole("navigation", { name: "Main (menu)" });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: "Sign Up Free" }).getAttribute("href")).toBe("/register");
    expect((await menu.getByRole("link").allTextContents()).map((t) => t.trim())).toEqual([
      ...NAV_LABELS,
      "Sign Up Free",
    ]);

    await b.page.keyboard.press("Escape");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isVisible()).toBe(false);
    // Focus returns to the toggle, so keyboard users are not lost.
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    await toggle.click();
    await menu.getByRole("link", { name: "Roadmap" }).click();
    await b.page.waitForURL("**/roadmap");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("fits every pitch page in 360 px without sideways scrolling, of the page or of its main content", async () => {
    for (const path of PITCH_PATHS) {
      await b.page.goto(path);
      // As the page is once React has rendered it in the browser.
      await waitForHydration(b.page);
      const overflow = await b.page.evaluate(() => {
        const main = document.querySelector("main");
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          main: main ? Math.max(0, main.scrollWidth - main.clientWidth) : null,
        };
      });
      expect({ path, overflow }).toEqual({ path, overflow: { page: 0, main: 0 } });
    }
  });
});

describe("visit tracking", () => {
  let b: OpenBrowser;
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(() => b.close());

  /** The events stored for one tab's tracking session. */
  const eventsFor = (sessionId: string) =>
    testDatabase()
      .select({
        eventType: analyticsEvents.eventType,
        eventCategory: analyticsEvents.eventCategory,
        eventAction: analyticsEvents.eventAction,
        eventLabel: analyticsEvents.eventLabel,
        page: analyticsEvents.page,
        metadata: analyticsEvents.metadata,
        userAgent: analyticsEvents.userAgent,
      })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, sessionId));

  it("records a page view on load and on every route change, and each click on a data-testid element", async () => {
    await b.page.goto("/about");
    const sessionId = await b.page.evaluate(() => {
      // The tracker keeps a random id per tab in sessionStorage; wait for it to exist.
      return new Promise<string>((resolve) => {
        const read = () => {
          const id = sessionStorage.getItem("identity.analytics.session");
          if (id) resolve(id);
          else setTimeout(read, 50);
        };
        read();
      });
    });
    await b.page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: "Pilots" }).click();
    await b.page.waitForURL("**/pilots");

    // Stored after the response (waitUntil), so not necessarily in the order sent, nor at once on a
    // busy machine: wait (up to the test's own budget) for this tab's three events, then compare
    // them as a set.
    await expect.poll(async () => (await eventsFor(sessionId)).length, { timeout: 20_000 }).toBe(3);
    const rows = await eventsFor(sessionId);
    expect(rows.map((r) => `${r.eventAction} ${r.page}`).sort()).toEqual([
      "click /about",
      "view_page /about",
      "view_page /pilots",
    ]);
    for (const view of rows.filter((r) => r.eventAction === "view_page")) {
      expect(view).toMatchObject({ eventType: "page_view", eventCategory: "navigation" });
    }
    const click = rows.find((r) => r.eventAction === "click");
    expect(click).toMatchObject({ eventCategory: "user_interaction", eventLabel: "nav-pilots", page: "/about" });
    expect(click!.metadata).toEqual({ elementType: "a", text: "Pilots" });
    for (const row of rows) expect(row.userAgent).toContain("Chrome");
  });

  it("only warns in the console when tracking fails", async () => {
    const warnings: string[] = [];
    b.page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await b.page.route("**/api/analytics/track", (route) => route.fulfill({ status: 503, body: "down" }));
    await b.page.goto("/governance");
    await expect.poll(() => warnings.some((w) => w.includes("Analytics tracking failed: 503"))).toBe(true);
    expect(await b.page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
    await b.page.unroute("**/api/analytics/track");
  });
});

describe("accessibility (axe-core, WCAG 2.2 AA)", () => {
  let b: OpenBrowser;
  /** The tab's requests that have neither finished nor failed, by address. */
  const unfinished = new Map<Request, string>();
  beforeAll(async () => {
    b = await openBrowser({ viewport: { width: 1280, height: 900 } });
    b.page.on("request", (request) => unfinished.set(request, request.url()));
    b.page.on("requestfinished", (request) => unfinished.delete(request));
    b.page.on("requestfailed", (request) => unfinished.delete(request));
  });
  afterAll(() => b.close());

  const pages = [...PITCH_PATHS, "/login", "/register", "/coming-soon/api-docs", "/no-such-page"];

  /**
   * Each page is loaded once and checked light, then dark with the theme's class set in place: a
   * public page renders nothing else by theme (only the signed-in header reads it), so the class is
   * all a dark load of the same page would differ by, and a second load would only cost time.
   */
  it.each(pages.filter((path) => !PITCH_PATHS.has(path)))(
    "%s has no serious or critical violations in light or dark",
    async (path) => {
      await b.page.goto(path);
      expect(await axeInBothThemes(b.page, { direct: true })).toEqual({ light: [], dark: [] });
    },
  );

  /**
   * A pitch page sends a page view to /api/analytics/track when it opens. Its answer carries no
   * body (204), so no request is left open: a browser, or a tool waiting for the page to go quiet,
   * sees the page finish loading. Checked on the same visit as axe, by the requests themselves: every
   * one the page made finishes (what "network idle" waits for, without its half-second of quiet).
   */
  it.each([...PITCH_PATHS])(
    "%s leaves no request open, its page view answered 204, with no serious or critical violations in light or dark",
    async (path) => {
      unfinished.clear();
      const tracked = b.page.waitForResponse((response) => new URL(response.url()).pathname === "/api/analytics/track");
      await b.page.goto(path);
      expect((await tracked).status()).toBe(204);
      await expect.poll(() => [...unfinished.values()]).toEqual([]);
      expect(await axeInBothThemes(b.page, { direct: true })).toEqual({ light: [], dark: [] });
    },
  );
});
