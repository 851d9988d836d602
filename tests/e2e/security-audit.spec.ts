import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  openTestBrowser,
  screenshots,
  signInThroughApi,
  type TestUser,
  visit,
} from "./wallet-helpers.ts";

/**
 * The Security Audit tab of /analytics (issue 13 "Audit") end to end: an administrator causes a
 * real sign-in failure, then finds it from the keyboard alone by category and event, with its UTC
 * time, the name as typed (escaped: a name carrying a line break is one row, not two), the
 * address and the request id the failed sign-in answered with; the agents' controls appear with
 * theirs; axe finds nothing serious in light or dark.
 */

afterEach(async () => {
  await closeBrowsers();
});

const tag = () => crypto.randomUUID().replace(/-/g, "").slice(0, 10);
const ISO_UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A JSON POST made by the page (its cookies go with it): the status and our request id from the answer's header. */
function post(page: Page, path: string, body: unknown): Promise<{ status: number; requestId: string | null }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, requestId: response.headers.get("X-Request-Id") };
    },
    { path, body },
  );
}

/** Presses Tab until `accept` says the focused element is the one wanted (at most `limit` times). */
async function tabTo(page: Page, accept: (page: Page) => Promise<boolean>, what: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await accept(page)) return;
  }
  throw new Error(`${what} was not reached with the Tab key`);
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return null;
    if (element.getAttribute("role") === "tab") return `tab:${element.textContent}`;
    const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return label ?? element.textContent ?? element.id;
  });

async function adminBrowser(width = 1280): Promise<{ page: Page; admin: TestUser; signInNow: () => Promise<void> }> {
  const admin = await createUser({ prefix: "audit-admin", firstName: "Ada", lastName: "Min", role: "admin" });
  const browser = await openTestBrowser(width, 20_000);
  return { page: browser.page, admin, signInNow: () => signInThroughApi(browser, admin) };
}

/** /analytics, then the Security Audit tab reached and opened from the keyboard. */
async function openSecurityAudit(page: Page): Promise<void> {
  await visit(page, "/analytics");
  await tabTo(page, async (p) => (await focusedLabel(p))?.startsWith("tab:") ?? false, "the tab list");
  for (let i = 0; i < 3 && (await focusedLabel(page)) !== "tab:Security Audit"; i++)
    await page.keyboard.press("ArrowRight");
  expect(await focusedLabel(page)).toBe("tab:Security Audit");
  expect(await page.getByRole("tab", { name: "Security Audit" }).getAttribute("aria-selected")).toBe("true");
  await page
    .getByTestId("audit-summary")
    .getByText(/^Page 1: /)
    .waitFor();
}

const rowsWith = (page: Page, text: string) => page.getByTestId("audit-table-row").filter({ hasText: text });
const cells = async (page: Page, requestId: string) => rowsWith(page, requestId).getByRole("cell").allTextContents();

describe("the security audit", () => {
  it("shows an administrator a sign-in failure they just caused, found from the keyboard by category and event, with the name escaped", async () => {
    const id = tag();
    const { page, admin, signInNow } = await adminBrowser();

    // A real failure, typed into the sign-in form: a name that is nobody's, with quotes and a line separator.
    await visit(page, "/login");
    const typed = `e2e-${id} "quoted"\u2028x`;
    await page.getByLabel("Username").fill(typed);
    await page.getByLabel("Password").fill("not the password");
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const failure = await answered;
    expect(failure.status()).toBe(401);
    const typedId = (await failure.headerValue("x-request-id"))!;
    // And one a script sends, with the CR/LF and terminal escape a form field cannot carry, made to look like a second entry.
    const forged = await post(page, "/api/auth/login", {
      username: `e2e-${id}\r\nlogin succeeded user=admin\u001b[31m`,
      password: "x",
    });
    expect(forged.status).toBe(401);

    await signInNow();
    await openSecurityAudit(page);

    // Filter by category and event with the keyboard alone: Tab through the panel to the filters, Enter applies them.
    await tabTo(page, async (p) => (await focusedLabel(p)) === "Category", "the Category filter");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByTestId("audit-category").inputValue()).toBe("auth");
    await page.keyboard.press("Tab");
    expect(await focusedLabel(page)).toBe("Event");
    await page.keyboard.type("login failed");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByTestId("audit-summary").textContent())
      .toMatch(/^Page 1: \d+ entr(y|ies), newest first, filtered by Sign-in and accounts, event "login failed"$/);

    // Both failures, each one row: the forged line break is shown as its escape inside the row.
    await expect.poll(() => rowsWith(page, `e2e-${id}`).count()).toBe(2);
    const [time, category, event, who, address, requestId, details] = await cells(page, typedId);
    expect(time).toMatch(ISO_UTC_SECONDS);
    expect(await page.getByRole("columnheader", { name: "Time (UTC)" }).isVisible()).toBe(true);
    expect([category, event, requestId]).toEqual(["Sign-in and accounts", "login failedWarn", typedId]);
    expect(who).toBe(`e2e-${id} \\"quoted\\"\\u2028xNo account id`);
    expect(address).not.toBe("None");
    expect(details).toContain("unknown_user");
    const forgedCells = await cells(page, forged.requestId!);
    expect(forgedCells[3]).toBe(`e2e-${id}\\u000d\\u000alogin succeeded user=admin\\u001b[31mNo account id`);
    expect(await rowsWith(page, "login succeeded user=admin").count()).toBe(1);
    // Only what the filters ask for.
    expect(new Set(await page.getByTestId("audit-table-row").locator("td:nth-child(2)").allTextContents())).toEqual(
      new Set(["Sign-in and accounts"]),
    );
    expect(await page.getByRole("table").locator("caption").textContent()).toContain(
      'Security audit log, newest first, filtered by Sign-in and accounts, event "login failed"',
    );

    await screenshots(page, "security-audit-1280");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    // The administrator's own sign-in, by their name; then Clear filters (keyboard) shows every category again.
    await page.getByTestId("audit-event").fill("");
    await page.getByTestId("audit-user").fill(admin.username);
    await page.getByTestId("audit-user").press("Enter");
    await expect
      .poll(async () =>
        (await page.getByTestId("audit-table-row").locator("td:nth-child(3)").allTextContents()).join("|"),
      )
      .toBe("login succeeded");
    await page.getByTestId("button-clear-audit-filters").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("audit-summary").textContent()).toMatch(/newest first, all events$/);
    expect(await page.getByTestId("audit-category").inputValue()).toBe("all");
  }, 90_000);

  it("lists the agents' controls with who and their request ids, within a UTC range, and fits a phone", async () => {
    const { page, admin, signInNow } = await adminBrowser(390);
    await signInNow();
    const before = new Date(Date.now() - 60_000);
    const paused = await post(page, "/api/gabriel/controls", { action: "pause", reason: "Audit test: pausing" });
    const resumed = await post(page, "/api/gabriel/controls", { action: "resume" });
    expect([paused.status, resumed.status]).toEqual([200, 200]);

    await openSecurityAudit(page);
    await page.getByTestId("audit-category").selectOption("agents");
    await page.getByTestId("audit-user").fill(admin.username);
    // The range is read as UTC, whatever the browser's own zone (this one is Europe/London).
    await page.getByTestId("audit-from").fill(before.toISOString().slice(0, 19));
    await page.getByTestId("button-apply-audit-filters").click();
    await expect.poll(() => page.getByTestId("audit-table-row").count()).toBe(2);
    expect((await cells(page, resumed.requestId!)).slice(1, 3)).toEqual(["Gabriel agents", "agents resumed"]);
    const pausedCells = await cells(page, paused.requestId!);
    expect(pausedCells.slice(1, 4)).toEqual(["Gabriel agents", "agents paused", `${admin.username}${admin.id}`]);
    expect(pausedCells[6]).toContain("Audit test: pausing");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshots(page, "security-audit-390");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    // A range that ends before them shows none, in the screen's words.
    await page.getByTestId("audit-to").fill(new Date(before.getTime() + 1_000).toISOString().slice(0, 19));
    await page.getByTestId("button-apply-audit-filters").click();
    await page.getByText("No audit events match these filters").waitFor();
    // A range that ends before it starts is refused at once, in the API's words, and nothing is read.
    await page.getByTestId("audit-to").fill(new Date(before.getTime() - 60_000).toISOString().slice(0, 19));
    await page.getByTestId("button-apply-audit-filters").click();
    expect(await page.getByRole("alert").filter({ hasText: "from must not be after to" }).isVisible()).toBe(true);
    expect(await page.getByText("No audit events match these filters").isVisible()).toBe(true);
  }, 60_000);
});
