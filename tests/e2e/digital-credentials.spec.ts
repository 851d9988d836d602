import { eq } from "drizzle-orm";
import { CompactEncrypt, decodeJwt, importJWK, type JWK } from "jose";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { presentCredential } from "#core/credentials/index.ts";
import { verifierOrganisations } from "#db/schema/index.ts";
import { testDatabase } from "./database.ts";
import { stackUnderTest } from "./lane.ts";
import { apiSession, issueToNodeHolder, type NodeHeldCredential } from "./node-holder.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  createVerifier,
  openTestBrowser,
  screenshots,
} from "./wallet-helpers.ts";

/**
 * The Digital Credentials API in Chromium (issue 23, ADR 054). A person who is not signed in here
 * opens the request's link and chooses "a wallet app on this device": the page asks through
 * navigator.credentials.get, and Chromium's virtual wallet (DevTools protocol
 * DigitalCredentials.setVirtualWalletBehavior) answers with what this test built, as a wallet app
 * would, from the real request the page passes on (its nonce, its key, its expected origin): a
 * Right to Work credential the test holds, key-bound to origin:<the page's origin>, encrypted to
 * the request's key (dc_api.jwt). The verifier sees the result. The virtual wallet's behaviour must
 * be set before the page asks (set later, the pending call never resolves), so the test reads the
 * request from the same public endpoint the page reads.
 */

afterEach(closeBrowsers);

const baseUrl = () => stackUnderTest().baseUrl;

const PROTOCOL = "openid4vp-v1-signed";

interface CreatedRequest {
  id: string;
  walletLink: string;
}

/** A Right to Work request made by a verifier of this test's own, through the Verifier API. */
async function openRequest(
  purpose: string,
  webOrigins?: string[],
): Promise<{ created: CreatedRequest; cookie: string; organisation: string }> {
  const { user, organisationId, organisationName } = await createVerifier("dc-api", "Dockside Logistics");
  if (webOrigins)
    await testDatabase()
      .update(verifierOrganisations)
      .set({ webOrigins })
      .where(eq(verifierOrganisations.id, organisationId));
  const cookie = `__Host-identity_session=${await apiSession(user)}`;
  const response = await fetch(`${baseUrl()}/api/presentations/requests`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ credentialType: "rtw", requestedAttributes: ["hasRightToWork"], purpose }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { created: (await response.json()) as CreatedRequest, cookie, organisation: organisationName };
}

/** What a wallet app answers to the request the page will pass on: the holder's presentation, encrypted to the request's key. */
async function walletAppAnswer(id: string, held: NodeHeldCredential, origin: string) {
  // What the app binds its answer to is the origin the browser gives it; the request says which it expects.
  const dcApi = (await (await fetch(`${baseUrl()}/api/presentations/requests/${id}/dc-api`)).json()) as {
    protocol: string;
    data: { request: string };
  };
  expect(dcApi.protocol).toBe(PROTOCOL);
  const request = decodeJwt(dcApi.data.request) as Record<string, any>;
  const key = request.client_metadata.jwks.keys[0] as JWK;
  const presentation = await presentCredential({
    sdJwt: held.sdJwt,
    disclose: ["hasRightToWork"],
    holderPrivateKey: held.holder.privateKey,
    nonce: request.nonce,
    aud: `origin:${origin}`,
    iat: Math.floor(Date.now() / 1000),
  });
  const response = await new CompactEncrypt(
    new TextEncoder().encode(JSON.stringify({ vp_token: { rtw: [presentation] } })),
  )
    .setProtectedHeader({ alg: "ECDH-ES", enc: "A128GCM", kid: key.kid! })
    .encrypt(await importJWK(key, "ECDH-ES"));
  return { response, expectedOrigins: request.expected_origins as string[] };
}

/** Chromium's virtual wallet answers the next navigator.credentials.get with `data`. */
async function virtualWalletResponds(page: Page, data: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send(
    "DigitalCredentials.setVirtualWalletBehavior" as never,
    {
      action: "respond",
      protocol: PROTOCOL,
      response: data,
    } as never,
  );
}

/** Presses Tab until `name`'s button has the focus, as a keyboard user reaches it. */
async function tabToButton(page: Page, name: string): Promise<void> {
  const target = page.getByRole("button", { name });
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${name}`);
}

describe("a request's link on a device with a wallet app (Digital Credentials API)", () => {
  it("someone not signed in chooses their wallet app from the keyboard; the app's answer reaches the verifier, valid", async () => {
    const { created, cookie, organisation } = await openRequest("Warehouse operative, night shift");
    const person = await createUser({ prefix: "dc-holder", firstName: "Amal", lastName: "Devi", records: true });
    const held = await issueToNodeHolder(person);

    const { page } = await openTestBrowser(1280, 20_000);
    const origin = new URL(created.walletLink).origin;
    const answer = await walletAppAnswer(created.id, held, origin);
    expect(answer.expectedOrigins).toEqual([origin]);
    await virtualWalletResponds(page, { response: answer.response });
    await page.goto(created.walletLink);
    await page.getByRole("heading", { name: "Answer a verification request" }).waitFor();
    expect(await page.getByText(`${organisation} is asking to check a credential (Right to Work).`).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole("link", { name: "Sign in to answer" }).getAttribute("href")).toMatch(/^\/login\?next=/);
    // The browser has the API: the button, not the QR code.
    await page.getByRole("button", { name: "Use a wallet app on this device" }).waitFor();
    expect(await page.getByTestId("choice-qr").count()).toBe(0);
    expect(await axeInBothThemes(page, { direct: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "dc-api-choice", { direct: true });

    await tabToButton(page, "Use a wallet app on this device");
    await page.keyboard.press("Enter");
    const outcome = page.getByTestId("choice-outcome");
    await outcome.getByRole("heading", { name: "Your credential was checked" }).waitFor();
    expect(await outcome.getAttribute("role")).toBe("status");
    // The outcome's heading takes the focus (the button it replaced is gone).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your credential was checked");
    expect(await axeInBothThemes(page, { direct: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "dc-api-shared", { direct: true });

    const view = await fetch(`${baseUrl()}/api/presentations/requests/${created.id}`, { headers: { Cookie: cookie } });
    expect(await view.json()).toMatchObject({
      status: "completed",
      result: { valid: true, presentedAttributes: { hasRightToWork: true } },
    });
  });

  it("a wallet app's answer bound to another website is refused with the reason in the page's words; the request stays open", async () => {
    const { created, cookie } = await openRequest("Forklift driver");
    const person = await createUser({ prefix: "dc-holder", firstName: "Iwan", lastName: "Prys", records: true });
    const held = await issueToNodeHolder(person);
    const { page } = await openTestBrowser(1280, 20_000);
    const answer = await walletAppAnswer(created.id, held, "https://elsewhere.example");
    await virtualWalletResponds(page, { response: answer.response });
    await page.goto(created.walletLink);
    await page.getByRole("button", { name: "Use a wallet app on this device" }).click();
    const outcome = page.getByTestId("choice-outcome");
    await outcome.getByRole("heading", { name: "The check did not pass" }).waitFor();
    expect(await outcome.getAttribute("role")).toBe("alert");
    // The reason is the credential core's refusal, in the citizen's words (not a general sentence).
    expect(await outcome.textContent()).toContain(
      "could not accept your wallet app's answer: The key-binding audience is not exactly this verifier's identifier.",
    );
    await outcome.getByRole("button", { name: "Try again" }).waitFor();
    const view = await fetch(`${baseUrl()}/api/presentations/requests/${created.id}`, { headers: { Cookie: cookie } });
    expect(await view.json()).toMatchObject({ status: "pending", attempts: 1 });
  });

  it("a browser without the API shows the request's QR code for a phone's wallet instead", async () => {
    const { created } = await openRequest("Site security");
    const { page } = await openTestBrowser(390, 20_000);
    await page.addInitScript(() => {
      // A browser that has never heard of the Digital Credentials API.
      delete (window as { DigitalCredential?: unknown }).DigitalCredential;
    });
    await page.goto(created.walletLink);
    const qr = page.getByTestId("choice-qr");
    await qr.getByRole("img", { name: "QR code of this verification request" }).waitFor();
    expect(await qr.getByTestId("qr-code").getAttribute("data-qr-value")).toMatch(
      /^openid4vp:\/\/\?client_id=verifier_attestation%3A.+&request_uri=/,
    );
    expect(await page.getByRole("button", { name: "Use a wallet app on this device" }).count()).toBe(0);
    expect(await axeInBothThemes(page, { direct: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "dc-api-no-api", { direct: true });
  });
});

describe("the embeddable button on an organisation's own website", () => {
  /** The organisation's page, on an origin of its own (served to this browser alone), with the platform's script. */
  const SHOP = "http://localhost:9";
  const shopPage = (dcApiAddress: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dockside Logistics: confirm your right to work</title></head>
<body><main>
<h1>Confirm your right to work</h1>
<button type="button" data-dc-api-request="${dcApiAddress}">Check with a digital wallet</button>
<p id="outcome" role="status"></p>
</main>
<script>
  document.addEventListener("digital-wallet:outcome", (event) => {
    document.getElementById("outcome").textContent = event.detail.kind + (event.detail.reason ? " " + event.detail.reason : "");
  });
  document.addEventListener("digital-wallet:unavailable", () => {
    document.getElementById("outcome").textContent = "unavailable";
  });
</script>
<script src="${baseUrl()}/embed/digital-wallet.js" defer></script>
</body></html>`;

  async function openShop(page: Page, dcApiAddress: string) {
    await page.route(`${SHOP}/checkout`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: shopPage(dcApiAddress) }),
    );
    await page.goto(`${SHOP}/checkout`);
  }

  it("the website's button asks the wallet app, the answer bound to the website's origin reaches the verifier, valid", async () => {
    const { created, cookie } = await openRequest("Agency driver", [SHOP]);
    const person = await createUser({ prefix: "dc-embed", firstName: "Oni", lastName: "Bello", records: true });
    const held = await issueToNodeHolder(person);
    const dcApi = `${new URL(created.walletLink).origin}/api/presentations/requests/${created.id}/dc-api`;
    const answer = await walletAppAnswer(created.id, held, SHOP);
    expect(answer.expectedOrigins).toEqual([new URL(created.walletLink).origin, SHOP]);

    const { page } = await openTestBrowser(1280, 20_000);
    await virtualWalletResponds(page, { response: answer.response });
    await openShop(page, dcApi);
    await page.getByRole("button", { name: "Check with a digital wallet" }).click();
    await expect.poll(() => page.locator("#outcome").textContent()).toBe("shared");
    expect(await page.getByRole("button", { name: "Check with a digital wallet" }).isDisabled()).toBe(true);
    const view = await fetch(`${baseUrl()}/api/presentations/requests/${created.id}`, { headers: { Cookie: cookie } });
    expect(await view.json()).toMatchObject({ status: "completed", result: { valid: true } });
  });

  it("on a website the organisation did not register, the answer is refused (DC_API_ORIGIN_NOT_EXPECTED) and the request stays open", async () => {
    const { created, cookie } = await openRequest("Agency driver");
    const person = await createUser({ prefix: "dc-embed", firstName: "Tal", lastName: "Roe", records: true });
    const held = await issueToNodeHolder(person);
    const dcApi = `${new URL(created.walletLink).origin}/api/presentations/requests/${created.id}/dc-api`;
    const { page } = await openTestBrowser(1280, 20_000);
    await virtualWalletResponds(page, { response: (await walletAppAnswer(created.id, held, SHOP)).response });
    await openShop(page, dcApi);
    await page.getByRole("button", { name: "Check with a digital wallet" }).click();
    await expect.poll(() => page.locator("#outcome").textContent()).toBe("refused DC_API_ORIGIN_NOT_EXPECTED");
    const view = await fetch(`${baseUrl()}/api/presentations/requests/${created.id}`, { headers: { Cookie: cookie } });
    expect(await view.json()).toMatchObject({ status: "pending", attempts: 0 });
  });
});
