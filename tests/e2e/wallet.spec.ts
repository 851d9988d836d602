import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "#core/format/format.ts";
import { type OpenBrowser, waitForHydration } from "./browser.ts";
import {
  asUser,
  closeBrowsers,
  createUser,
  expectToast,
  issueFromBrowser,
  openTestBrowser,
  photograph,
  screenshots,
  seriousAxeFindings,
  setDarkMode,
  signIn,
  type TestUser,
  toastRegion,
  uniqueUsername,
  visit,
  walletCredentials,
} from "./wallet-helpers.ts";

/**
 * The citizen wallet in Chromium (spec 000 §2 "Wallet page"; issue 4 "Issuance and the wallet"):
 * a device key made in the browser and kept in IndexedDB, issuance with proof of possession, the
 * cards, device binding and re-issue, the request and share flows, filter and layout.
 */

/**
 * A citizen whose wallet starts empty, with records at every authority. The issuance tests each
 * add a different type (Right to Work, DBS, Right to Rent), so none depends on another's.
 */
let newcomer: TestUser;
/**
 * A citizen holding exactly a Right to Work and a DBS credential, both issued to a browser of
 * their own (so "on another device" here), for the filter, layout and accessibility tests.
 */
let holder: TestUser;

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  newcomer = await createUser({ prefix: "wallet-new", firstName: "Sarah", lastName: "Thompson", records: true });
  holder = await createUser({ prefix: "wallet-held", firstName: "Sarah", lastName: "Thompson", records: true });
  await asUser(holder, async (page) => {
    await issueFromBrowser(page, "rtw");
    await issueFromBrowser(page, "dbs");
  });
});
afterEach(closeBrowsers);

const open = (width = 1280) => openTestBrowser(width, 15_000);

async function use(opened: OpenBrowser) {
  browser = opened;
  page = opened.page;
}

/** The wallet, hydrated, once this browser's key store has been read. */
async function openWallet(path = "/wallet") {
  await visit(page, path);
  await page.getByRole("heading", { level: 1, name: "Citizen Wallet" }).waitFor();
  await expect.poll(() => indicator("Device Secure").textContent()).not.toContain("Checking");
}

const indicator = (label: string) => page.getByTestId(`indicator-${label.toLowerCase().replace(/\s+/g, "-")}`);
const cards = () => page.getByTestId("credential-card");
/** The held, active card of a type. */
const card = (title: string) =>
  page.getByRole("article", { name: title, exact: true }).filter({ has: page.locator('[data-status="active"]') });

describe("the citizen wallet", () => {
  it("a new citizen sees the empty state; with no authority record, Add Your First Credential says so", async () => {
    await use(await open());
    const username = uniqueUsername("wallet-empty");
    await visit(page, "/register");
    await page.getByLabel("First name").fill("Nadia");
    await page.getByLabel("Last name").fill("Okafor");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("difference-engine-1822");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(new URL("/", browser.baseUrl).href);

    await openWallet();
    expect(await page.title()).toBe("Citizen Wallet | UK Digital Identity");
    expect(await page.getByRole("heading", { name: "Nadia Okafor" }).isVisible()).toBe(true);
    expect(await page.getByText("Identity not yet verified").isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "No Credentials Yet" }).isVisible()).toBe(true);
    expect(await cards().count()).toBe(0);
    expect(await indicator("Passkey Enabled").textContent()).toContain("Not set up");
    expect(await indicator("Biometric Auth").textContent()).toContain("Not set up");
    // No key until the first issuance: the indicator says so rather than claiming security.
    expect(await indicator("Device Secure").textContent()).toContain("No key yet");
    expect(await page.getByTestId("activity-empty").isVisible()).toBe(true);
    await screenshots(page, "wallet-empty-1280");

    await page.getByRole("button", { name: "Add Your First Credential" }).click();
    const alert = toastRegion(page).getByRole("alert");
    await alert.getByText("Error", { exact: true }).waitFor();
    // The server's own sentence, not "404: {json}".
    expect(await alert.textContent()).toContain(
      "The Home Office holds no Right to Work record for you yet. An assisted-digital session can add one.",
    );
    expect(await alert.textContent()).not.toContain("404");
    // The refused attempt leaves no key behind (issue 22: keys are made per issuance, and forgotten when it is refused).
    expect(await indicator("Device Secure").textContent()).toContain("No key yet");
    expect(await page.getByRole("heading", { name: "No Credentials Yet" }).isVisible()).toBe(true);
  });

  it("a citizen adds a Right to Work credential bound to this device; it is still there after a reload", async () => {
    await use(await open());
    await signIn(browser, newcomer);
    await openWallet();
    await page.getByRole("button", { name: "Add New Credential" }).click();
    await expectToast(page, "Success", "New credential added to your wallet");

    const rtw = card("Right to Work");
    await rtw.getByText("On this device").waitFor();
    expect(await rtw.getByText("Employment Authorization").isVisible()).toBe(true);
    expect(await rtw.getByTestId("credential-authority").textContent()).toBe("Home Office");
    expect(await rtw.getByTestId("credential-status").textContent()).toBe("Active");
    const [added] = (await walletCredentials(page)).filter((c) => c.type === "rtw");
    expect(await rtw.locator("time").allTextContents()).toEqual([
      formatDate(added!.issuedAt),
      formatDate(added!.expiresAt!),
    ]);
    // One type is held once.
    expect(await page.getByRole("article", { name: "Right to Work", exact: true }).count()).toBe(1);
    expect(await page.getByText("Verified Identity").isVisible()).toBe(true);

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => indicator("Device Secure").textContent()).toContain("Yes");
    await card("Right to Work").getByText("On this device").waitFor();
    expect(await card("Right to Work").getByText("This credential is on another device").count()).toBe(0);

    // View: the details, decoded from the credential's own disclosures, and a tracked view.
    const viewed = page.waitForRequest(
      (r) => r.url().endsWith("/api/analytics/track") && /"eventAction":"view"/.test(r.postData() ?? ""),
    );
    await card("Right to Work").getByRole("button", { name: "View Right to Work" }).click();
    const details = page.getByRole("dialog", { name: "Credential Details" });
    await details.waitFor();
    expect(JSON.parse((await viewed).postData()!)).toMatchObject({
      eventCategory: "credential",
      eventAction: "view",
      metadata: { credentialType: "rtw" },
    });
    expect(await details.getByText("Sarah", { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText("This device", { exact: true }).isVisible()).toBe(true);
    // Issued in three copies, each on its own key of this browser's (issue 22): one card, one dialog.
    expect(await details.getByText("3 copies, a different one shown to each verifier").isVisible()).toBe(true);
    await photograph(page, "wallet-1280-details-light");
    await details.getByRole("button", { name: "Close" }).click();

    // View Activity Log: the log comes into view with focus on its heading, and shows the issuance.
    await page.getByRole("button", { name: "View Activity Log" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Recent Activity");
    const latest = page.getByTestId("activity-item").first();
    expect(await latest.getAttribute("data-kind")).toBe("credential_issued");
    expect(await latest.textContent()).toMatch(/Credential added.*Right to Work issued by Home Office to this wallet/);
  });

  it("?action=request lists the credential types and requests a DBS credential; closing removes the parameter", async () => {
    await use(await open());
    await signIn(browser, newcomer);
    await openWallet("/wallet?action=request");
    const dialog = page.getByRole("dialog", { name: "Request a Credential" });
    await dialog.waitFor();
    const types = {
      rtw: "Right to Work",
      rtr: "Right to Rent",
      dbs: "DBS Enhanced",
      driving_licence: "Driving License",
      professional_certificate: "Professional Certificate",
    };
    for (const [code, title] of Object.entries(types)) {
      expect(
        await dialog.getByTestId(`request-type-${code}`).getByText(title, { exact: true }).first().isVisible(),
        title,
      ).toBe(true);
    }
    await photograph(page, "wallet-1280-request-light");
    await dialog.getByTestId("request-type-dbs").getByRole("button").click();
    await expectToast(page, "Success", "New credential added to your wallet");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe("");
    const dbs = card("DBS Enhanced");
    await dbs.getByText("On this device").waitFor();
    expect(await dbs.getByTestId("credential-authority").textContent()).toBe("DBS");
    expect(await dbs.getByText("Criminal Record Check").isVisible()).toBe(true);

    // Asked again: the type now says it is held.
    await openWallet("/wallet?action=request");
    await dialog.waitFor();
    expect(await dialog.getByTestId("request-type-dbs").getByText("Already in your wallet").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
  });

  it("a credential issued to another browser says so, and Re-issue to this device moves it here", async () => {
    const phone = await open();
    const laptop = await open();

    await use(phone);
    await signIn(browser, newcomer);
    await openWallet("/wallet?action=request");
    await page
      .getByRole("dialog", { name: "Request a Credential" })
      .getByTestId("request-type-rtr")
      .getByRole("button")
      .click();
    await expectToast(page, "Success", "New credential added to your wallet");
    await card("Right to Rent").getByText("On this device").waitFor();

    await use(laptop);
    await signIn(browser, newcomer);
    await openWallet();
    const elsewhere = card("Right to Rent");
    await elsewhere.getByText("This credential is on another device").waitFor();
    await elsewhere.getByRole("button", { name: "Re-issue to this device for Right to Rent" }).click();
    await expectToast(
      page,
      "Success",
      "Your Right to Rent was re-issued to this device. The earlier copy and its share links no longer work.",
    );
    await card("Right to Rent").getByText("On this device").waitFor();
    expect(await card("Right to Rent").count()).toBe(1);

    // Back on the phone: its copy was revoked and hidden; the one now held is on the laptop.
    await use(phone);
    await openWallet();
    await card("Right to Rent").getByText("This credential is on another device").waitFor();
    expect(await page.getByRole("article", { name: "Right to Rent", exact: true }).count()).toBe(1);
  });

  it("filters by type and status, switches between grid and list, and shares by QR code", async () => {
    await use(await open());
    await signIn(browser, holder);
    await openWallet();
    expect(await cards().evaluateAll((all) => all.map((c) => c.getAttribute("data-credential-type")).sort())).toEqual([
      "dbs",
      "rtw",
    ]);

    // Layout.
    const list = page.getByTestId("credential-list");
    expect(await list.getAttribute("data-layout")).toBe("grid");
    await page.getByRole("button", { name: "List view" }).click();
    expect(await list.getAttribute("data-layout")).toBe("list");
    expect(await page.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("button", { name: "Grid view" }).getAttribute("aria-pressed")).toBe("false");
    await screenshots(page, "wallet-list-1280");
    await page.getByRole("button", { name: "Grid view" }).click();
    expect(await list.getAttribute("data-layout")).toBe("grid");

    // Filter.
    const filter = page.getByRole("button", { name: /^Filter/ });
    expect(await filter.getAttribute("aria-expanded")).toBe("false");
    await filter.click();
    expect(await filter.getAttribute("aria-expanded")).toBe("true");
    await page.getByLabel("Credential type").selectOption({ label: "Right to Work" });
    await expect
      .poll(() => cards().evaluateAll((all) => all.map((c) => c.getAttribute("data-credential-type"))))
      .toEqual(["rtw"]);
    expect(await page.getByTestId("credentials-count").textContent()).toBe("Showing 1 of 2 credentials");
    await page.getByLabel("Status").selectOption({ label: "Active" });
    expect(await cards().count()).toBe(1);
    expect(await page.getByTestId("credentials-count").textContent()).toBe("Showing 1 of 2 credentials");
    expect(await filter.textContent()).toContain("Filter (2)");
    await page.getByLabel("Status").selectOption({ label: "Expired" });
    expect(await page.getByText("No credentials match these filters.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Clear filters" }).click();
    expect(await cards().count()).toBe(2);

    // Share via QR Code: pick a credential; the QR code is a presentation made with the device's key,
    // and this browser is not the one the holder's credentials were issued to, so it says so. (The QR
    // code itself, made on the right device and scanned by a verifier: verification.spec.ts.)
    await page.getByRole("button", { name: "Share via QR Code" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("action")).toBe("share");
    const picker = page.getByRole("dialog", { name: "Share via QR Code" });
    await picker.getByRole("button", { name: /^Right to Work/ }).click();
    const offline = page.getByTestId("offline-qr-dialog");
    await offline.getByText("This credential is held on another device").waitFor();
    // Leaving the picker removes the parameter with a navigation that reloads the page's data.
    await expect.poll(() => new URL(page.url()).search, { timeout: 5_000 }).toBe("");
    await page.keyboard.press("Escape");

    // ?action=share opens the picker; closing it removes the parameter.
    await openWallet("/wallet?action=share");
    await picker.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    // Showing a QR code is not a share link: Recent Activity still holds the two issuances.
    expect(
      await page
        .getByTestId("activity-item")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-kind"))),
    ).toEqual(["credential_issued", "credential_issued"]);
    await screenshots(page, "wallet-1280");
  });

  it("lays out on a phone with no sideways scrolling", async () => {
    await use(await open(390));
    await signIn(browser, holder);
    await openWallet();
    await card("Right to Work").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await screenshots(page, "wallet-390");
    await openWallet("/wallet?action=request");
    await page.getByRole("dialog", { name: "Request a Credential" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await photograph(page, "wallet-390-request-light");
  });

  it("has no serious accessibility problems (axe-core, WCAG 2.2 AA)", async () => {
    await use(await open());
    await signIn(browser, holder);
    for (const dark of [false, true]) {
      await openWallet();
      await setDarkMode(page, dark);
      for (const path of ["/wallet", "/wallet?action=request"]) {
        await openWallet(path);
        if (path.includes("request")) await page.getByRole("dialog", { name: "Request a Credential" }).waitFor();
        else await page.getByRole("button", { name: /^Filter/ }).click();
        const serious = await seriousAxeFindings(page);
        expect({ path, dark, serious }).toEqual({ path, dark, serious: [] });
      }
    }
  });
});
