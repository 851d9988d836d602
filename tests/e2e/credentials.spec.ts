import axe from "axe-core";
import { eq } from "drizzle-orm";
import { mkdirSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../db/client.ts";
import { demoAuthorityRecords } from "../../db/demo-records.ts";
import { authorityRecords, credentials } from "../../db/schema/index.ts";
import { openBrowser, type OpenBrowser, waitForHydration } from "./browser.ts";

/**
 * /credentials in the browser (spec 000 §2 "Citizen screens", §4, §7, §8; issue 4 "Citizen screens,
 * real data"): the demo citizen, holding at least one credential, sees tiles computed from their
 * wallet, opens a credential's details, shares it (a real QR code of the link, Copy Share Link)
 * and downloads its certificate (a PDF file).
 */
const SCREENS = ".tmp/screens";

let browser: OpenBrowser | undefined;
let page: Page;

beforeAll(() => {
  mkdirSync(SCREENS, { recursive: true });
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function open(width: number) {
  browser = await openBrowser({ viewport: { width, height: 900 } });
  page = browser.page;
  // A wait that fails says which one, well within the test's own timeout.
  page.setDefaultTimeout(10_000);
}

async function visit(path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function signInAsCitizen() {
  await visit("/login");
  await page.getByRole("button", { name: "Citizen", exact: true }).click();
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(new URL("/", browser!.baseUrl).href);
}

const toast = () => page.getByRole("region", { name: "Notifications (F8)" });
const detailsDialog = () => page.getByTestId("credential-details-dialog");
const shareDialog = () => page.getByTestId("share-dialog");

async function expectToast(title: string, description: string) {
  await toast().getByText(title, { exact: true }).waitFor();
  expect(await toast().getByText(description, { exact: true }).isVisible()).toBe(true);
}

interface ListedCredential {
  id: string;
  type: string;
  status: string;
  display: { longName: string; expiringSoon: boolean };
}

const walletList = () =>
  page.evaluate(async () => {
    const response = await fetch("/api/wallet/credentials", { credentials: "include" });
    return (await response.json()) as ListedCredential[];
  });

/**
 * Issues a credential from this browser as a wallet does: a P-256 device key made with
 * WebCrypto, a server nonce, and an openid4vci-proof+jwt over it. For the demo citizen only where
 * the wallet page offers no Add New Credential button; for a citizen of the test's own, any type.
 */
async function issueFromBrowser(type = "rtw", issuerId = "home-office") {
  await page.evaluate(async ({ type, issuerId }) => {
    const b64u = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const segment = (value: unknown) => b64u(new TextEncoder().encode(JSON.stringify(value)));
    const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"])) as CryptoKeyPair;
    const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", pair.publicKey);
    const nonce = await fetch("/api/vc/nonce", { method: "POST", credentials: "include" });
    const { c_nonce } = (await nonce.json()) as { c_nonce: string };
    const input = `${segment({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: { kty, crv, x, y } })}.${segment({
      nonce: c_nonce,
      aud: `https://${location.host}/issuers/${issuerId}`,
      iat: Math.floor(Date.now() / 1000),
    })}`;
    const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, new TextEncoder().encode(input)));
    const response = await fetch(`/api/vc/${type}/issue`, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ proof: `${input}.${b64u(signature)}` }),
    });
    if (response.status !== 201) throw new Error(`issue failed: ${response.status} ${await response.text()}`);
  }, { type, issuerId });
}

/** The demo citizen starts with no credentials: add one through the wallet when there is none. */
async function ensureCredential() {
  if ((await walletList()).length > 0) return;
  await visit("/wallet");
  const add = page.getByRole("button", { name: "Add New Credential" });
  if (await add.count()) {
    await add.first().click();
    await expectToast("Success", "New credential added to your wallet");
  } else {
    await issueFromBrowser();
  }
  expect((await walletList()).length).toBeGreaterThan(0);
}

async function setDarkMode(dark: boolean) {
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/**
 * Light and dark: the full page with the header's own toggle, or, while a modal dialog makes the
 * page behind it inert, the viewport with the theme class the toggle sets (the theme is that class).
 */
async function screenshots(name: string, options: { dialog?: boolean } = {}) {
  // No hover state from the last click in the picture.
  await page.mouse.move(0, 0);
  for (const dark of [false, true]) {
    if (options.dialog) {
      await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
      // Buttons fade their colours: wait for the transitions to end.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    } else await setDarkMode(dark);
    await page.screenshot({ path: `${SCREENS}/${name}-${dark ? "dark" : "light"}.png`, fullPage: !options.dialog });
  }
  if (options.dialog) await page.evaluate(() => document.documentElement.classList.remove("dark"));
  else await setDarkMode(false);
}

/** Serious or critical axe-core findings (WCAG 2.2 AA tags) on the page as it is now. */
async function seriousAxeFindings(): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] } }),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

const tileValue = async (testId: string) => Number(await page.getByTestId(testId).locator("p").first().textContent());

describe("My Credentials", () => {
  it("shows tiles computed from the wallet, the details dialog, sharing with a QR code and copying the link, and downloads a PDF certificate", async () => {
    await open(1280);
    await browser!.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser!.baseUrl });
    await signInAsCitizen();
    await ensureCredential();
    const held = await walletList();

    await visit("/credentials");
    await page.getByRole("heading", { level: 1, name: "My Credentials" }).waitFor();
    expect(await tileValue("tile-total")).toBe(held.length);
    expect(await tileValue("tile-active")).toBe(held.filter((c) => c.status === "active").length);
    expect(await tileValue("tile-expiring")).toBe(held.filter((c) => c.display.expiringSoon).length);
    expect(await page.getByTestId("credential-card").count()).toBe(held.length);
    expect(await page.getByRole("link", { name: "Request New Credential" }).getAttribute("href")).toBe("/wallet?action=request");
    await screenshots("credentials-1280");

    // View: the details dialog with dates, the verification count, the id and the attributes.
    const credential = held.find((c) => c.status === "active")!;
    const name = credential.display.longName;
    const card = page.getByRole("article", { name, exact: true }).first();
    await card.getByRole("button", { name: `View ${name}` }).click();
    const details = detailsDialog();
    await details.getByRole("heading", { name, exact: true }).waitFor();
    expect(await details.getByTestId("credential-id").textContent()).toBe(credential.id);
    expect(await details.getByTestId("verification-count").textContent()).toMatch(/^\d+$/);
    expect(await details.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/).count()).toBeGreaterThanOrEqual(2);
    const attributes = details.getByTestId("credential-attributes");
    expect(await attributes.getByText("Given name", { exact: true }).isVisible()).toBe(true);
    expect(await attributes.getByText("Sarah", { exact: true }).isVisible()).toBe(true);
    expect(await attributes.getByText("12 Apr 1990", { exact: true }).isVisible()).toBe(true);
    await screenshots("credentials-1280-details", { dialog: true });

    // Share Credential: a 24-hour share link as a real QR code; Copy Share Link copies it.
    await details.getByRole("button", { name: "Share Credential" }).click();
    const share = shareDialog();
    const qr = share.locator("svg[data-testid=qr-code]");
    await qr.waitFor();
    expect(await qr.isVisible()).toBe(true);
    const link = (await share.getByTestId("share-link").textContent())!;
    expect(link).toMatch(new RegExp(`^${browser!.baseUrl.replace(/\/$/, "")}/verify/[A-Za-z0-9_-]{22}$`));
    expect(await qr.getAttribute("data-qr-value")).toBe(link);
    expect(await share.getByText("It expires in 24 hours", { exact: false }).isVisible()).toBe(true);
    await share.getByRole("button", { name: "Copy Share Link" }).click();
    await expectToast("Link Copied", "Share link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshots("credentials-1280-share", { dialog: true });
    await share.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => share.isVisible()).toBe(false);

    // Download Certificate: a PDF file, with the spec's toast.
    await card.getByRole("button", { name: `View ${name}` }).click();
    const [download] = await Promise.all([page.waitForEvent("download"), details.getByRole("link", { name: "Download Certificate" }).click()]);
    await expectToast("Download Started", `Downloading ${name} certificate...`);
    expect(download.suggestedFilename()).toBe(`${name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}_certificate.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("lays out on a phone without sideways scrolling, with both dialogs", async () => {
    await open(390);
    await signInAsCitizen();
    await ensureCredential();
    const credential = (await walletList()).find((c) => c.status === "active")!;
    const name = credential.display.longName;

    await visit("/credentials");
    await page.getByRole("heading", { level: 1, name: "My Credentials" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshots("credentials-390");

    const card = page.getByRole("article", { name, exact: true }).first();
    await card.getByRole("button", { name: `View ${name}` }).click();
    await detailsDialog().getByTestId("credential-attributes").waitFor();
    await screenshots("credentials-390-details", { dialog: true });

    await detailsDialog().getByRole("button", { name: "Share Credential" }).click();
    await shareDialog().locator("svg[data-testid=qr-code]").waitFor();
    await screenshots("credentials-390-share", { dialog: true });
  });

  it("shows a citizen's expiring, revoked and active credentials as the spec's badges; a revoked one cannot be shared", async () => {
    await open(1280);
    // A citizen of this test's own (the demo citizen's wallet is shared with other files).
    await visit("/login");
    const username = `creds${Date.now().toString(36)}`;
    const userId = await page.evaluate(async (username) => {
      const response = await fetch("/api/auth/register", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password: `Correct horse ${crypto.randomUUID()}`, firstName: "Sarah", lastName: "Thompson" }),
      });
      if (response.status !== 201) throw new Error(`register failed: ${response.status}`);
      return ((await response.json()) as { id: string }).id;
    }, username);
    const db = createDb({ LIBSQL_URL: inject("libsqlUrl") });
    await db.insert(authorityRecords).values(demoAuthorityRecords(userId, new Date()));
    await issueFromBrowser("rtw", "home-office");
    await issueFromBrowser("dbs", "dbs");
    await issueFromBrowser("professional_certificate", "professional-body"); // renews within 60 days
    const dbs = (await walletList()).find((c) => c.type === "dbs")!;
    await db.update(credentials).set({ status: "revoked", revokedAt: new Date() }).where(eq(credentials.id, dbs.id));

    await visit("/credentials");
    await page.getByRole("heading", { level: 1, name: "My Credentials" }).waitFor();
    expect([await tileValue("tile-total"), await tileValue("tile-active"), await tileValue("tile-expiring")]).toEqual([3, 2, 1]);
    const card = (name: string) => page.getByRole("article", { name, exact: true });
    expect(await card("Right to Work").getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await card("Professional Certificate").getByText("Expires Soon", { exact: true }).isVisible()).toBe(true);
    const revoked = card("DBS Enhanced Check");
    expect(await revoked.getByText("Inactive", { exact: true }).isVisible()).toBe(true);
    expect(await revoked.getByText(/^Revoked on \d{1,2} [A-Z][a-z]{2} \d{4}$/).isVisible()).toBe(true);
    const share = revoked.getByRole("button", { name: "Share DBS Enhanced Check" });
    expect(await share.isDisabled()).toBe(true);
    expect(await share.getAttribute("aria-describedby")).toBe(await revoked.getByText("A revoked credential cannot be shared.").getAttribute("id"));
    await screenshots("credentials-1280-states");
    for (const dark of [false, true]) {
      await setDarkMode(dark);
      expect({ dark, serious: await seriousAxeFindings() }).toEqual({ dark, serious: [] });
    }
    await setDarkMode(false);

    await revoked.getByRole("button", { name: "View DBS Enhanced Check" }).click();
    const details = detailsDialog();
    await details.getByText("Revoked", { exact: true }).waitFor();
    expect(await details.getByRole("button", { name: "Share Credential" }).isDisabled()).toBe(true);
    expect(await details.getByText("Children's barred list", { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeFindings()).toEqual([]);
    await screenshots("credentials-1280-revoked-details", { dialog: true });
  });
});
