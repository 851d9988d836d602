import { eq, sql } from "drizzle-orm";
import type { APIRequestContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/index.ts";
import { type OpenBrowser, openApiClient, openBrowser } from "./browser.ts";
import { testDatabase } from "./database.ts";
import { axeInBothThemes, closeBrowsers, createUser, type TestUser } from "./wallet-helpers.ts";

/**
 * /profile's Security Settings in a browser that runs no JavaScript (issue 20): "Confirm it's
 * you", Change your password, Sign out and Sign out everywhere else are plain form posts, and the
 * page says what happened, with each message beside its field. Sessions signed in by the sign-in
 * call, from a client of their own, stand for the person's other devices. Several browsers and password hashes a test:
 * each has a budget for a busy machine (ADR 025).
 */

const opened: OpenBrowser[] = [];
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all([...opened.splice(0), ...clients.splice(0)].map((each) => each.close()));
  await closeBrowsers();
});

/** A browser that runs none of the page's scripts, signed in as `who` through the sign-in form. */
async function withoutJavaScript(who: TestUser): Promise<Page> {
  const browser = await openBrowser({ javaScriptEnabled: false });
  opened.push(browser);
  const { page } = browser;
  page.setDefaultTimeout(15_000);
  await page.goto("/login");
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(new URL("/", browser.baseUrl).href);
  return page;
}

/** Chrome on Linux, as another device's browser names itself. */
const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** Another device of `who`'s, signed in by the sign-in call (only its session matters here). */
async function anotherDevice(who: TestUser): Promise<APIRequestContext> {
  const client = await openApiClient(CHROME_ON_LINUX);
  clients.push(client);
  const answer = await client.api.post("/api/auth/login", { data: { username: who.username, password: who.password } });
  expect(answer.status()).toBe(200);
  return client.api;
}

/**
 * Serious axe findings, in light and dark, on the page as `page` (without JavaScript) shows it. axe
 * cannot run where scripts do not (it waits on timers), so the same document, its own scripts left
 * out, is served at the same address to a browser that runs scripts, and checked there.
 */
async function axeWithoutJavaScript(page: Page): Promise<{ light: string[]; dark: string[] }> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const checker = await openBrowser();
  opened.push(checker);
  const address = page.url();
  await checker.page.route(
    (url) => url.href === address,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await checker.page.goto(address);
  // The theme is the class the header's toggle sets; the toggle itself needs the page's scripts.
  return axeInBothThemes(checker.page, { dialog: true });
}

/** Whether `device`'s session has ended: the product no longer knows it. */
async function signedOut(device: APIRequestContext): Promise<boolean> {
  return (await device.get("/api/auth/user")).status() === 401;
}

/** The page's notice of what happened (the toast's words, in the page). */
const notice = (page: Page, text: string) => page.getByRole("status").getByText(text, { exact: true });
/** The page's "There is a problem" summary, with the message as a link to the form. */
const problem = (page: Page) => page.getByRole("alert").filter({ hasText: "There is a problem" });

describe("Security Settings without JavaScript", () => {
  it("signs out one other session, then every other, with form posts", { timeout: 60_000 }, async () => {
    const person = await createUser({ prefix: "nojs", firstName: "Nadia", lastName: "Plain" });
    const devices = [await anotherDevice(person), await anotherDevice(person)];
    const page = await withoutJavaScript(person);
    await page.goto("/profile");
    const list = page.getByRole("list", { name: "Where you’re signed in" });
    // This browser and the two devices.
    expect(await list.getByRole("listitem").count()).toBe(3);

    await list
      .getByRole("button", { name: /^Sign out / })
      .first()
      .click();
    await notice(page, "Chrome on Linux has been signed out.").waitFor();
    expect(await axeWithoutJavaScript(page)).toEqual({ light: [], dark: [] });

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await notice(page, "1 other session has been signed out.").waitFor();
    expect(await list.getByRole("listitem").count()).toBe(1);
    expect(await list.getByText("This device").isVisible()).toBe(true);
    expect(await page.getByText("You are not signed in anywhere else.").isVisible()).toBe(true);
    for (const device of devices) expect(await signedOut(device)).toBe(true);
  });

  it("changes the password: a wrong current password is said beside its field, then every other session ends", {
    timeout: 60_000,
  }, async () => {
    const changer = await createUser({ prefix: "nojs-pw", firstName: "Pat", lastName: "Plain" });
    const device = await anotherDevice(changer);
    const page = await withoutJavaScript(changer);
    await page.goto("/profile");
    const form = page.getByRole("form", { name: "Change your password" });
    const newPassword = "a brand new passphrase 2026";

    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await problem(page).getByRole("link", { name: "The password is not right. Check it and try again." }).waitFor();
    expect(await form.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByText("The password is not right. Check it and try again.").isVisible()).toBe(true);
    expect(await axeWithoutJavaScript(page)).toEqual({ light: [], dark: [] });
    expect(await signedOut(device)).toBe(false);

    await form.getByLabel("Current password").fill(changer.password);
    await form.getByLabel("New password").fill(newPassword);
    await form.getByRole("button", { name: "Change password" }).click();
    await notice(page, "Your password has been changed. You have been signed out on your other devices.").waitFor();
    expect(await signedOut(device)).toBe(true);
    // This browser stays signed in.
    await page.goto("/profile");
    expect(new URL(page.url()).pathname).toBe("/profile");
  });

  it("asks to confirm it's you in the page before a new email address, then saves it", {
    timeout: 60_000,
  }, async () => {
    const mover = await createUser({ prefix: "nojs-email", firstName: "Ezra", lastName: "Plain" });
    const page = await withoutJavaScript(mover);
    // The confirmation that signing in made is six minutes old (the stack's clock cannot be moved from here).
    await testDatabase()
      .update(sessions)
      .set({ sess: sql`json_set(${sessions.sess}, '$.confirmedAt', ${Date.now() - 6 * 60_000})` as never })
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, mover.id));
    const email = `new.${mover.username}@example.org`;
    await page.goto("/profile?edit=basic&item=email");
    await page.getByRole("form", { name: "Complete Email address" }).getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Save", exact: true }).click();

    const confirm = page.getByRole("form", { name: "Confirm it’s you" });
    await confirm.waitFor();
    expect(await axeWithoutJavaScript(page)).toEqual({ light: [], dark: [] });
    await confirm.getByLabel("Password").fill("not my password");
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await confirm.getByText("The password is not right. Check it and try again.").waitFor();
    expect(await confirm.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");

    await confirm.getByLabel("Password").fill(mover.password);
    await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
    await notice(page, "You’ve confirmed it’s you. Save your change again within 5 minutes.").waitFor();
    // The form that asked is open again: the change goes through now.
    await page.getByRole("form", { name: "Complete Email address" }).getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await notice(page, "Email address saved.").waitFor();
    const [row] = await testDatabase().select({ email: users.email }).from(users).where(eq(users.id, mover.id));
    expect(row?.email).toBe(email);
  });
});
