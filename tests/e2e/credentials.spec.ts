import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "#core/format/format.ts";
import { credentials } from "#db/schema/index.ts";
import type { OpenBrowser } from "./browser.ts";
import { testDatabase } from "./database.ts";
import {
  asUser,
  axeInBothThemes,
  type BrowserCredential,
  closeBrowsers,
  createUser,
  expectToast,
  issueFromBrowser,
  openTestBrowser,
  screenshots,
  seriousAxeFindings,
  signIn,
  type TestUser,
  visit,
} from "./wallet-helpers.ts";

/**
 * /credentials in the browser (spec 000 §2 "Citizen screens", §4, §7, §8; issue 4 "Citizen screens,
 * real data"): a citizen of this file's own, holding one Right to Work credential, sees tiles
 * computed from their wallet, opens the credential's details, shares it (a real QR code of the
 * link, Copy Share Link) and downloads its certificate (a PDF file); another shows every badge.
 */

let browser: OpenBrowser;
let page: Page;

/** The citizen of the first two tests, and the one credential they hold (nothing in these tests opens a share, so its figures stay). */
let holder: TestUser;
let rtw: BrowserCredential;

beforeAll(async () => {
  holder = await createUser({ prefix: "creds", firstName: "Sarah", lastName: "Thompson", records: true });
  rtw = await asUser(holder, (page) => issueFromBrowser(page, "rtw"));
});
afterEach(closeBrowsers);

async function open(width: number) {
  // A wait that fails says which one, well within the test's own timeout.
  browser = await openTestBrowser(width, 10_000);
  page = browser.page;
}

const detailsDialog = () => page.getByTestId("credential-details-dialog");
const shareDialog = () => page.getByTestId("share-dialog");

const tileValue = async (testId: string) => Number(await page.getByTestId(testId).locator("p").first().textContent());
const tiles = async () => [
  await tileValue("tile-total"),
  await tileValue("tile-active"),
  await tileValue("tile-expiring"),
];
/** The value beside a term in the details dialog's list. */
const detail = (term: string) =>
  detailsDialog()
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();

describe("My Credentials", () => {
  it("shows tiles computed from the wallet, the details dialog, sharing with a QR code and copying the link, and downloads a PDF certificate", async () => {
    await open(1280);
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
    await signIn(browser, holder, "/credentials");
    await page.getByRole("heading", { level: 1, name: "My Credentials" }).waitFor();
    // One credential, active, three years to run: total, active and valid, expiring soon.
    expect(await tiles()).toEqual([1, 1, 0]);
    expect(await page.getByTestId("credential-card").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Request New Credential" }).getAttribute("href")).toBe(
      "/wallet?action=request",
    );
    await screenshots(page, "credentials-1280");

    // View: the details dialog with dates, the verification count, the id and the attributes.
    const name = "Right to Work";
    const card = page.getByRole("article", { name, exact: true });
    await card.getByRole("button", { name: `View ${name}` }).click();
    const details = detailsDialog();
    await details.getByRole("heading", { name, exact: true }).waitFor();
    expect(await details.getByTestId("credential-id").textContent()).toBe(rtw.id);
    // No one has opened a share of it.
    expect(await details.getByTestId("verification-count").textContent()).toBe("0");
    expect(await detail("Issued")).toBe(formatDate(rtw.issuedAt));
    expect(await detail("Expires")).toBe(formatDate(rtw.expiresAt!));
    const attributes = details.getByTestId("credential-attributes");
    expect(await attributes.getByText("Given name", { exact: true }).isVisible()).toBe(true);
    expect(await attributes.getByText("Sarah", { exact: true }).isVisible()).toBe(true);
    expect(await attributes.getByText("12 Apr 1990", { exact: true }).isVisible()).toBe(true);
    await screenshots(page, "credentials-1280-details", { dialog: true });

    // Share Credential: a 24-hour share link as a real QR code; Copy Share Link copies it.
    await details.getByRole("button", { name: "Share Credential" }).click();
    const share = shareDialog();
    const qr = share.locator("svg[data-testid=qr-code]");
    await qr.waitFor();
    expect(await qr.isVisible()).toBe(true);
    const link = (await share.getByTestId("share-link").textContent())!;
    expect(link).toMatch(new RegExp(`^${browser.baseUrl.replace(/\/$/, "")}/verify/[A-Za-z0-9_-]{22}$`));
    expect(await qr.getAttribute("data-qr-value")).toBe(link);
    expect(await share.getByText("It expires in 24 hours", { exact: false }).isVisible()).toBe(true);
    await share.getByRole("button", { name: "Copy Share Link" }).click();
    await expectToast(page, "Link Copied", "Share link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshots(page, "credentials-1280-share", { dialog: true });
    await share.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => share.isVisible()).toBe(false);

    // Download Certificate: a PDF file, with the spec's toast.
    await card.getByRole("button", { name: `View ${name}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      details.getByRole("button", { name: "Download Certificate" }).click(),
    ]);
    await expectToast(page, "Download Started", `Downloading ${name} certificate...`);
    expect(download.suggestedFilename()).toBe(`${name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_certificate.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("lays out on a phone without sideways scrolling, with both dialogs", async () => {
    await open(390);
    await signIn(browser, holder);
    const name = "Right to Work";

    await visit(page, "/credentials");
    await page.getByRole("heading", { level: 1, name: "My Credentials" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await screenshots(page, "credentials-390");

    const card = page.getByRole("article", { name, exact: true });
    await card.getByRole("button", { name: `View ${name}` }).click();
    await detailsDialog().getByTestId("credential-attributes").waitFor();
    await screenshots(page, "credentials-390-details", { dialog: true });

    await detailsDialog().getByRole("button", { name: "Share Credential" }).click();
    await shareDialog().locator("svg[data-testid=qr-code]").waitFor();
    await screenshots(page, "credentials-390-share", { dialog: true });
  });

  it("shows a citizen's expiring, revoked and active credentials as the spec's badges; a revoked one cannot be shared", async () => {
    await open(1280);
    // A citizen of this test's own, with one credential in each state.
    await signIn(
      browser,
      await createUser({ prefix: "badges", firstName: "Sarah", lastName: "Thompson", records: true }),
    );
    await issueFromBrowser(page, "rtw");
    const dbs = await issueFromBrowser(page, "dbs");
    await issueFromBrowser(page, "professional_certificate"); // renews within 60 days
    await testDatabase()
      .update(credentials)
      .set({ status: "revoked", revokedAt: new Date() })
      .where(eq(credentials.id, dbs.id));

    await visit(page, "/credentials");
    await page.getByRole("heading", { level: 1, name: "My Credentials" }).waitFor();
    expect(await tiles()).toEqual([3, 2, 1]);
    const card = (name: string) => page.getByRole("article", { name, exact: true });
    expect(await card("Right to Work").getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await card("Professional Certificate").getByText("Expires Soon", { exact: true }).isVisible()).toBe(true);
    const revoked = card("DBS Enhanced Check");
    expect(await revoked.getByText("Inactive", { exact: true }).isVisible()).toBe(true);
    expect(await revoked.getByText(/^Revoked on \d{1,2} [A-Z][a-z]{2} \d{4}$/).isVisible()).toBe(true);
    const share = revoked.getByRole("button", { name: "Share DBS Enhanced Check" });
    expect(await share.isDisabled()).toBe(true);
    expect(await share.getAttribute("aria-describedby")).toBe(
      await revoked.getByText("A revoked credential cannot be shared.").getAttribute("id"),
    );
    await screenshots(page, "credentials-1280-states");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });

    await revoked.getByRole("button", { name: "View DBS Enhanced Check" }).click();
    const details = detailsDialog();
    await details.getByText("Revoked", { exact: true }).waitFor();
    expect(await details.getByRole("button", { name: "Share Credential" }).isDisabled()).toBe(true);
    expect(await details.getByText("Children's barred list", { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshots(page, "credentials-1280-revoked-details", { dialog: true });
  });
});
