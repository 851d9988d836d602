import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { CompactEncrypt, decodeJwt, importJWK } from "jose";
import type { Page, Request } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { presentCredential } from "#core/credentials/index.ts";
import { encodeOfflinePresentation } from "#core/verification/offline-qr.ts";
import { presentations, verifierApiKeys } from "#db/schema/index.ts";
import { testDatabase } from "./database.ts";
import { fakeCameraArgs, writeQrVideo } from "./fake-camera.ts";
import { stackUnderTest } from "./lane.ts";
import {
  apiSession,
  identifierBase,
  issueToNodeHolder,
  type NodeHeldCredential,
  offlinePresentation,
} from "./node-holder.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  createVerifier,
  expectToast,
  openTestBrowser,
  photograph,
  screenshots,
  setDarkMode,
  signIn,
  type TestUser,
  toastRegion,
  visit,
} from "./wallet-helpers.ts";

/**
 * The Verifier Portal in the browser (spec 000 §2 "Verifier Portal", §5, §7, §8; issue 9): a
 * verifier of an organisation of this file's own creates a request (an empty purpose sends
 * nothing; a real one shows the QR code, the wallet link and the countdown, and its answer arrives
 * live), checks a citizen's credential presented in person (Manual Entry and the camera), exports
 * the signed receipt, confirms the person matches and prints; creates an API key, uses it from
 * Node and revokes it; filters and pages the history; reads the API documentation. Every screen in
 * light and dark, axe-clean, and the request form by keyboard alone.
 */
afterEach(closeBrowsers);

const NO_FINDINGS = { light: [], dark: [] };
const baseUrl = () => stackUnderTest().baseUrl;

let verifier: TestUser;
let organisationId: string;
let citizen: TestUser;
let credential: NodeHeldCredential;

/** What the citizen's wallet shows for an in-person check: a fresh offline presentation (each is accepted once). */
const freshPresentation = (disclose = ["hasRightToWork", "given_name", "family_name"]) =>
  offlinePresentation(credential, disclose);

beforeAll(async () => {
  ({ user: verifier, organisationId } = await createVerifier("portal"));
  citizen = await createUser({ prefix: "portal-citizen", firstName: "Sarah", lastName: "Thompson", records: true });
  credential = await issueToNodeHolder(citizen);
});

async function openPortal(width = 1280): Promise<Page> {
  const browser = await openTestBrowser(width, 20_000);
  await signIn(browser, verifier, "/verifier");
  return browser.page;
}

/** The portal's POSTs to /api/presentations/requests, as they leave the page. */
function requestPosts(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/presentations/requests")
      sent.push(request);
  });
  return sent;
}

/** The portal's polls of a request's state (GET /api/presentations/requests/{id}), as they leave the page. */
function statusPolls(page: Page): string[] {
  const polled: string[] = [];
  page.on("request", (request) => {
    if (
      request.method() === "GET" &&
      /^\/api\/presentations\/requests\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)
    )
      polled.push(request.url());
  });
  return polled;
}

/** The request's state, from its request object (what a wallet reads at request_uri). */
async function requestObjectOf(page: Page): Promise<{ requestUri: string; claims: Record<string, any> }> {
  const value = await page.getByTestId("active-request").getByTestId("qr-code").getAttribute("data-qr-value");
  const requestUri = new URL(value!.replace("openid4vp://", "https://wallet.invalid/")).searchParams.get(
    "request_uri",
  )!;
  const response = await fetch(requestUri);
  expect(response.status).toBe(200);
  return { requestUri, claims: decodeJwt(await response.text()) as Record<string, any> };
}

/**
 * What a wallet posts to response_uri: `answer` and the request's state, encrypted to the request's
 * own key (direct_post.jwt, the mode of the portal's requests: ADR 049).
 */
async function walletAnswers(claims: Record<string, any>, answer: Record<string, unknown>): Promise<number> {
  const [key] = claims.client_metadata.jwks.keys;
  const response = await new CompactEncrypt(
    new TextEncoder().encode(JSON.stringify({ ...answer, state: claims.state })),
  )
    .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: key.kid })
    .encrypt(await importJWK(key, "ECDH-ES"));
  const answered = await fetch(claims.response_uri, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ response }).toString(),
  });
  return answered.status;
}

/** The holder's decline from the platform's wallet: signed in, same site (POST /api/presentations/decline). */
async function holderDeclines(holder: TestUser, state: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/presentations/decline`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Cookie: `__Host-identity_session=${await apiSession(holder)}`,
      Origin: baseUrl(),
    },
    body: JSON.stringify({ state }),
  });
  return response.status;
}

/** Closes every toast shown. */
async function dismissToasts(page: Page): Promise<void> {
  const close = toastRegion(page).getByRole("button", { name: "Close notification" });
  while (await close.count()) await close.first().click();
}

const countdown = (page: Page) => page.getByTestId("request-countdown").textContent();

describe("Request Specific Credentials", () => {
  it("sends nothing without a purpose; with one shows the QR code, the wallet link and a countdown, and the citizen's answer arrives live", async () => {
    const page = await openPortal();
    await page.getByRole("heading", { level: 1, name: "Verifier Portal" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to dashboard" }).getAttribute("href")).toBe("/");
    const sent = requestPosts(page);
    const sockets: string[] = [];
    page.on("websocket", (socket) => sockets.push(socket.url()));
    const polls = statusPolls(page);
    const form = page.getByTestId("request-form");

    // The four checks; changing the check resets the attributes to its defaults.
    const type = page.getByLabel("Credential type");
    expect(await type.locator("option").allTextContents()).toEqual([
      "Right to Work",
      "Right to Rent",
      "DBS Check",
      "Age Verification",
    ]);
    expect(await page.getByLabel("Has the right to work in the UK").isChecked()).toBe(true);
    await page.getByLabel("Given name").check();
    await type.selectOption("dbs");
    const ticked = async () =>
      form
        .locator('input[type="checkbox"]')
        .evaluateAll((boxes) => (boxes as HTMLInputElement[]).filter((b) => b.checked).map((b) => b.value));
    expect(await ticked()).toEqual(["checkLevel", "policeRecords", "barredListChildren", "barredListAdults"]);
    await type.selectOption("rtw");
    expect(await ticked()).toEqual(["hasRightToWork"]);

    // Spec 000 §5: an empty (trimmed) purpose: the toast, and nothing is sent.
    await page.getByLabel("Purpose").fill("   ");
    await page.getByRole("button", { name: "Create Request" }).click();
    await expectToast(page, "Purpose Required", "Please specify the purpose for this verification");
    expect(await page.getByLabel("Purpose").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toHaveLength(0);

    await page.getByLabel("Given name").check();
    await page.getByLabel("Purpose").fill("Pre-employment right to work check");
    await page.getByRole("button", { name: "Create Request" }).click();
    await expectToast(page, "Request Created", "QR code generated for credential verification");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataJSON()).toEqual({
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork", "given_name"],
      purpose: "Pre-employment right to work check",
    });

    const active = page.getByTestId("active-request");
    await active.getByRole("img", { name: /QR code of this verification request/ }).waitFor();
    expect(await active.getByTestId("qr-code").getAttribute("data-qr-value")).toMatch(
      /^openid4vp:\/\/\?client_id=verifier_attestation%3A.+&request_uri=/,
    );
    const walletLink = active.getByRole("link", { name: "Open in the web wallet (opens in a new tab)" });
    expect(await walletLink.getAttribute("href")).toMatch(new RegExp(`^${baseUrl()}/wallet/present\\?client_id=`));
    expect(await active.getByRole("button", { name: "Copy link" }).isVisible()).toBe(true);
    // Ten minutes, counting down.
    const first = await countdown(page);
    expect(first).toMatch(/^(10:00|09:[0-5]\d)$/);
    await expect.poll(() => countdown(page), { timeout: 5000 }).not.toBe(first);
    expect(await active.getAttribute("data-status")).toBe("pending");
    await dismissToasts(page);
    await screenshots(page, "verifier-portal-request");

    // The citizen's wallet answers with their credential, encrypted (OpenID4VP direct_post.jwt, the
    // default): the portal hears at once.
    const { claims } = await requestObjectOf(page);
    expect(claims.response_mode).toBe("direct_post.jwt");
    expect(claims.dcql_query.credentials[0].claims).toEqual([{ path: ["hasRightToWork"] }, { path: ["given_name"] }]);
    const vpToken = {
      [claims.dcql_query.credentials[0].id]: [
        await presentCredential({
          sdJwt: credential.sdJwt,
          disclose: ["hasRightToWork", "given_name"],
          holderPrivateKey: credential.holder.privateKey,
          nonce: claims.nonce,
          aud: claims.client_id,
          iat: Math.floor(Date.now() / 1000),
        }),
      ],
    };
    expect(await walletAnswers(claims, { vp_token: vpToken })).toBe(200);
    await expectToast(page, "Verification Successful", "Credential has been validated successfully");
    await page.getByTestId("request-outcome").waitFor();
    expect(await active.getAttribute("data-status")).toBe("completed");
    // It came over the live feed (ws: on this http stack), not by polling.
    expect(sockets).toHaveLength(1);
    expect(sockets[0]).toMatch(
      new RegExp(`^ws://${new URL(baseUrl()).host}/api/presentations/requests/[0-9a-f-]{36}/live$`),
    );
    expect(polls).toEqual([]);
    const result = page.getByTestId("verification-result");
    expect(await result.getAttribute("data-result")).toBe("valid");
    expect(await result.getByTestId("result-attributes").innerText()).toMatch(/Has the right to work in the UK\s+Yes/);
    expect(await result.getByTestId("result-attributes").innerText()).toMatch(/Given name\s+Sarah/);
    expect(await result.innerText()).toContain("Home Office");
    expect(await result.innerText()).toContain("Pre-employment right to work check");
    // The recent list reloads with the new record.
    await page.getByTestId("recent-item").filter({ hasText: "Pre-employment right to work check" }).waitFor();
  });

  it("asks for the request's state instead when the live feed closes early; a refusal not from the holder's wallet is shown as an answer not accepted, the holder's own decline as the citizen declined", async () => {
    const page = await openPortal();
    // The live feed closes at once (a proxy that drops WebSockets): the portal asks instead.
    await page.routeWebSocket(/\/live$/, (socket) => socket.close());
    const polls = statusPolls(page);
    await page.getByLabel("Credential type").selectOption("age");
    expect(await page.getByLabel("Aged 18 or over").isChecked()).toBe(true);
    await page.getByLabel("Purpose").fill("Age check for alcohol sale");
    await page.getByRole("button", { name: "Create Request" }).click();
    await expectToast(page, "Request Created", "QR code generated for credential verification");
    const { claims } = await requestObjectOf(page);
    await expect.poll(() => polls.length, { timeout: 8000 }).toBeGreaterThan(0);
    expect(await page.getByTestId("active-request").getAttribute("data-status")).toBe("pending");
    // Whoever holds the QR code can post a refusal to response_uri: recorded, and the request stays open.
    expect(await walletAnswers(claims, { error: "access_denied" })).toBe(400);
    const attempts = page.getByTestId("request-attempts");
    await attempts.waitFor();
    expect(await attempts.textContent()).toContain("1 answer could not be accepted");
    expect(await page.getByTestId("active-request").getAttribute("data-status")).toBe("pending");
    // The holder declines from the platform's wallet, signed in.
    expect(await holderDeclines(citizen, claims.state)).toBe(200);
    await expectToast(page, "Request Declined", "The citizen declined");
    expect(await page.getByTestId("request-outcome").textContent()).toBe("The citizen declined");
    expect(await page.getByTestId("active-request").getAttribute("data-status")).toBe("declined");
  });

  it("counts answers that could not be accepted live, and shows a request closed after too many as failed, with why", async () => {
    const page = await openPortal();
    await page.getByLabel("Purpose").fill("Right to work check, front desk");
    await page.getByRole("button", { name: "Create Request" }).click();
    await expectToast(page, "Request Created", "QR code generated for credential verification");
    const { claims } = await requestObjectOf(page);
    await dismissToasts(page);
    const attempts = page.getByTestId("request-attempts");
    for (const answer of [1, 2, 3, 4]) {
      expect(await walletAnswers(claims, { vp_token: {} })).toBe(400);
      await expect
        .poll(() => attempts.textContent(), { timeout: 8000 })
        .toContain(`${answer} answer${answer === 1 ? "" : "s"} could not be accepted`);
    }
    expect(await page.getByTestId("active-request").getAttribute("data-status")).toBe("pending");
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    expect(await walletAnswers(claims, { vp_token: {} })).toBe(400);
    const failedMessage =
      "The verification request was closed after 5 answers that could not be accepted. Create a new request.";
    await expectToast(page, "Verification Failed", failedMessage);
    expect(await page.getByTestId("active-request").getAttribute("data-status")).toBe("failed");
    expect(await page.getByTestId("request-status").textContent()).toBe("Failed");
    expect(await page.getByTestId("request-outcome").textContent()).toContain(
      "This request closed after too many answers that could not be accepted.",
    );
    const result = page.getByTestId("verification-result");
    expect(await result.getAttribute("data-result")).toBe("invalid");
    expect(await result.innerText()).toContain(failedMessage);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
  });

  it("can be filled in and sent with the keyboard alone, with a visible focus at every step", async () => {
    const page = await openPortal();
    const focused = () =>
      page.evaluate(
        () =>
          (document.activeElement as HTMLElement | null)?.getAttribute("data-testid") ??
          document.activeElement?.id ??
          "",
      );
    const outline = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    // From the top of the page, Tab reaches the check's select.
    let presses = 0;
    while ((await focused()) !== "select-credential-type" && presses++ < 60) await page.keyboard.press("Tab");
    expect(await focused()).toBe("select-credential-type");
    expect(await outline()).toBe("solid");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByLabel("Credential type").inputValue()).toBe("rtr");
    expect(await page.getByLabel("Has the right to rent in England").isChecked()).toBe(true);
    // The first attribute is ticked (the check's default): Space unticks, Tab, Space ticks the next.
    await page.keyboard.press("Tab");
    expect(await outline()).toBe("solid");
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await page.getByLabel("Has the right to rent in England").isChecked()).toBe(false);
    expect(await page.getByLabel("Any conditions on renting").isChecked()).toBe(true);
    // On through the rest to Purpose, then the button; Enter sends it.
    presses = 0;
    while ((await focused()) !== "input-purpose" && presses++ < 10) await page.keyboard.press("Tab");
    await page.keyboard.type("Tenancy right to rent check");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("button-create-request");
    expect(await outline()).toBe("solid");
    await page.keyboard.press("Enter");
    await expectToast(page, "Request Created", "QR code generated for credential verification");
    // Focus moves to the new request, so the QR code is next for a screen reader.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("active-request-heading");
    expect(await page.getByTestId("active-request").innerText()).toContain("Any conditions on renting");
  });
});

describe("checking a credential shown in person", () => {
  it("validates what Manual Entry reads, shows the result, exports the signed receipt, confirms the match and prints only the result", async () => {
    const browser = await openTestBrowser(1280, 20_000);
    const { page } = browser;
    await signIn(browser, verifier, "/verifier");
    await page.getByTestId("result-empty").waitFor();

    // Spec 000 §4: Manual Entry prompts for the QR data; the presentation is validated.
    const presentation = await freshPresentation();
    page.once("dialog", (dialog) => void dialog.accept(presentation));
    await page.getByRole("button", { name: "Manual Entry" }).click();
    await expectToast(page, "Verification Successful", "Credential has been validated successfully");
    const result = page.getByTestId("verification-result");
    expect(await result.getAttribute("data-result")).toBe("valid");
    expect(await result.getByTestId("result-badge").textContent()).toBe("Valid");
    const attributes = await result.getByTestId("result-attributes").innerText();
    for (const pair of [/Has the right to work in the UK\s+Yes/, /Given name\s+Sarah/, /Family name\s+Thompson/])
      expect(attributes).toMatch(pair);
    expect(await result.innerText()).toMatch(/Issuer\s+Home Office/);
    expect(await result.innerText()).toMatch(/Checked\s+\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (GMT|BST)/);
    // The heading took focus, so a keyboard user is on the result.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("result-heading");
    const recordId = (await result.innerText()).match(/Record\s+([0-9a-f-]{36})/)![1]!;
    await page.locator(`[data-testid="recent-item"][data-record-id="${recordId}"]`).waitFor();

    // The same presentation again is a replay: refused, with the red panel and the reason.
    page.once("dialog", (dialog) => void dialog.accept(presentation));
    await page.getByRole("button", { name: "Manual Entry" }).click();
    await toastRegion(page).getByText("Verification Failed", { exact: true }).waitFor();
    expect(await result.getAttribute("data-result")).toBe("invalid");
    expect(await result.getByTestId("result-reason").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Confirm the person matches" }).count()).toBe(0);
    await dismissToasts(page);
    await screenshots(page, "verifier-portal-invalid");

    // Back to a valid one for the receipt, the match and printing.
    const again = await freshPresentation(["hasRightToWork"]);
    page.once("dialog", (dialog) => void dialog.accept(again));
    await page.getByRole("button", { name: "Manual Entry" }).click();
    await expectToast(page, "Verification Successful", "Credential has been validated successfully");
    const validId = (await result.innerText()).match(/Record\s+([0-9a-f-]{36})/)![1]!;

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export Receipt" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    await page.getByRole("button", { name: "Confirm the person matches" }).click();
    await expectToast(page, "Match Confirmed", "You confirmed that the person matches this credential");
    await page.getByTestId("visual-match-confirmed").waitFor();
    const [row] = await testDatabase()
      .select({ at: presentations.visualMatchAt, by: presentations.visualMatchBy })
      .from(presentations)
      .where(eq(presentations.id, validId));
    expect(row).toMatchObject({ by: verifier.id });
    expect(row!.at).toBeInstanceOf(Date);

    // Axe and the pictures without the toast (its item's status role reads to axe as a list
    // holding a non-item: app/components/ui/toast.tsx, a finding of its own).
    await dismissToasts(page);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-portal-result");

    // Print: window.print, and the print stylesheet shows only the result, black on white (dark theme too).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await setDarkMode(page, true);
    await page.emulateMedia({ media: "print" });
    const printed = await page.evaluate(() => {
      const visible = (selector: string) => {
        const element = document.querySelector(selector);
        return element
          ? getComputedStyle(element).display !== "none" && element.getBoundingClientRect().height > 0
          : false;
      };
      const panel = document.querySelector('[data-testid="verification-result"]')!;
      return {
        header: visible("header"),
        footer: visible("footer"),
        scanner: visible('[data-testid="scanner-panel"]'),
        recent: visible('[data-testid="recent-verifications"]'),
        result: visible('[data-testid="verification-result"]'),
        buttons: visible('[data-testid="button-export-receipt"]'),
        colour: getComputedStyle(panel).color,
        background: getComputedStyle(panel).backgroundColor,
        body: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(printed).toEqual({
      header: false,
      footer: false,
      scanner: false,
      recent: false,
      result: true,
      buttons: false,
      colour: "rgb(0, 0, 0)",
      background: "rgb(255, 255, 255)",
      body: "rgb(255, 255, 255)",
    });
    await photograph(page, "verifier-portal-print", { fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await setDarkMode(page, false);
  });

  it("reads an offline QR code with the camera and shows the result", async () => {
    const dir = mkdtempSync(join(tmpdir(), "portal-camera-"));
    try {
      const video = join(dir, "offline-qr.y4m");
      await writeQrVideo(encodeOfflinePresentation(await freshPresentation(["hasRightToWork"])), video);
      const browser = await openTestBrowser(1280, 20_000, fakeCameraArgs(video));
      const { page } = browser;
      await signIn(browser, verifier, "/verifier");
      await page.getByRole("button", { name: "Start Camera" }).click();
      await expectToast(page, "Verification Successful", "Credential has been validated successfully");
      expect(await page.getByTestId("scanner-status").textContent()).toBe("QR code scanned");
      expect(await page.getByTestId("verification-result").getAttribute("data-result")).toBe("valid");
      expect(await page.getByTestId("verification-result").innerText()).toMatch(/How\s+QR code scanned or entered/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("API Integration", () => {
  it("creates an API key shown once, which works from another system until it is revoked", async () => {
    // A verifier and organisation of this test's own, and a key name no earlier run used.
    const own = await createVerifier("api-key", "Payroll Bureau");
    const keyName = `Payroll system ${crypto.randomUUID().slice(0, 8)}`;
    const [recorded] = await testDatabase()
      .insert(presentations)
      .values({
        organisationId: own.organisationId,
        checkType: "rtw",
        purpose: "Checked through the payroll system",
        mode: "online",
        verificationResult: "valid",
        presentedAttributes: { hasRightToWork: true },
        verifiedAt: new Date(),
      })
      .returning({ id: presentations.id });
    // Another organisation's check, which the key must not see.
    await testDatabase()
      .insert(presentations)
      .values({
        organisationId,
        checkType: "rtw",
        purpose: "Not the payroll bureau's",
        mode: "offline",
        verificationResult: "valid",
        presentedAttributes: { hasRightToWork: true },
        verifiedAt: new Date(),
      });
    const browser = await openTestBrowser(1280, 20_000);
    const { page } = browser;
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.baseUrl });
    await signIn(browser, own.user, "/verifier");

    // A name is needed.
    await page.getByRole("button", { name: "Create API key" }).click();
    await page.getByText("Enter a name for the key").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.getByLabel("Key name").fill(keyName);
    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "API key created" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("api-key-warning").textContent()).toBe(
      "Copy this key now and keep it somewhere safe. It will not be shown again.",
    );
    const key = await dialog.getByLabel("Your new API key").inputValue();
    expect(key).toMatch(/^ukid_live_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole("button", { name: "Copy key" }).click();
    await expectToast(page, "Key Copied", "API key copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await axeInBothThemes(page, { dialog: true })).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-portal-api-key-dialog", { dialog: true });
    // Escape closes it; the key is listed by its prefix only and never shown again.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The native dialog hides at once; its content goes when React hears the close event.
    await page.getByTestId("api-key-value").waitFor({ state: "detached" });
    const item = page.getByTestId("api-key-item").filter({ hasText: keyName });
    expect(await item.innerText()).toContain(`${key.slice(0, 16)}…`);
    expect(await item.innerText()).toContain("Never used");
    expect(await page.content()).not.toContain(key);

    // Another system uses it: GET /api/verifications/history with the key as a Bearer token.
    const history = await fetch(`${baseUrl()}/api/verifications/history`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(history.status).toBe(200);
    const body = (await history.json()) as { total: number; entries: { id: string; organisation: string }[] };
    // Exactly this organisation's one check: nobody else's.
    expect(body.total).toBe(1);
    expect(body.entries.map((entry) => [entry.id, entry.organisation])).toEqual([[recorded!.id, own.organisationName]]);
    // Marked used (after the answer), and the portal says when.
    await expect
      .poll(
        async () =>
          (
            await testDatabase()
              .select({ at: verifierApiKeys.lastUsedAt })
              .from(verifierApiKeys)
              .where(and(eq(verifierApiKeys.name, keyName), eq(verifierApiKeys.organisationId, own.organisationId)))
          )[0]?.at ?? null,
        { timeout: 10_000 },
      )
      .not.toBeNull();
    await visit(page, "/verifier");
    expect(await page.getByTestId("api-key-item").filter({ hasText: keyName }).innerText()).not.toContain("Never used");

    // Revoke asks first; the key then stops working.
    await page.getByRole("button", { name: `Revoke ${keyName}` }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke this API key?" });
    await confirm.waitFor();
    expect(await axeInBothThemes(page, { dialog: true })).toEqual(NO_FINDINGS);
    await confirm.getByRole("button", { name: "Yes, revoke key" }).click();
    await expectToast(page, "API Key Revoked", `${keyName} no longer works`);
    await page.getByTestId("api-key-item").filter({ hasText: keyName }).getByTestId("api-key-revoked").waitFor();
    expect(
      (await fetch(`${baseUrl()}/api/verifications/history`, { headers: { Authorization: `Bearer ${key}` } })).status,
    ).toBe(401);
  });

  it("shows usage for the last 14 days as a chart with a table, and links to the documentation", async () => {
    const page = await openPortal();
    const chart = page.getByTestId("usage-chart");
    await chart.getByRole("img", { name: /Verifications per day, last 14 days/ }).waitFor();
    await chart.getByText("Show the figures as a table").click();
    expect(await chart.getByTestId("usage-table").locator("tbody tr").count()).toBe(14);
    await page.getByRole("link", { name: "Read the API documentation" }).click();
    await page.waitForURL(`${baseUrl()}/verifier/api-docs`);
    await page.getByRole("heading", { level: 1, name: "API Documentation" }).waitFor();
  });
});

describe("the portal's screens", () => {
  let historyVerifier: TestUser;
  let historyOrganisationId: string;
  beforeAll(async () => {
    const made = await createVerifier("history");
    historyVerifier = made.user;
    historyOrganisationId = made.organisationId;
    const start = Date.now() - 30 * 60_000;
    const results = ["valid", "REVOKED", "valid", "EXPIRED", "valid"];
    const checks = ["rtw", "rtr", "dbs", "age"];
    await testDatabase()
      .insert(presentations)
      .values(
        Array.from({ length: 26 }, (_, i) => ({
          organisationId: made.organisationId,
          checkType: checks[i % checks.length]!,
          purpose: `Check number ${i + 1}`,
          mode: i % 3 ? ("offline" as const) : ("online" as const),
          verificationResult: results[i % results.length]!,
          // As every record made now: a valid credential's check judged (ADR 033), an invalid one's not.
          outcome: results[i % results.length] === "valid" ? ("passed" as const) : null,
          issuer: `${identifierBase()}/issuers/home-office`,
          presentedAttributes: {},
          verifiedAt: new Date(start + i * 60_000),
        })),
      );
  });
  it("shows the history paged and filtered by a form that needs no script, and the CSV of the same filter", async () => {
    const browser = await openTestBrowser(1280, 20_000);
    const { page } = browser;
    await signIn(browser, historyVerifier, "/verifier");
    await page.getByRole("link", { name: /View All/ }).click();
    await page.waitForURL(`${baseUrl()}/verifier/history`);
    await page.getByRole("heading", { level: 1, name: "Verification History" }).waitFor();
    expect(await page.getByTestId("history-row").count()).toBe(20);
    expect(await page.getByTestId("history-count").textContent()).toBe("Showing 1–20 of 26");
    await page.getByRole("link", { name: "Next page" }).click();
    await page.waitForURL(`${baseUrl()}/verifier/history?page=2`);
    await page.getByTestId("history-page").getByText("Page 2 of 2").waitFor();
    expect(await page.getByTestId("history-row").count()).toBe(6);

    await page.getByLabel("Result").selectOption("invalid");
    await page.getByLabel("Check").selectOption("rtr");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/result=invalid/);
    expect(new URL(page.url()).searchParams.get("type")).toBe("rtr");
    await page.getByRole("link", { name: "Clear filters" }).waitFor();
    const rows = page.getByTestId("history-row");
    // Of the 26, the Right to Rent checks that failed: numbers 2 and 22 (revoked).
    await expect
      .poll(() => rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-result"))))
      .toEqual(["invalid", "invalid"]);
    for (const row of await rows.all()) {
      expect(await row.getAttribute("data-result")).toBe("invalid");
      expect(await row.innerText()).toContain("Right to Rent");
    }
    const csv = await page.getByRole("link", { name: /Download CSV/ }).getAttribute("href");
    // The page's own organisation, named: an administrator's export holds the rows the page shows.
    expect(csv).toBe(
      `/api/verifications/history?format=csv&organisation=${historyOrganisationId}&result=invalid&type=rtr`,
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download CSV/ }).click(),
    ]);
    const lines = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\r\n");
    expect(lines.length - 1).toBe(await rows.count());

    // Without JavaScript the same form works: it is a plain GET (the same session, no scripts).
    const plain = await openTestBrowser(1280, 20_000);
    await plain.context.route("**/*.js", (route) => route.abort());
    await plain.context.addCookies(await browser.context.cookies());
    await plain.page.goto("/verifier/history");
    await plain.page.getByLabel("Result").selectOption("expired");
    await plain.page.getByRole("button", { name: "Apply filters" }).click();
    await plain.page.waitForURL(/result=expired/);
    // Of the 26, every fifth from the fourth is expired: numbers 4, 9, 14, 19 and 24.
    const plainRows = plain.page.getByTestId("history-row");
    expect(await plainRows.count()).toBe(5);
    for (const row of await plainRows.all()) expect(await row.getAttribute("data-result")).toBe("expired");

    await visit(page, "/verifier/history");
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-history");
  });

  it("shows the portal and the API documentation without serious accessibility problems in light or dark, and the portal fits a phone (390 px)", async () => {
    const browser = await openTestBrowser(1280, 20_000);
    const { page } = browser;
    await signIn(browser, historyVerifier, "/verifier");
    await page.getByTestId("usage-chart").getByText("Show the figures as a table").click();
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-portal");

    await visit(page, "/verifier/api-docs");
    expect(await page.getByTestId("api-operation").count()).toBeGreaterThan(5);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-api-docs");

    // The same browser as a phone.
    await page.setViewportSize({ width: 390, height: 900 });
    await visit(page, "/verifier");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);
    await screenshots(page, "verifier-portal-390");
  });
});

describe("verifier organisations (administrators)", () => {
  it("an administrator registers an organisation with a verifier, who can then use the portal for it", async () => {
    const admin = await createUser({ prefix: "admin", firstName: "Ada", lastName: "Ministrator", role: "admin" });
    const newcomer = await createUser({ prefix: "verifier", firstName: "Nia", lastName: "Newcomer", role: "verifier" });
    const browser = await openTestBrowser(1280, 15_000);
    await signIn(browser, admin);
    const { page } = browser;
    // Without an organisation of their own, the portal sends the administrator to the register.
    await visit(page, "/verifier");
    await page.getByRole("link", { name: "Manage verifier organisations" }).click();
    await page.waitForURL(/\/verifier\/organisations$/);
    expect(await axeInBothThemes(page)).toEqual(NO_FINDINGS);

    const name = `Seaview Care Homes ${newcomer.username}`;
    await page.getByLabel("Registered name").fill(name);
    await page.getByRole("checkbox", { name: "DBS Check" }).check();
    await page.getByLabel("Verifier account to add (optional)").fill(newcomer.username);
    await page
      .getByLabel("Its websites that ask through the browser (optional)")
      .fill("https://www.seaview-care.example");
    await page.getByTestId("button-register-organisation").click();
    await expectToast(page, "Organisation Registered", `${name} can now check credentials`);
    const registered = page.getByTestId("organisation").filter({ hasText: name });
    await registered.getByText("Asks through the browser from: https://www.seaview-care.example").waitFor();
    await screenshots(page, "verifier-organisations");

    const member = await openTestBrowser(1280, 15_000);
    await signIn(member, newcomer, "/verifier");
    expect(await member.page.getByTestId("portal-organisation").textContent()).toContain(name);
  });
});
