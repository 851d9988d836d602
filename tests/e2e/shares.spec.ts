import { createClient } from "@libsql/client";
import axe from "axe-core";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser, type OpenBrowser, waitForHydration } from "./browser.ts";

/**
 * Share links in the browser (issue 4; spec 000 §2 /shares, §7, §8; ADR 010): the demo citizen
 * shares a credential, sees the share on /shares, a stranger opens the link in a browser of their
 * own and sees the live result, the citizen revokes the share and the link then says withdrawn.
 */
const SCREENS = ".tmp/screens";
const db = createClient({ url: inject("libsqlUrl") });
const browsers: OpenBrowser[] = [];

beforeAll(() => mkdirSync(SCREENS, { recursive: true }));
afterAll(() => db.close());
afterEach(async () => {
  while (browsers.length) await browsers.pop()!.close();
});

async function open(width: number) {
  const browser = await openBrowser({ viewport: { width, height: 900 } });
  browsers.push(browser);
  return browser;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function signInAsCitizen(browser: OpenBrowser) {
  await visit(browser.page, "/login");
  await browser.page.getByRole("button", { name: "Citizen", exact: true }).click();
  await browser.page.getByRole("button", { name: "Sign In", exact: true }).click();
  await browser.page.waitForURL(new URL("/", browser.baseUrl).href);
}

interface Credential {
  id: string;
  type: string;
  status: string;
}

/**
 * An active credential of the demo citizen's, issued here if there is none: through the wallet's
 * own protocol from the page (a P-256 device key made with WebCrypto, a proof of possession over
 * the server's nonce, POST /api/vc/rtw/issue).
 */
async function activeCredential(page: Page): Promise<Credential> {
  const held = await page.evaluate(async () => (await (await fetch("/api/wallet/credentials")).json()) as Credential[]);
  const active = held.find((c) => c.status === "active");
  if (active) return active;
  return page.evaluate(async () => {
    const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const encode = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));
    const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
    const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", pair.publicKey);
    const nonceResponse = await fetch("/api/vc/nonce", { method: "POST" });
    const { c_nonce } = (await nonceResponse.json()) as { c_nonce: string };
    const signingInput = `${encode({ alg: "ES256", typ: "openid4vci-proof+jwt", jwk: { kty, crv, x, y } })}.${encode({
      nonce: c_nonce,
      aud: `https://${location.host}/issuers/home-office`,
      iat: Math.floor(Date.now() / 1000),
    })}`;
    const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, new TextEncoder().encode(signingInput));
    const response = await fetch("/api/vc/rtw/issue", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ proof: `${signingInput}.${b64url(new Uint8Array(signature))}` }),
    });
    if (response.status !== 201) throw new Error(`issue failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as Credential;
  });
}

async function setDarkMode(page: Page, dark: boolean) {
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
}

/** Light and dark screenshots of a signed-in page (the header's toggle). */
async function screenshots(page: Page, name: string) {
  for (const dark of [false, true]) {
    await setDarkMode(page, dark);
    await page.screenshot({ path: `${SCREENS}/${name}-${dark ? "dark" : "light"}.png`, fullPage: true, animations: "disabled" });
  }
  await setDarkMode(page, false);
}

/** Light and dark screenshots of the public verify page (no header toggle: the theme cookie). */
async function verifyScreenshots(stranger: OpenBrowser, link: string, name: string) {
  for (const dark of [false, true]) {
    await stranger.context.addCookies([{ name: "theme", value: dark ? "dark" : "light", url: stranger.baseUrl }]);
    await stranger.page.goto(link);
    await stranger.page.screenshot({ path: `${SCREENS}/${name}-${dark ? "dark" : "light"}.png`, fullPage: true, animations: "disabled" });
  }
}

/** Serious or critical axe-core findings (WCAG 2.2 AA) on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] } }),
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

const card = (page: Page, sharedWith: string) => page.getByTestId("share-card").filter({ hasText: sharedWith });

describe("sharing a credential by link", () => {
  it("shows the share on /shares, the live result to a stranger, and withdrawn after Revoke Share", async () => {
    const citizen = await open(1280);
    const { page } = citizen;
    await signInAsCitizen(citizen);
    const credential = await activeCredential(page);
    const sharedWith = `E2E Employer ${Date.now()}`;
    const share = await page.evaluate(
      async ({ id, sharedWith }) => {
        const response = await fetch(`/api/credentials/${id}/shares`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ purpose: "Pre-employment check", sharedWith }),
        });
        return (await response.json()) as { id: string; verifyPath: string; credentialName: string; issuerName: string };
      },
      { id: credential.id, sharedWith },
    );
    const link = new URL(share.verifyPath, citizen.baseUrl).href;

    // The share on /shares: its card with status, purpose, link and both buttons.
    await visit(page, "/shares");
    await page.getByRole("heading", { level: 1, name: "Recent Shares" }).waitFor();
    const mine = card(page, sharedWith);
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await mine.getByText("Pre-employment check").isVisible()).toBe(true);
    expect(await mine.getByTestId("share-link").textContent()).toBe(link);
    expect(await mine.getByText("0 times").isVisible()).toBe(true);
    const activeTile = Number(await page.getByTestId("tile-active-shares").locator("p.text-4xl").textContent());
    expect(activeTile).toBeGreaterThanOrEqual(1);
    await screenshots(page, "shares-1280");

    // Download PDF opens the certificate's URL in a new tab.
    const [tab] = await Promise.all([citizen.context.waitForEvent("page"), mine.getByRole("link", { name: /Download PDF/ }).click()]);
    await tab.waitForLoadState("domcontentloaded").catch(() => undefined);
    expect(new URL(tab.url()).pathname).toBe(`/api/shares/download/${share.id}`);
    await tab.close();

    // A stranger, not signed in, opens the link: the live result, type and issuer only.
    const stranger = await open(1280);
    await stranger.page.goto(link);
    const result = stranger.page.getByTestId("verify-result");
    expect(await result.getAttribute("data-outcome")).toBe("valid");
    expect(await stranger.page.getByRole("heading", { level: 1 }).textContent()).toBe("Credential is valid");
    expect(await result.textContent()).toContain(`issued by the ${share.issuerName}`);
    const body = (await stranger.page.locator("main").textContent()) ?? "";
    for (const secret of ["Sarah", "Thompson", credential.id, sharedWith, "Pre-employment check"]) expect(body).not.toContain(secret);
    await verifyScreenshots(stranger, link, "verify-valid-1280");

    // The owner sees the views counted.
    await visit(page, "/shares");
    expect(Number((await mine.getByText(/^\d+ times?$/).textContent())!.split(" ")[0])).toBeGreaterThanOrEqual(1);

    // Revoke Share asks first; confirming revokes, with the toast, and the card turns revoked.
    await mine.getByRole("button", { name: "Revoke Share" }).click();
    const confirm = page.getByTestId("confirm-revoke");
    await confirm.waitFor();
    expect(await confirm.getByRole("heading").textContent()).toContain(`with ${sharedWith}?`);
    await confirm.getByRole("button", { name: "Yes, revoke share" }).click();
    await page.getByRole("region", { name: "Notifications (F8)" }).getByText("Share Revoked").waitFor();
    await expect.poll(() => mine.getAttribute("data-share-status")).toBe("revoked");
    expect(await mine.getByRole("button", { name: "Revoke Share" }).count()).toBe(0);
    expect(await mine.getByTestId("share-link").count()).toBe(0);

    // The link now says the holder withdrew it.
    await stranger.page.goto(link);
    expect(await stranger.page.getByRole("heading", { level: 1 }).textContent()).toBe("This link has been withdrawn");
    await verifyScreenshots(stranger, link, "verify-withdrawn-1280");

    // Analytics kept the route, never the share id (ADR 010).
    await expect
      .poll(async () => Number((await db.execute("select count(*) as n from analytics_events where page = '/verify/:shareId'")).rows[0]!.n), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const leaked = await db.execute({ sql: "select count(*) as n from analytics_events where page like ? or referrer like ?", args: [`%${share.id}%`, `%${share.id}%`] });
    expect(Number(leaked.rows[0]!.n)).toBe(0);
  });

  it("fits a 390 px screen: /shares and both verify outcomes", async () => {
    const citizen = await open(390);
    const { page } = citizen;
    await signInAsCitizen(citizen);
    const credential = await activeCredential(page);
    const share = await page.evaluate(async (id) => {
      const response = await fetch(`/api/credentials/${id}/shares`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      return (await response.json()) as { id: string; verifyPath: string };
    }, credential.id);
    const link = new URL(share.verifyPath, citizen.baseUrl).href;

    await visit(page, "/shares");
    await page.getByRole("heading", { level: 1, name: "Recent Shares" }).waitFor();
    const noHorizontalScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshots(page, "shares-390");

    const stranger = await open(390);
    await stranger.page.goto(link);
    expect(await stranger.page.getByTestId("verify-result").getAttribute("data-outcome")).toBe("valid");
    expect(await noHorizontalScroll(stranger.page)).toBe(true);
    await verifyScreenshots(stranger, link, "verify-valid-390");

    expect(await page.evaluate(async (id) => (await fetch(`/api/shares/${id}/revoke`, { method: "POST" })).status, share.id)).toBe(200);
    await stranger.page.goto(link);
    expect(await stranger.page.getByTestId("verify-ended").isVisible()).toBe(true);
    expect(await noHorizontalScroll(stranger.page)).toBe(true);
    await verifyScreenshots(stranger, link, "verify-withdrawn-390");
  });

  it("has no serious accessibility problems (axe-core, WCAG 2.2 AA), light and dark", async () => {
    const citizen = await open(1280);
    const { page } = citizen;
    await signInAsCitizen(citizen);
    const credential = await activeCredential(page);
    const share = await page.evaluate(async (id) => {
      const response = await fetch(`/api/credentials/${id}/shares`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ sharedWith: "Axe Ltd" }) });
      return (await response.json()) as { id: string; verifyPath: string };
    }, credential.id);
    const stranger = await open(1280);
    for (const dark of [false, true]) {
      await visit(page, "/shares");
      await setDarkMode(page, dark);
      for (const path of ["/shares", `/shares?confirm=${share.id}`]) {
        await visit(page, path);
        expect({ path, dark, serious: await seriousViolations(page) }).toEqual({ path, dark, serious: [] });
      }
      await stranger.context.addCookies([{ name: "theme", value: dark ? "dark" : "light", url: stranger.baseUrl }]);
      await visit(stranger.page, share.verifyPath);
      expect({ path: "verify (valid)", dark, serious: await seriousViolations(stranger.page) }).toEqual({ path: "verify (valid)", dark, serious: [] });
    }
    expect(await page.evaluate(async (id) => (await fetch(`/api/shares/${id}/revoke`, { method: "POST" })).status, share.id)).toBe(200);
    await visit(stranger.page, share.verifyPath);
    expect(await seriousViolations(stranger.page)).toEqual([]);
  });
});
