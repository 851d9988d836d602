import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { REFRESH_MS } from "#core/analytics/dashboard.ts";
import {
  analyticsEvents,
  errorGroups,
  errorLogs,
  performanceMetrics,
  systemLogs,
  userSessions,
} from "#db/schema/index.ts";
import { testDatabase } from "./database.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  expectToast,
  openTestBrowser,
  screenshots,
  signIn,
  type TestUser,
  visit,
} from "./wallet-helpers.ts";

/**
 * The analytics dashboard end to end (issue 12): an administrator reads the tiles, the charts and
 * every tab's list, filters the logs, opens an error's occurrences and resolves it. The rows each
 * list shows are written straight to the stack's database, with names of this file's own, just
 * before the tab that shows them is opened (the page's own requests are measured too, and push
 * older rows down the newest-first lists).
 */

afterEach(async () => {
  await closeBrowsers();
});

const tag = () => crypto.randomUUID().replace(/-/g, "").slice(0, 10);

/** An error group with `occurrences` occurrences a minute apart, the newest now, as the observability module records them. */
async function errorGroup(severity: "critical" | "high" | "medium" | "low", occurrences: number) {
  const id = tag();
  const fingerprint = `e2e-${id}`;
  const errorType = `E2eAnalyticsError${id}`;
  const now = Date.now();
  const [group] = await testDatabase()
    .insert(errorGroups)
    .values({
      fingerprint,
      errorType,
      component: `e2e-component-${id}`,
      message: `The e2e widget ${id} failed`,
      severity,
      firstSeen: new Date(now - (occurrences - 1) * 60_000),
      lastSeen: new Date(now),
      occurrences,
    })
    .returning({ id: errorGroups.id });
  const requestIds = Array.from({ length: occurrences }, (_, i) => `req-${id}-${i}`);
  await testDatabase()
    .insert(errorLogs)
    .values(
      requestIds.map((requestId, i) => ({
        errorType,
        message: `The e2e widget ${id} failed`,
        component: `e2e-component-${id}`,
        errorCode: "E2E_FAILURE",
        requestId,
        stackTrace: `${errorType}: The e2e widget ${id} failed\n    at widget (server/e2e/${id}.ts:${10 + i}:5)`,
        context: { method: "GET", path: `/api/e2e/${id}` },
        severity,
        fingerprint,
        timestamp: new Date(now - i * 60_000),
      })),
    );
  return { id: group!.id, errorType, component: `e2e-component-${id}`, requestIds, path: `/api/e2e/${id}` };
}

/** Presses Tab until a tab of the tab list has focus (at most `limit` times): the tabs are reachable from the keyboard. */
async function tabToTheTabs(page: Page, limit = 40): Promise<string> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() =>
      document.activeElement?.getAttribute("role") === "tab" ? document.activeElement.textContent : null,
    );
    if (focused) return focused;
  }
  throw new Error("no tab was reached with the Tab key");
}

const selectedTab = (page: Page) =>
  page.evaluate(() => ({
    selected: document.querySelector('[role="tab"][aria-selected="true"]')?.textContent,
    focused: document.activeElement?.textContent,
  }));

async function adminOn(width: number): Promise<{ page: Page; admin: TestUser }> {
  const admin = await createUser({ prefix: "analytics-admin", firstName: "Ada", lastName: "Min", role: "admin" });
  const browser = await openTestBrowser(width, 20_000);
  await signIn(browser, admin);
  return { page: browser.page, admin };
}

describe("the analytics dashboard", () => {
  it("shows the tiles, charts and every tab's list; filters logs; shows an error's occurrences and resolves it", async () => {
    const id = tag();
    const device = `e2e-device-${id}`;
    const now = Date.now();
    await testDatabase()
      .insert(userSessions)
      .values({
        sessionId: `e2e-session-${id}`,
        device,
        startTime: new Date(now - 10 * 60_000),
        endTime: new Date(now),
        duration: 600,
        isActive: false,
      });
    const resolvable = await errorGroup("high", 2);

    const { page, admin } = await adminOn(1280);
    await visit(page, "/analytics");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Analytics Dashboard");
    for (const tile of ["Active Users", "Avg Response Time", "Unresolved Errors", "Total Sessions"]) {
      expect(await page.getByRole("heading", { name: tile, exact: true }).isVisible(), tile).toBe(true);
    }
    // The figures arrive: a number in each tile; this file's open error among the unresolved.
    await page.getByTestId("chart-requests").locator("svg").waitFor();
    expect(Number(await page.getByTestId("tile-unresolved-errors-value").textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await page.getByTestId("tile-total-sessions-value").textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("tile-active-users-value").textContent()).toMatch(/^\d+$/);

    // The charts: hourly points over 24 hours, with marks drawn; each has its figures as a table.
    for (const chart of ["chart-requests", "chart-latency", "chart-errors", "chart-sessions"]) {
      const svg = page.getByTestId(chart).locator("svg[role=img]");
      expect(await svg.getAttribute("data-points"), chart).toBe("24");
      expect(await svg.getAttribute("aria-label"), chart).toMatch(/last 24 hours/);
      expect(await page.getByTestId(chart).locator("[data-series]").count(), chart).toBeGreaterThan(0);
    }
    // This file's error: two high-severity occurrences this hour, drawn in the errors chart and counted in its table.
    expect(Number(await page.getByTestId("severity-high").textContent())).toBeGreaterThanOrEqual(2);
    await page.getByTestId("chart-errors").getByText("Show data").click();
    expect(await page.getByTestId("chart-errors").getByRole("table").isVisible()).toBe(true);
    // This file's visit, on a device of its own: exactly one session.
    const devices = page.getByTestId("devices");
    expect(await devices.getByRole("listitem").filter({ hasText: device }).textContent()).toContain("1 session");
    expect(await page.getByTestId("recent-errors").getByRole("listitem").count()).toBeLessThanOrEqual(3);
    await screenshots(page, "analytics-overview-1280");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    // The range picker: 7 days of daily points, then 30.
    await page.getByText("Last 7 days", { exact: true }).click();
    await expect
      .poll(() => page.getByTestId("chart-requests").locator("svg[role=img]").getAttribute("data-points"))
      .toBe("7");
    expect(await page.getByTestId("figures-as-of").textContent()).toContain("Last 7 days");
    expect(await page.getByRole("heading", { name: "Requests per day" }).isVisible()).toBe(true);
    await page.getByText("Last 30 days", { exact: true }).click();
    await expect
      .poll(() => page.getByTestId("chart-requests").locator("svg[role=img]").getAttribute("data-points"))
      .toBe("30");
    expect(await page.getByTestId("tile-total-sessions").textContent()).toContain("last 30 days");

    // Events: this file's event, with its action, category, page and time.
    await testDatabase()
      .insert(analyticsEvents)
      .values({
        eventType: "click",
        eventCategory: `e2e-category-${id}`,
        eventAction: `e2e-action-${id}`,
        page: `/e2e/${id}`,
      });
    await page.getByRole("tab", { name: "Events" }).click();
    const event = page.getByTestId("events-table-row").filter({ hasText: `e2e-action-${id}` });
    await event.waitFor();
    expect(await event.getByRole("cell").allTextContents()).toEqual([
      `e2e-action-${id}`,
      `e2e-category-${id}`,
      `/e2e/${id}`,
      expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/),
    ]);

    // System Logs: this file's warning under "all" and "warn", not under "error".
    await testDatabase()
      .insert(systemLogs)
      .values({
        level: "warn",
        category: "e2e",
        message: `E2E disk nearly full ${id}`,
        component: `e2e-logger-${id}`,
        requestId: `log-req-${id}`,
      });
    await page.getByRole("tab", { name: "System Logs" }).click();
    const log = page.getByTestId("logs-table-row").filter({ hasText: `E2E disk nearly full ${id}` });
    await log.waitFor();
    expect((await log.getByRole("cell").allTextContents()).slice(0, 4)).toEqual([
      "Warn",
      `E2E disk nearly full ${id}`,
      `e2e-logger-${id}`,
      `log-req-${id}`,
    ]);
    await page.getByLabel("Level", { exact: true }).selectOption("warn");
    await expect
      .poll(async () => [
        ...new Set(await page.getByTestId("logs-table-row").locator("td:first-child").allTextContents()),
      ])
      .toEqual(["Warn"]);
    expect(await log.count()).toBe(1);
    await page.getByLabel("Level", { exact: true }).selectOption("error");
    await expect.poll(() => log.count()).toBe(0);
    expect([...new Set(await page.getByTestId("logs-table-row").locator("td:first-child").allTextContents())]).toEqual(
      (await page.getByTestId("logs-table-row").count()) ? ["Error"] : [],
    );

    // Performance: this file's slow response time, with the destructive badge (over 1000 ms).
    await testDatabase()
      .insert(performanceMetrics)
      .values({
        metricType: "response_time",
        metricName: `GET /api/e2e/${id}`,
        value: 1234,
        unit: "ms",
        endpoint: `/api/e2e/${id}`,
      });
    await page.getByRole("tab", { name: "Performance" }).click();
    const metric = page.getByTestId("metrics-table-row").filter({ hasText: `GET /api/e2e/${id}` });
    await metric.waitFor();
    expect(await metric.locator("[data-variant]").textContent()).toBe("1,234 ms");
    expect(await metric.locator("[data-variant]").getAttribute("data-variant")).toBe("destructive");
    expect(await page.getByTestId("metrics-table-row").count()).toBeLessThanOrEqual(10);

    // Errors: this file's group with its figures; the detail shows both occurrences.
    await page.getByRole("tab", { name: "Errors" }).click();
    const item = page.getByTestId("error-item").filter({ hasText: resolvable.errorType });
    await item.waitFor();
    expect(await item.getByTestId("occurrences").textContent()).toBe("2");
    expect(await item.locator("[data-severity]").getAttribute("data-severity")).toBe("high");
    expect(await item.textContent()).toContain(resolvable.component);
    await item.getByTestId("button-error-details").click();
    const dialog = page.getByTestId("error-dialog");
    await dialog.getByTestId("error-detail").waitFor();
    const occurrences = dialog.getByTestId("occurrence");
    expect(await occurrences.count()).toBe(2);
    for (const [i, requestId] of resolvable.requestIds.entries()) {
      const text = await occurrences.nth(i).textContent();
      expect(text).toContain(requestId);
      expect(text).toContain(`GET ${resolvable.path}`);
      expect(text).toContain("E2E_FAILURE");
      expect(await occurrences.nth(i).locator("pre").textContent()).toContain(`at widget (server/e2e/`);
    }
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "analytics-error-dialog-1280", { dialog: true });
    await dialog.getByRole("button", { name: "Close" }).click();

    // Mark Resolved: a toast, the group leaves the unresolved list, and who and when are recorded.
    await item.getByTestId("button-mark-resolved").click();
    await expectToast(page, "Error Resolved", `${resolvable.errorType} in ${resolvable.component} is marked resolved.`);
    await expect.poll(() => item.count()).toBe(0);
    const [stored] = await testDatabase().select().from(errorGroups).where(eq(errorGroups.id, resolvable.id));
    expect({ resolved: stored!.resolved, resolvedBy: stored!.resolvedBy }).toEqual({
      resolved: true,
      resolvedBy: admin.id,
    });
    await page.getByLabel("Show", { exact: true }).selectOption("true");
    const resolved = page.getByTestId("error-item").filter({ hasText: resolvable.errorType });
    await resolved.waitFor();
    expect(await resolved.getByTestId("resolved-by").textContent()).toMatch(
      /^Resolved by Ada Min on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    expect(await resolved.getByTestId("button-mark-resolved").count()).toBe(0);
    await screenshots(page, "analytics-errors-1280");
  }, 90_000);

  it("says so when someone else resolved the error first (409)", async () => {
    const other = await errorGroup("critical", 1);
    const { page } = await adminOn(1280);
    await visit(page, "/analytics");
    await page.getByRole("tab", { name: "Errors" }).click();
    const item = page.getByTestId("error-item").filter({ hasText: other.errorType });
    await item.waitFor();
    // Resolved behind the page's back, before the list's next refresh.
    await testDatabase()
      .update(errorGroups)
      .set({ resolved: true, resolvedAt: new Date() })
      .where(eq(errorGroups.id, other.id));
    await item.getByTestId("button-mark-resolved").click();
    await expectToast(
      page,
      "Already Resolved",
      "This error is already resolved: someone marked it resolved before you. The list has been refreshed.",
    );
    await expect.poll(() => item.count()).toBe(0);
  });

  it("resolves an error from its detail dialog, which then shows who and when, and re-reads the headline figures", async () => {
    const target = await errorGroup("medium", 1);
    const { page } = await adminOn(1280);
    await visit(page, "/analytics");
    await page.getByRole("tab", { name: "Errors" }).click();
    const item = page.getByTestId("error-item").filter({ hasText: target.errorType });
    await item.waitFor();
    await item.getByTestId("button-error-details").click();
    const dialog = page.getByTestId("error-dialog");
    // The tiles (Unresolved Errors) are read again at once, as the person's read, not the next background one.
    const reread = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === "/api/analytics/dashboard" &&
        request.headers()["x-background-poll"] !== "1",
    );
    await dialog.getByTestId("dialog-mark-resolved").click();
    await expectToast(page, "Error Resolved", `${target.errorType} in ${target.component} is marked resolved.`);
    // Shown only once the dialog has read the group again.
    await dialog.getByTestId("resolved-by").waitFor();
    expect(await dialog.getByTestId("resolved-by").textContent()).toMatch(
      /^Resolved by Ada Min on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    expect(await dialog.getByTestId("dialog-mark-resolved").count()).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => item.count()).toBe(0);
    await reread;
  });

  it("works from the keyboard alone: the tabs are reached with Tab and moved between with the arrows, Home and End", async () => {
    const { page } = await adminOn(1280);
    await visit(page, "/analytics");
    expect(await tabToTheTabs(page)).toBe("Overview");
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab(page)).toEqual({ selected: "Events", focused: "Events" });
    expect(await page.locator("#panel-events").isVisible()).toBe(true);
    expect(await page.locator("#panel-overview").isVisible()).toBe(false);
    await page.keyboard.press("End");
    expect(await selectedTab(page)).toEqual({ selected: "Performance", focused: "Performance" });
    await page.keyboard.press("ArrowRight");
    expect(await selectedTab(page)).toEqual({ selected: "Overview", focused: "Overview" });
    await page.keyboard.press("ArrowLeft");
    expect(await selectedTab(page)).toEqual({ selected: "Performance", focused: "Performance" });
    await page.keyboard.press("Home");
    expect(await selectedTab(page)).toEqual({ selected: "Overview", focused: "Overview" });
    // Tab leaves the tab list for the panel: one stop for the whole list.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("panel-overview");
    // The range picker is a radio group: arrows change the range.
    await page.getByTestId("range-24h").focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.getByTestId("figures-as-of").textContent()).toContain("Last 7 days");
  });

  it("refreshes a list on the spec's interval as background reads, pauses while the browser tab is hidden and reads at once when it is shown", async () => {
    const { page } = await adminOn(1280);
    await page.clock.install();
    await visit(page, "/analytics");
    const reads: boolean[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/analytics/events")
        reads.push(request.headers()["x-background-poll"] === "1");
    });
    const shown = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/analytics/events");
    await page.getByRole("tab", { name: "Events" }).click();
    await shown;
    // The person's own read is measured; the page's refresh 10 s later is a background read.
    const refreshed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/analytics/events" &&
        response.request().headers()["x-background-poll"] === "1",
    );
    await page.clock.runFor(REFRESH_MS.events);
    await refreshed;
    expect(reads).toEqual([false, true]);

    const setVisibility = (state: "hidden" | "visible") =>
      page.evaluate((state) => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await setVisibility("hidden");
    await page.clock.runFor(REFRESH_MS.events * 3);
    expect(reads).toEqual([false, true]);
    const resumed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/analytics/events");
    await setVisibility("visible");
    await resumed;
    expect(reads).toEqual([false, true, true]);
  });

  it("fits a phone", async () => {
    const id = tag();
    await testDatabase()
      .insert(systemLogs)
      .values({
        level: "info",
        category: "e2e",
        message: `E2E a long log line for a narrow screen ${id} `.repeat(3),
        component: "e2e-logger",
        requestId: `log-req-${id}`,
      });
    const { page } = await adminOn(390);
    await visit(page, "/analytics");
    await page.getByTestId("chart-requests").locator("svg").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshots(page, "analytics-overview-390");
    await page.getByRole("tab", { name: "System Logs" }).click();
    await page.getByTestId("logs-table").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshots(page, "analytics-logs-390");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });
  });
});
