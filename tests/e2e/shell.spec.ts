import type { Page, Route } from "playwright-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { holdRequests, type OpenBrowser, openBrowser, waitForHydration } from "./browser.ts";
import { createUser, signIn, signInAsDemo, type TestUser, uniqueUsername } from "./wallet-helpers.ts";

/**
 * The signed-in shell (issue "Foundation"; spec 000 §2, §8, §9): demo logins land on each role's
 * dashboard, registration, form validation, sign out, dark mode, 404 and coming-soon pages, and
 * the signed-in-only routes. Elements are found by role and text, as a person would.
 */
let browser: OpenBrowser;
let page: Page;

/**
 * The person this file signs in as, except where the demo login is itself the subject: an
 * administrator (the dashboard refresh is checked on the admin dashboard; the other tests need
 * anyone signed in, and show the same header to every role).
 */
let member: TestUser;

beforeAll(async () => {
  member = await createUser({ prefix: "shell", firstName: "Grace", lastName: "Hopper", role: "admin" });
});

beforeEach(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterEach(async () => {
  await browser.close();
});

/** Loads a page and waits until React has hydrated it (buttons only work from then on). */
async function visit(path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

const toast = () => page.getByRole("region", { name: "Notifications (F8)" });

/** What a screen reader announces as the field's description: its hint and error messages. */
const fieldDescription = (label: string) =>
  page.getByLabel(label).evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

const ROLES = [
  {
    button: "Admin User" as const,
    greeting: "Welcome back, Admin",
    cards: ["Total Users", "System Health", "Active Alerts"],
    tools: ["User Management", "System Analytics", "Security Monitoring", "System Settings"],
    sections: ["System Events", "System Status"],
    action: "View System Monitoring",
  },
  {
    button: "Citizen" as const,
    greeting: "Welcome back, Sarah",
    cards: ["My Credentials", "Recent Shares", "Profile Status"],
    tools: ["My Wallet", "Request Credential", "Share Credentials", "My Profile"],
    sections: ["Recent Activity", "My Profile Strength"],
    action: "Complete Your Profile",
  },
  {
    button: "Verifier" as const,
    greeting: "Welcome back, James",
    cards: ["Pending Verifications", "Completed Today", "Success Rate"],
    tools: ["Verification Queue", "Scan Credentials", "Verification Reports", "Approval Workflows"],
    sections: ["Recent Verifications", "Verification Status"],
    action: "Manage Verification Tools",
  },
  {
    button: "Operator" as const,
    greeting: "Welcome back, Priya",
    cards: ["Active Sessions", "Requests Processed", "Avg Response Time"],
    tools: ["Citizen Support", "Process Requests", "Help Desk", "Call Center"],
    sections: ["Recent Support", "Support Metrics"],
    action: "Open Support Dashboard",
  },
];

describe("Quick Demo Login", () => {
  for (const role of ROLES) {
    it(`${role.button} lands on the ${role.button.toLowerCase()} dashboard`, async () => {
      await signInAsDemo(browser, role.button);
      await expect
        .poll(() => toast().getByText("Welcome back! You've been logged in successfully.").isVisible())
        .toBe(true);
      await page.getByRole("heading", { level: 1, name: role.greeting }).waitFor();
      for (const name of [...role.cards, ...role.sections]) {
        expect(await page.getByRole("heading", { name, exact: true }).count(), name).toBe(1);
      }
      for (const name of role.tools) {
        expect(await page.getByRole("link", { name: new RegExp(`^${name}`) }).count(), name).toBe(1);
      }
      expect(await page.getByRole("link", { name: role.action }).count()).toBe(1);
      expect(await page.getByText("Live", { exact: true }).isVisible()).toBe(true);
      // Every role sees the same four header links (spec 000 §6).
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const name of ["Citizen Wallet", "Verifier Portal", "Operator Dashboard", "Gabriel AI"]) {
        expect(await nav.getByRole("link", { name }).count(), name).toBe(1);
      }
    });
  }

  it("shows Login Failed with the server's message for a wrong password", async () => {
    await visit("/login");
    await page.getByLabel("Username").fill("nobody-here");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const alert = toast().getByRole("alert");
    await alert.getByText("Login Failed", { exact: true }).waitFor();
    expect(await alert.textContent()).toContain("Invalid username or password");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("shows Validation Error for an empty sign-in, and sends nothing", async () => {
    await visit("/login");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/login") sent.push(request.method());
    });
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const alert = toast().getByRole("alert");
    await alert.getByText("Validation Error", { exact: true }).waitFor();
    expect(await alert.textContent()).toContain("Username: Required (and 1 more problem shown on the form)");
    expect(sent).toEqual([]);
  });
});

describe("toasts (spec 000 §9)", () => {
  async function failLogin() {
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await toast().getByText("Login Failed", { exact: true }).waitFor();
  }

  it("shows one at a time, F8 focuses the region, and a 50 px swipe right dismisses", async () => {
    await visit("/login");
    await page.getByLabel("Username").fill("nobody-toast");
    await page.getByLabel("Password").fill("wrong-password");
    await failLogin();
    // A second failure with its own text: once that text is on screen, the first must be gone.
    await page.route("**/api/auth/login", (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ message: "Second failure" }),
      }),
    );
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await toast().getByText("Second failure", { exact: true }).waitFor();
    expect(await toast().getByRole("alert").count()).toBe(1);
    await page.unroute("**/api/auth/login");

    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.closest("section")?.getAttribute("aria-label"))).toBe(
      "Notifications (F8)",
    );

    // A short drag springs back; a drag past the threshold dismisses.
    const box = (await toast().getByRole("alert").boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 5 });
    await page.mouse.up();
    expect(await toast().getByRole("alert").count()).toBe(1);
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => toast().getByRole("alert").count()).toBe(0);

    await failLogin();
    await toast().getByRole("button", { name: "Close notification" }).click();
    await expect.poll(() => toast().getByRole("alert").count()).toBe(0);
  });

  it("closes by itself after 5 seconds", async () => {
    // The page's clock is the test's: the 5 s are counted by it, not by a busy machine's wall clock.
    await page.clock.install();
    await visit("/login");
    await page.getByLabel("Username").fill("nobody-toast");
    await page.getByLabel("Password").fill("wrong-password");
    // Stopped before the toast appears, so its 5 s start on the test's count, whatever the machine's pace.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    await failLogin();
    await page.mouse.move(0, 0); // not hovering: hovering pauses the timer
    // Open for 5 s: not closed early, and gone once they have passed.
    await page.clock.runFor(4_900);
    expect(await toast().getByRole("alert").count()).toBe(1);
    await page.clock.runFor(200);
    await expect.poll(() => toast().getByRole("alert").count()).toBe(0);
  });
});

describe("pending labels (spec 000 §2)", () => {
  it("Sign In reads Signing In... and is disabled while the login request is pending", async () => {
    await visit("/login");
    await page.getByLabel("Username").fill(member.username);
    await page.getByLabel("Password").fill(member.password);
    const release = await holdRequests(page, "**/api/auth/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const pending = page.getByRole("button", { name: "Signing In...", exact: true });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Sign In", exact: true }).count()).toBe(0);
    release();
    await page.waitForURL(new URL("/", browser.baseUrl).href);
  });

  it("Create Account reads Creating Account... and is disabled while the request is pending", async () => {
    const username = uniqueUsername("pending");
    await visit("/register");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("analytical-engine-1843");
    const release = await holdRequests(page, "**/api/auth/register");
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
    const pending = page.getByRole("button", { name: "Creating Account...", exact: true });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    await page.waitForURL(new URL("/", browser.baseUrl).href);
  });

  it("Sign Out reads Signing Out... and is disabled while the logout request is pending", async () => {
    await signIn(browser, member);
    const release = await holdRequests(page, "**/api/auth/logout");
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    const pending = page.getByRole("button", { name: "Signing Out...", exact: true });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
  });
});

describe("registration", () => {
  it("creates an account and lands on the citizen dashboard with the Account Created toast", async () => {
    const username = uniqueUsername("register");
    await visit("/register");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Email").fill(`${username}@example.gov.uk`);
    await page.getByLabel("Password").fill("analytical-engine-1843");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(new URL("/", browser.baseUrl).href);
    await toast().getByText("Account Created", { exact: true }).waitFor();
    expect(await toast().textContent()).toContain("Welcome! Your account has been created and you're now signed in.");
    // The session registering opened greets a newcomer; "Welcome back" is for a later sign-in.
    await page.getByRole("heading", { level: 1, name: "Welcome, Ada" }).waitFor();
    expect(await page.getByRole("heading", { name: "My Credentials" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
  });

  it("shows the default validation messages under the fields", async () => {
    await visit("/register");
    await page.getByRole("button", { name: "Create Account" }).click();
    // Nothing typed: the toast names the first problem (spec 000 §8 "Validation Error"); the two
    // required fields say so; the optional ones say nothing.
    const alert = toast().getByRole("alert");
    await alert.getByText("Validation Error", { exact: true }).waitFor();
    expect(await alert.textContent()).toContain("Username: Required (and 1 more problem shown on the form)");
    await expect.poll(() => fieldDescription("Username")).toContain("Required");
    expect(await fieldDescription("Password")).toContain("Required");
    expect(await fieldDescription("Email")).toBe("");
    expect(await page.getByRole("main").getByText("Required").count()).toBe(2);

    await page.getByLabel("Username").fill("ab");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => fieldDescription("Username")).toContain("String must contain at least 3 character(s)");
    expect(await fieldDescription("Email")).toContain("Invalid email");
    expect(await fieldDescription("Password")).toContain("String must contain at least 8 character(s)");
    // Shown on screen too, under the fields.
    for (const message of [
      "String must contain at least 3 character(s)",
      "Invalid email",
      "String must contain at least 8 character(s)",
    ]) {
      expect(await page.getByRole("main").getByText(message).isVisible(), message).toBe(true);
    }
    // The message is tied to its field for screen readers.
    expect(await page.getByLabel("Username").getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/register");
  });
});

describe("signed-in shell", () => {
  it("refreshes the dashboard 2 seconds after each answer, as background polls", async () => {
    await page.clock.install();
    await signIn(browser, member);
    await page.getByRole("heading", { level: 1, name: /Grace/ }).waitFor();
    const polls: Route[] = [];
    await page.route("**/api/dashboard/stats", (route) => void polls.push(route));
    await page.clock.runFor(2_000);
    await expect.poll(() => polls.length).toBe(1);
    // From here the test counts the time on the page's clock, not a busy machine's wall clock.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    // The first answer, marked, so the page shows it has handled it (and chained its next poll).
    const answer = await polls[0]!.fetch();
    const marked = "2001-02-03T04:05:06.000Z";
    await polls[0]!.fulfill({ response: answer, json: { ...(await answer.json()), lastUpdated: marked } });
    await page.locator(`time[datetime="${marked}"]`).waitFor();
    await page.clock.runFor(1_999);
    expect(polls.length).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => polls.length).toBe(2);
    // Marked, so they neither extend the session's idle timeout nor count as measured requests.
    expect(polls.map((route) => route.request().headers()["x-background-poll"])).toEqual(["1", "1"]);
    await polls[1]!.continue();
  });

  it("Sign Out goes to /login with the Signed Out toast and hides the header", async () => {
    await signIn(browser, member);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(new URL("/login", browser.baseUrl).href);
    await toast().getByText("Signed Out", { exact: true }).waitFor();
    expect(await toast().textContent()).toContain(
      "All your data has been saved and you've been successfully signed out.",
    );
    // The header follows once the page has read who is signed in again (after the toast, on a busy
    // machine): it must go, not be gone at the very instant the toast shows.
    await page.getByRole("button", { name: "Sign Out" }).waitFor({ state: "detached" });
    // The session is really gone: the wallet asks for sign-in again.
    await visit("/wallet");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("remembers dark mode across a reload, rendered by the server without a flash", async () => {
    await signIn(browser, member);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await isDark()).toBe(false);
    await page.getByRole("button", { name: "Dark mode" }).click();
    expect(await isDark()).toBe(true);
    expect(await page.getByRole("button", { name: "Dark mode" }).getAttribute("aria-pressed")).toBe("true");

    await page.reload();
    expect(await isDark()).toBe(true);
    // The server itself renders the class (from the cookie), so the first paint is dark.
    const html = await (await browser.context.request.get("/")).text();
    expect(html).toMatch(/<html lang="en-GB" dir="ltr" class="dark"/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  });

  it("shows the generated avatar from the bare fallback path, without the name in the URL", async () => {
    await signIn(browser, member);
    const avatar = page.locator("header img");
    expect(await avatar.getAttribute("src")).toBe("/api/placeholder-avatar");
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  it("highlights the current header link", async () => {
    await signIn(browser, member);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Operator Dashboard" }).click();
    await page.waitForURL(/\/assisted$/);
    await page.getByRole("heading", { level: 1, name: "Operator Dashboard" }).waitFor();
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Operator Dashboard" });
    expect(await link.getAttribute("aria-current")).toBe("page");
  });
});

describe("public pages", () => {
  it("sends an anonymous visitor from /wallet to /login", async () => {
    await visit("/wallet");
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.getByRole("heading", { level: 1, name: "Sign In" }).waitFor();
  });

  it("shows the pitch hero to an anonymous visitor at /", async () => {
    await visit("/");
    expect(await page.getByText("Right-to-Work | Right-to-Rent | DBS Checks").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Access the Platform" }).getAttribute("href")).toBe("/login");
  });

  it("answers an unknown path with HTTP 404 and the 404 page", async () => {
    const response = await visit("/no/such/page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    expect(await page.title()).toContain("404 Page Not Found");
  });

  it("answers a route's own 404 (a coming-soon slug that is no feature) with the same 404 page", async () => {
    const response = await visit("/coming-soon/bad_slug");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
    expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
    expect(await page.getByText("/coming-soon/bad_slug", { exact: true }).isVisible()).toBe(true);
  });

  it("titles coming-soon pages per the spec, else from the slug", async () => {
    await visit("/coming-soon/api-docs");
    await page.getByRole("heading", { level: 1, name: "API Documentation" }).waitFor();
    expect(await page.getByText("Expected availability: Q2 2025").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    expect(await page.title()).toContain("API Documentation");

    await visit("/coming-soon/user-management");
    await page.getByRole("heading", { level: 1, name: "User Management" }).waitFor();
  });
});
