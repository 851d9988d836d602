import { eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessions, userProfiles, users } from "#db/schema/index.ts";
import type { OpenBrowser } from "./browser.ts";
import { testDatabase } from "./database.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  expectToast,
  openTestBrowser,
  screenshots,
  seriousAxeFindings,
  setDarkMode,
  signIn,
  type TestUser,
  toastRegion,
  visit,
} from "./wallet-helpers.ts";

/**
 * /profile in the browser (spec 000 §2 "/profile", §4; issue 4 "Citizen screens, real data"): a
 * citizen of this file's own sees the completion computed from their data, completes the emergency
 * contact through its Complete button, gets the toast and a higher percentage, and the dashboard
 * agrees.
 */

/**
 * Registered with a first and last name only: no email, no credential, no passkey, nothing saved
 * on /profile, so no section is complete.
 */
let citizen: TestUser;

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  citizen = await createUser({ prefix: "profile", firstName: "Tom", lastName: "Okafor" });
});
beforeEach(async () => {
  // Each test starts from the registered account alone: what an earlier test saved is gone.
  await testDatabase().delete(userProfiles).where(eq(userProfiles.userId, citizen.id));
});
afterEach(closeBrowsers);

async function open(width: number) {
  // Fail on the step that is stuck, well inside the test's own time limit.
  browser = await openTestBrowser(width, 15_000);
  page = browser.page;
}

const toast = () => toastRegion(page);
const completion = async () =>
  Number(
    await page.getByRole("progressbar", { name: "Profile completion", exact: true }).getAttribute("aria-valuenow"),
  );
const section = (title: string) => page.getByRole("region", { name: title, exact: true });

describe("the citizen's profile", () => {
  it("shows the computed completion, and a Complete button saves an emergency contact", async () => {
    await open(1280);
    await signIn(browser, citizen);
    // The dashboard's Profile Status is the profile's own figure: nothing complete yet.
    expect(await page.getByRole("progressbar", { name: "Profile completion" }).getAttribute("aria-valuenow")).toBe("0");

    await visit(page, "/profile");
    await page.getByRole("heading", { level: 1, name: "My Profile" }).waitFor();
    expect(await completion()).toBe(0);
    expect(await page.getByText(/^\d of 6 sections complete$/).textContent()).toBe("0 of 6 sections complete");
    expect(await section("Emergency Contacts").getByText("Incomplete", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Complete Remaining Sections" }).isVisible()).toBe(true);
    // No passkey yet: the item says so, and its Complete button leads to the passkeys on this page (passkeys.spec.ts adds one).
    expect(await section("Security Settings").getByText("Not set up").isVisible()).toBe(true);
    expect(
      await section("Security Settings").getByRole("link", { name: "Complete Passkey" }).getAttribute("href"),
    ).toBe("#passkeys");
    // Only an authority verifies identity: its Complete button goes to the wallet's credential request.
    const verify = section("Identity Verification").getByRole("link", {
      name: "Complete Identity verified by an authority",
    });
    expect(await verify.getAttribute("href")).toBe("/wallet?action=request");
    await screenshots(page, "profile-1280");

    // Complete beside one item opens a form for that item alone.
    await section("Emergency Contacts").getByRole("link", { name: "Complete Contact name" }).click();
    const nameForm = page.getByRole("form", { name: "Complete Contact name" });
    await nameForm.waitFor();
    // The form opens with focus in its field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("emergencyContactName");
    expect(await nameForm.getByRole("textbox").count()).toBe(1);

    // A mistake first: the server's message, in a toast and beside the field; nothing saved.
    await nameForm.getByLabel("Full name").fill("Tom 2");
    await nameForm.getByRole("button", { name: "Save", exact: true }).click();
    await toast().getByText("Validation Error", { exact: true }).waitFor();
    expect(await nameForm.getByText("There is a problem").isVisible()).toBe(true);
    expect(await nameForm.getByLabel("Full name").getAttribute("aria-invalid")).toBe("true");
    expect(await completion()).toBe(0);
    await screenshots(page, "profile-1280-error");

    await nameForm.getByLabel("Full name").fill("Tom Thompson");
    await nameForm.getByRole("button", { name: "Save", exact: true }).click();
    await toast().getByText("Contact name saved.", { exact: true }).waitFor();
    // One item of the section: still incomplete, and the rest still offer their own Complete.
    expect(await completion()).toBe(0);
    expect(await section("Emergency Contacts").getByRole("link", { name: "Complete Contact phone" }).isVisible()).toBe(
      true,
    );

    // Edit fills in the rest of the section at once.
    await section("Emergency Contacts").getByRole("link", { name: "Edit Emergency Contacts" }).click();
    const form = page.getByRole("form", { name: "Edit Emergency Contacts" });
    await form.waitFor();
    expect(await form.getByLabel("Full name").inputValue()).toBe("Tom Thompson");
    await form.getByLabel("Phone number").fill("07700 900123");
    await form.getByLabel("Relationship to you").fill("Partner");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await toast().getByText("Your emergency contact has been saved.", { exact: true }).waitFor();
    // One section of six: 17%.
    await expect.poll(completion).toBe(17);
    expect(await page.getByText(/^\d of 6 sections complete$/).textContent()).toBe("1 of 6 sections complete");
    expect(await page.getByRole("form", { name: "Edit Emergency Contacts" }).count()).toBe(0);
    const emergency = section("Emergency Contacts");
    expect(await emergency.getByText("Tom Thompson").isVisible()).toBe(true);
    expect(await emergency.getByText("Complete", { exact: true }).first().isVisible()).toBe(true);
    expect(await emergency.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");

    // The dashboard agrees: the same figure, and Emergency Contacts complete.
    await visit(page, "/");
    const strength = page.getByRole("region", { name: "My Profile Strength" });
    expect(await page.getByRole("progressbar", { name: "Profile completion" }).getAttribute("aria-valuenow")).toBe(
      "17",
    );
    const emergencyRow = strength.getByRole("listitem").filter({ hasText: "Emergency Contacts" });
    expect(await emergencyRow.getByText("Complete", { exact: true }).isVisible()).toBe(true);
  });

  it("opens the forms from the quick action cards and Edit buttons, and Cancel closes them", async () => {
    await open(1280);
    await signIn(browser, citizen, "/profile");
    await page.getByRole("link", { name: /^Privacy Settings/ }).click();
    const privacy = page.getByRole("form", { name: "Edit Privacy Preferences" });
    await privacy.waitFor();
    await privacy.getByLabel("No, do not share").check();
    await privacy.getByLabel("Yes, notify me").check();
    await privacy.getByRole("button", { name: "Save", exact: true }).click();
    await toast().getByText("Your privacy preferences have been saved.").waitFor();
    await expect
      .poll(() => section("Privacy Preferences").getByRole("list").textContent())
      .toBe("Usage analyticsNot sharedCompleteVerification notificationsOnComplete");

    await section("Address Information").getByRole("link", { name: "Edit Address Information" }).click();
    const address = page.getByRole("form", { name: "Edit Address Information" });
    await address.waitFor();
    await address.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => address.count()).toBe(0);
  });

  it("lays out cleanly on a phone, with no sideways scrolling", async () => {
    await open(390);
    await signIn(browser, citizen, "/profile?edit=basic");
    await page.getByRole("form", { name: "Edit Basic Information" }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshots(page, "profile-390");
  });

  it("has no serious accessibility problems (axe-core, WCAG 2.2 AA)", async () => {
    await open(1280);
    await signIn(browser, citizen, "/profile");
    for (const dark of [false, true]) {
      // The choice persists; each page below loads in that theme (no colour transition under way).
      await setDarkMode(page, dark);
      for (const path of ["/profile", "/profile?edit=basic", "/profile?edit=privacy"]) {
        await visit(page, path);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
        const serious = await seriousAxeFindings(page);
        expect({ path, dark, serious }).toEqual({ path, dark, serious: [] });
      }
    }
  });
});

/**
 * Makes every session of `userId` last confirm it's them six minutes ago. The stack's clock cannot
 * be moved from here (the workerd tests move the worker's own clock; ADR 030), so the stored
 * confirmation is moved back instead.
 */
async function confirmationGoesStale(userId: string) {
  const longAgo = Date.now() - 6 * 60_000;
  await testDatabase()
    .update(sessions)
    .set({ sess: sql`json_set(${sessions.sess}, '$.confirmedAt', ${longAgo})` as never })
    .where(eq(sql`json_extract(${sessions.sess}, '$.userId')`, userId));
}

/** Presses Tab until the focused element's `name` attribute is `name`; at most 80 presses. */
async function tabToField(name: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.getAttribute("name"))) === name) return;
  }
  throw new Error(`focus never reached ${name}`);
}

describe("security settings (issue 20)", () => {
  it("asks to confirm it's you before a new email address, keyboard only, then saves it", async () => {
    const person = await createUser({ prefix: "reauth", firstName: "Rae", lastName: "Auth" });
    await open(1280);
    await signIn(browser, person);
    await confirmationGoesStale(person.id);
    await visit(page, "/profile?edit=basic&item=email");
    const form = page.getByRole("form", { name: "Complete Email address" });
    await form.waitFor();
    // createUser gave the account an address: this is a new one.
    await form.getByLabel("Email address").fill(`new.${person.username}@example.org`);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
    await dialog.waitFor();
    // Focus starts in the password field; the dialog passes axe in both themes.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("reauthPassword");
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "profile-confirm-identity", { dialog: true });

    // A wrong password is said beside the field, and nothing is saved.
    await page.keyboard.type("not my password");
    await page.keyboard.press("Enter");
    await dialog.getByText("The password is not right. Check it and try again.").first().waitFor();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(person.password);
    await page.keyboard.press("Enter");
    await expectToast(page, "Profile Updated", "Email address saved.");
    await expect.poll(() => dialog.count()).toBe(0);
    const [row] = await testDatabase().select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(row?.email).toBe(`new.${person.username}@example.org`);
  });

  it("lists where one is signed in, signs another session out, and changes the password by keyboard", async () => {
    const person = await createUser({ prefix: "sessions", firstName: "Sam", lastName: "Sessions" });
    const other = await openTestBrowser(1280, 15_000);
    await signIn(other, person);
    await open(1280);
    await signIn(browser, person, "/profile");
    const list = page.getByRole("list", { name: "Where you’re signed in" });
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(2);
    expect(await list.getByRole("listitem").first().getByText("This device").isVisible()).toBe(true);
    expect(await list.getByText(/^Signed in \d{1,2} \w{3} \d{4}, \d\d:\d\d · Last active/).count()).toBe(2);
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    await list.getByRole("button", { name: /^Sign out / }).click();
    await expectToast(page, "Signed Out", "Chrome on Linux has been signed out.");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await visit(other.page, "/profile");
    await other.page.waitForURL(/\/login$/);

    // Change the password with the keyboard alone.
    await tabToField("currentPassword");
    await page.keyboard.type(person.password);
    await page.keyboard.press("Tab");
    await page.keyboard.type("a brand new passphrase 2026");
    await page.keyboard.press("Enter");
    await expectToast(page, "Password Changed", "Your password has been changed.");
    await visit(page, "/");
    await page.getByText("Password changed", { exact: true }).first().waitFor();
  });
});
