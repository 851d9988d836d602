import { eq, sql } from "drizzle-orm";
import type { CDPSession, Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sessions, webauthnCredentials } from "#db/schema/index.ts";
import { type OpenBrowser, openBrowser, waitForHydration } from "./browser.ts";
import { testDatabase } from "./database.ts";
import { stackUnderTest } from "./lane.ts";
import {
  axeInBothThemes,
  createUser,
  expectToast,
  photograph,
  screenshots,
  seriousAxeFindings,
  setDarkMode,
  signIn,
  TAKING_SCREENSHOTS,
  type TestUser,
  visit,
} from "./wallet-helpers.ts";

/**
 * Passkeys in Chromium (issue 13, ADR 021) with a virtual authenticator from the DevTools
 * protocol's WebAuthn domain: an internal, resident-key platform authenticator that verifies the
 * user and answers at once (automatic presence). A person adds one from /profile, signs out, signs
 * in with it (the button, and the username field's autofill), sees it on the wallet, removes it.
 * Passkeys belong to http://localhost:PORT (WebAuthn refuses IP addresses as RP IDs), so these
 * browsers open the stack there rather than at 127.0.0.1.
 */

const stackBase = () => stackUnderTest().baseUrl;
const localBase = () => stackBase().replace("//127.0.0.1:", "//localhost:");

let person: TestUser;
const opened: OpenBrowser[] = [];

beforeAll(async () => {
  person = await createUser({ prefix: "passkey", firstName: "Priya", lastName: "Keys" });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
  await testDatabase().delete(webauthnCredentials).where(eq(webauthnCredentials.userId, person.id));
});

interface VirtualAuthenticator {
  credentials(): Promise<{ isResidentCredential: boolean; signCount: number }[]>;
}

/** A browser at `base` (default localhost) with a virtual platform authenticator attached to its page. */
async function openWithAuthenticator(
  base = localBase(),
): Promise<{ browser: OpenBrowser; page: Page; authenticator: VirtualAuthenticator }> {
  const browser = await openBrowser({ baseUrl: base });
  opened.push(browser);
  const page = browser.page;
  page.setDefaultTimeout(15_000);
  const cdp: CDPSession = await browser.context.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const authenticator = {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
  return { browser, page, authenticator };
}

const securitySection = (page: Page) => page.getByRole("region", { name: "Security Settings", exact: true });
const passkeyList = (page: Page) => securitySection(page).getByRole("list", { name: "Your passkeys" });
const storedPasskeys = () =>
  testDatabase().select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, person.id));

/**
 * With a virtual authenticator, the username field's autofill (conditional mediation) picks the
 * passkey by itself as soon as /login opens. To see the button do its own work, the autofill
 * ceremony's options request is held for ever, so that ceremony never starts.
 */
async function holdAutofill(page: Page): Promise<void> {
  let first = true;
  await page.route("**/api/auth/passkey/login/options", async (route) => {
    if (!first) return route.continue();
    first = false;
    await new Promise(() => undefined);
  });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await page.waitForURL(/\/login$/);
}

/** Presses Tab (Shift+Tab with `back`) until `matches` holds for the focused element; at most 80 presses. */
async function tabTo(
  page: Page,
  matches: (element: { tag: string; name: string; label: string }) => boolean,
  back = false,
): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        tag: el?.tagName ?? "",
        name: el?.getAttribute("name") ?? "",
        label: (el?.textContent ?? "").replace(/\s+/g, " ").trim(),
      };
    });
    if (matches(focused)) return;
  }
  throw new Error("focus never reached the element");
}

describe("passkeys", () => {
  it("adds a passkey on /profile, signs in with the passkey button, shows on the wallet, and removes it", async () => {
    const { browser, page, authenticator } = await openWithAuthenticator();
    await signIn(browser, person, "/profile");
    const security = securitySection(page);
    await security.getByText("You have no passkeys yet.").waitFor();
    expect(await security.getByText("Not set up").isVisible()).toBe(true);
    // Its Complete button leads to the passkeys, on this page.
    expect(await security.getByRole("link", { name: "Complete Passkey" }).getAttribute("href")).toBe("#passkeys");

    // Naming it is required: the message beside the field, nothing asked of the authenticator.
    await security.getByRole("button", { name: "Add a passkey" }).click();
    await expectToast(page, "Validation Error", "Enter a name for your passkey");
    expect(await security.getByLabel("Passkey name").getAttribute("aria-invalid")).toBe("true");
    expect(await authenticator.credentials()).toEqual([]);

    await security.getByLabel("Passkey name").fill("Work laptop");
    await security.getByRole("button", { name: "Add a passkey" }).click();
    await expectToast(page, "Passkey Added", "“Work laptop” is ready. You can now sign in with it.");
    await passkeyList(page).getByText("Work laptop", { exact: true }).waitFor();
    expect(
      await passkeyList(page)
        .getByText(/^Added \d{1,2} \w{3} \d{4} · Not used yet$/)
        .isVisible(),
    ).toBe(true);
    // The section is complete, and the authenticator holds one discoverable credential.
    await expect.poll(() => security.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    expect(await security.getByText("1 set up").isVisible()).toBe(true);
    expect(await authenticator.credentials()).toEqual([expect.objectContaining({ isResidentCredential: true })]);
    const [added] = await storedPasskeys();
    expect(added).toMatchObject({ name: "Work laptop", lastUsed: null });

    // Accessibility of the section, then with the removal dialog open; pictures of both themes.
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });
    if (TAKING_SCREENSHOTS) {
      for (const dark of [false, true]) {
        await setDarkMode(page, dark);
        await page.mouse.move(0, 0);
        await photograph(security, `passkeys-security-settings-${dark ? "dark" : "light"}`);
      }
      await setDarkMode(page, false);
    }
    await security.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this passkey?" });
    await dialog.waitFor();
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "passkeys-remove-dialog", { dialog: true });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await storedPasskeys()).toHaveLength(1);

    await holdAutofill(page);
    await signOut(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${localBase()}/`);
    await expectToast(page, "Success", "Welcome back! You've been logged in successfully.");
    // The counter and the last use moved.
    const [used] = await storedPasskeys();
    expect(used!.counter).toBeGreaterThan(added!.counter);
    expect(used!.lastUsed).toBeInstanceOf(Date);
    expect((await authenticator.credentials())[0]!.signCount).toBe(used!.counter);

    await visit(page, "/wallet");
    expect(await page.getByTestId("indicator-passkey-enabled").textContent()).toContain("Yes");
    expect(await page.getByTestId("indicator-biometric-auth").textContent()).toContain("With passkey");

    await visit(page, "/profile");
    await passkeyList(page)
      .getByText(/· Last used \d{1,2} \w{3} \d{4}, \d\d:\d\d$/)
      .waitFor();
    await security.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await dialog.getByRole("button", { name: "Remove passkey" }).click();
    await expectToast(page, "Passkey Removed", "“Work laptop” can no longer be used to sign in.");
    await security.getByText("You have no passkeys yet.").waitFor();
    expect(await storedPasskeys()).toEqual([]);
    await visit(page, "/wallet");
    expect(await page.getByTestId("indicator-passkey-enabled").textContent()).toContain("Not set up");
  });

  it("works keyboard-only, and the username field's autofill signs in with the passkey", async () => {
    const { browser, page } = await openWithAuthenticator();
    await signIn(browser, person, "/profile");

    // Add: Tab to the name field, type, Enter.
    await tabTo(page, (el) => el.name === "passkeyName");
    await page.keyboard.type("My phone");
    await page.keyboard.press("Enter");
    await expectToast(page, "Passkey Added", "“My phone” is ready. You can now sign in with it.");
    await passkeyList(page).getByText("My phone", { exact: true }).waitFor();

    // Remove, then change their mind with Escape: focus goes back to the Remove button.
    await tabTo(page, (el) => el.label === "Remove passkey My phone", true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Remove this passkey?" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Remove passkey My phone");
    expect(await storedPasskeys()).toHaveLength(1);

    // Sign out with the keyboard: /login's autofill offers the passkey and signs in (the virtual
    // authenticator picks it, as a person would from the username field's suggestions).
    expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(true);
    await tabTo(page, (el) => el.label === "Sign Out", true);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${localBase()}/`, { timeout: 15_000 });
    await expectToast(page, "Success", "Welcome back! You've been logged in successfully.");
    expect((await storedPasskeys())[0]!.counter).toBeGreaterThan(0);

    // Remove for good: Enter on Remove, Tab past Close to "Remove passkey", Enter.
    await visit(page, "/profile");
    await tabTo(page, (el) => el.label === "Remove passkey My phone");
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await tabTo(page, (el) => el.label === "Remove passkey");
    await page.keyboard.press("Enter");
    await expectToast(page, "Passkey Removed", "“My phone” can no longer be used to sign in.");
    // Its button has gone: focus is on the list's heading, inside the section.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Your passkeys");
    expect(await storedPasskeys()).toEqual([]);
  });

  it("asks to confirm it's you before removing a passkey once the sign-in is over five minutes old, and the passkey confirms it", async () => {
    const { browser, page } = await openWithAuthenticator();
    await signIn(browser, person, "/profile");
    const security = securitySection(page);
    await security.getByLabel("Passkey name").fill("Old phone");
    await security.getByRole("button", { name: "Add a passkey" }).click();
    await expectToast(page, "Passkey Added", "“Old phone” is ready. You can now sign in with it.");

    // The stack's clock cannot be moved from here: the session's stored confirmation is moved back
    // six minutes instead (the workerd tests move the worker's own clock; ADR 030).
    await testDatabase()
      .update(sessions)
      .set({ sess: sql`json_set(${sessions.sess}, '$.confirmedAt', ${Date.now() - 6 * 60_000})` as never })
      .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, person.id));

    await security.getByRole("button", { name: "Remove passkey Old phone" }).click();
    await page
      .getByRole("dialog", { name: "Remove this passkey?" })
      .getByRole("button", { name: "Remove passkey" })
      .click();
    const confirm = page.getByRole("dialog", { name: "Confirm it’s you" });
    await confirm.waitFor();
    expect(await storedPasskeys()).toHaveLength(1);
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await confirm.getByRole("button", { name: "Use a passkey instead" }).click();
    await expectToast(page, "Passkey Removed", "“Old phone” can no longer be used to sign in.");
    await security.getByText("You have no passkeys yet.").waitFor();
    expect(await storedPasskeys()).toEqual([]);
  });

  it("offers the passkey button on /login at localhost, and says where passkeys work at 127.0.0.1", async () => {
    const { browser, page } = await openWithAuthenticator();
    // Signed out there is no theme toggle: the theme cookie the toggle sets chooses it.
    for (const theme of ["light", "dark"] as const) {
      await browser.context.addCookies([{ name: "theme", value: theme, url: localBase() }]);
      await visit(page, "/login");
      expect(await page.getByLabel("Username").getAttribute("autocomplete")).toBe("username webauthn");
      await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor();
      expect({ theme, serious: await seriousAxeFindings(page) }).toEqual({ theme, serious: [] });
      await photograph(page, `passkeys-login-${theme}`, { fullPage: true });
    }

    const elsewhere = await openWithAuthenticator(stackBase());
    await visit(elsewhere.page, "/login");
    const section = elsewhere.page.getByTestId("passkey-sign-in");
    await section.getByText("Passkeys work at").waitFor();
    expect(await section.getByRole("link", { name: localBase() }).getAttribute("href")).toBe(`${localBase()}/login`);
    expect(await elsewhere.page.getByRole("button", { name: "Sign in with a passkey" }).count()).toBe(0);
  });
});
