import { createHash } from "node:crypto";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import en from "#core/i18n/catalog/en.json";
import type { Locale } from "#core/i18n/locales.ts";
import { TRANSLATIONS } from "#core/i18n/translations/index.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  expectToast,
  openTestBrowser,
  photograph,
  screenshots,
  signIn,
} from "./wallet-helpers.ts";

/**
 * "Add to another wallet app" on /wallet (issue 22; ADR 045): a citizen whose authorities hold
 * records of them gets an OpenID4VCI offer of one as a QR code and a same-device link, with its
 * transaction code apart; the dialog is worked from the keyboard, says when the offer expires and
 * offers a new one once it has. What a wallet app does with the offer is the protocol's test
 * (server/issuance/issuance.workerd.test.ts); here the link is followed to the offer it names, and
 * a wallet app played from Node receives it, so that /wallet/apps lists its copies and the person
 * revokes them from the keyboard.
 */

const say = (locale: Locale, id: keyof typeof en): string =>
  locale === "en" ? en[id] : (TRANSLATIONS[locale]?.[id] ?? en[id]);

afterEach(closeBrowsers);

/**
 * The wallet of a citizen of this test's own (a language is saved on a profile at sign-in, so
 * people are not shared across languages), with records at every authority, in `locale`.
 */
async function openWallet(locale: Locale = "en", options: { fakeClock?: boolean } = {}) {
  const citizen = await createUser({ prefix: "offer", firstName: "Sarah", lastName: "Thompson", records: true });
  const browser = await openTestBrowser(1280, 15_000);
  if (locale !== "en") await browser.context.addCookies([{ name: "lang", value: locale, url: browser.baseUrl }]);
  if (options.fakeClock) await browser.page.clock.install();
  await signIn(browser, citizen, "/wallet");
  await browser.page.getByRole("heading", { level: 1, name: say(locale, "wallet.page.title") }).waitFor();
  return { page: browser.page, baseUrl: browser.baseUrl };
}

/** The offer dialog once an offer is shown: its link (the QR code's content) and transaction code. */
async function shownOffer(page: Page) {
  const dialog = page.getByRole("dialog", { name: say("en", "wallet.offer.title") });
  const qr = dialog.getByTestId("qr-code");
  // Polled from here: a page on a fake clock (page.clock) never settles the locator's own wait.
  await expect.poll(() => qr.isVisible(), { timeout: 10_000 }).toBe(true);
  return {
    dialog,
    link: (await qr.getAttribute("data-qr-value"))!,
    href: await dialog.getByRole("link", { name: "Open in a wallet app on this device" }).getAttribute("href"),
    code: await dialog.getByTestId("wallet-offer-tx-code").getAttribute("data-code"),
    shownCode: await dialog.getByTestId("wallet-offer-tx-code").locator("[aria-hidden]").textContent(),
  };
}

/**
 * A wallet app calling itself `clientId` receives the shown offer's credential, as any OpenID4VCI
 * 1.0 wallet does (the protocol itself is tested in workerd): the pre-authorized code with the
 * transaction code for a DPoP-bound token, a c_nonce, one copy bound to its key, then "stored".
 * Each request under DPoP learns its nonce from the first refusal. The product names its endpoints
 * under the https base; the local stack serves that host over plain http.
 */
async function walletAppReceives(baseUrl: string, offer: { link: string; code: string | null }, clientId: string) {
  const local = (url: string) => new URL(`${new URL(url).pathname}${new URL(url).search}`, baseUrl);
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwk = await exportJWK(publicKey);
  const signed = (typ: string, claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ typ, alg: "ES256", jwk }).sign(privateKey);
  const post = async (url: string, body: string, type: string, token?: string) => {
    const send = async (nonce: string | null) =>
      fetch(local(url), {
        method: "POST",
        headers: {
          "Content-Type": type,
          ...(token ? { Authorization: `DPoP ${token}` } : {}),
          DPoP: await signed("dpop+jwt", {
            htm: "POST",
            htu: url,
            jti: crypto.randomUUID(),
            iat: Math.floor(Date.now() / 1000),
            ...(nonce ? { nonce } : {}),
            ...(token ? { ath: createHash("sha256").update(token).digest("base64url") } : {}),
          }),
        },
        body,
      });
    const first = await send(null);
    const answer = first.headers.get("DPoP-Nonce") && !first.ok ? await send(first.headers.get("DPoP-Nonce")) : first;
    expect(answer.ok, `${url}: ${await answer.clone().text()}`).toBe(true);
    return answer;
  };
  const offered = (await (
    await fetch(local(new URL(offer.link).searchParams.get("credential_offer_uri")!))
  ).json()) as { credential_issuer: string; grants: Record<string, { "pre-authorized_code": string }> };
  const issuer = offered.credential_issuer;
  const form = new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:pre-authorized_code",
    "pre-authorized_code": Object.values(offered.grants)[0]!["pre-authorized_code"],
    tx_code: offer.code!,
    client_id: clientId,
  });
  const tokenUrl = `${new URL(issuer).origin}/oauth/token`;
  const token = (await (await post(tokenUrl, form.toString(), "application/x-www-form-urlencoded")).json()) as {
    access_token: string;
  };
  const { c_nonce } = (await (await fetch(local(`${issuer}/nonce`), { method: "POST" })).json()) as { c_nonce: string };
  const proof = await signed("openid4vci-proof+jwt", {
    aud: issuer,
    nonce: c_nonce,
    iat: Math.floor(Date.now() / 1000),
  });
  const issued = (await (
    await post(
      `${issuer}/credential`,
      JSON.stringify({ credential_configuration_id: "rtw", proofs: { jwt: [proof] } }),
      "application/json",
      token.access_token,
    )
  ).json()) as { notification_id: string };
  await post(
    `${issuer}/notification`,
    JSON.stringify({ notification_id: issued.notification_id, event: "credential_accepted" }),
    "application/json",
    token.access_token,
  );
}

describe("Add to another wallet app", () => {
  it("a citizen with records opens an offer from the keyboard: a QR code of a working offer, its six-digit code apart", async () => {
    const { page, baseUrl } = await openWallet();
    const offersAsked: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/wallet/offers")
        offersAsked.push(request.postData() ?? "");
    });
    const action = page.getByRole("button", { name: "Add to another wallet app" });
    await action.focus();
    await page.keyboard.press("Enter");

    // The picker lists what the authorities hold of them, in the registry's order.
    const picker = page.getByRole("dialog", { name: "Add to another wallet app" });
    await picker.locator("li button").first().waitFor();
    expect(await picker.locator("li button .font-bold").allTextContents()).toEqual([
      "Right to Work",
      "Right to Rent",
      "DBS Enhanced",
      "Driving License",
      "Professional Certificate",
    ]);
    await screenshots(page, "wallet-offer-picker-1280", { dialog: true });
    // The modal takes focus on its close button; the first credential is one Tab on.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");

    const offer = await shownOffer(page);
    expect(await offer.dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(offer.link).toMatch(/^openid-credential-offer:\/\/\?credential_offer_uri=/);
    expect(offer.href).toBe(offer.link);
    // One offer per opening, of the type chosen.
    expect(offersAsked).toEqual([JSON.stringify({ type: "rtw" })]);
    // Six digits, shown in two groups of three beside (never inside) the QR code.
    expect(offer.code).toMatch(/^\d{6}$/);
    expect(offer.shownCode).toBe(offer.code);
    expect(
      await offer.dialog.getByTestId("wallet-offer-tx-code").locator("[aria-hidden] > span").allTextContents(),
    ).toEqual([offer.code!.slice(0, 3), offer.code!.slice(3)]);
    expect(offer.link).not.toContain(offer.code);
    expect(await offer.dialog.getByText("Never tell it to anyone who calls", { exact: false }).isVisible()).toBe(true);
    expect(await offer.dialog.getByRole("status").textContent()).toMatch(
      /^This offer works once, until \d{2}:\d{2}\.$/,
    );
    // From the close button the keyboard reaches the same-device link next.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Open in a wallet app on this device");

    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "wallet-offer-1280", { dialog: true });

    // The link is a working offer: a wallet app (no cookie of ours) fetches it and is offered Right
    // to Work. The offer's address is under the issuers' https base (ADR 045); the local stack
    // serves that host over plain http.
    const offerUri = new URL(new URL(offer.link).searchParams.get("credential_offer_uri")!);
    expect(offerUri.host).toBe(new URL(baseUrl).host);
    const answer = await fetch(new URL(`${offerUri.pathname}${offerUri.search}`, baseUrl));
    expect(answer.status).toBe(200);
    const offered = (await answer.json()) as {
      credential_issuer: string;
      credential_configuration_ids: string[];
      grants: Record<string, { "pre-authorized_code": string; tx_code: { length: number; input_mode: string } }>;
    };
    expect(offered.credential_configuration_ids).toEqual(["rtw", "rtw_haip"]);
    expect(offered.credential_issuer).toMatch(/\/issuers\/home-office$/);
    const grant = offered.grants["urn:ietf:params:oauth:grant-type:pre-authorized_code"]!;
    expect(grant["pre-authorized_code"]).toMatch(/^[\w-]{20,}$/);
    expect(grant.tx_code).toMatchObject({ length: 6, input_mode: "numeric" });

    // Escape closes it, and the keyboard is back where the person started.
    await page.keyboard.press("Escape");
    await offer.dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "button-other-wallet-app",
    );

    // Opened again, it is a new offer: the earlier one is never shown again.
    await page.keyboard.press("Enter");
    await picker.locator("li button").first().waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const again = await shownOffer(page);
    expect(again.link).not.toBe(offer.link);
    expect(offersAsked).toHaveLength(2);
  });

  it("lists the copies a wallet app received on /wallet/apps, where the person revokes them from the keyboard", async () => {
    const { page, baseUrl } = await openWallet();
    await page.getByRole("button", { name: "Add to another wallet app" }).click();
    await page
      .getByRole("dialog", { name: "Add to another wallet app" })
      .getByRole("button", { name: /^Right to Work/ })
      .click();
    const offer = await shownOffer(page);
    await walletAppReceives(baseUrl, offer, "com.example.e2e-wallet");

    // From the offer to where its copies are listed: the app's own name, how many, what it reported.
    await offer.dialog.getByRole("link", { name: "Your credentials in other wallet apps" }).click();
    await page.getByRole("heading", { level: 1, name: "Your credentials in other wallet apps" }).waitFor();
    const card = page.getByTestId("app-copies");
    expect(await card.locator("dd").allTextContents()).toEqual([
      "com.example.e2e-wallet",
      expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/),
      "1",
      "1 of 1",
      "It stored the credential",
    ]);

    // Revoke the copies asks first, in a modal, opened from the keyboard.
    const revoke = card.getByRole("button", { name: /^Revoke the copies of Right to Work sent / });
    await revoke.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Revoke the copies of your Right to Work?" });
    await dialog.getByRole("button", { name: "Yes, revoke the copies" }).waitFor();
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, "wallet-apps-confirm-1280", { dialog: true });

    // Escape closes it, the keyboard back on the button; Enter at once opens it again (the dialog's
    // owner learns of the Escape as it happens, not a task later: app/components/ui/dialog.tsx).
    await page.keyboard.press("Escape");
    expect(await revoke.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Yes, revoke the copies" }).waitFor();

    // The confirmation is one Tab from the dialog's close button.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Yes, revoke the copies");
    await page.keyboard.press("Enter");
    await expectToast(page, "Copies revoked", "The copies of your Right to Work in that wallet app no longer work.");
    await expect.poll(() => card.getAttribute("data-state")).toBe("revoked");
    expect(await card.locator("dd").nth(3).textContent()).toBe("0 of 1");
    expect(await card.getByRole("button").count()).toBe(0);
    // Its button gone, the keyboard is on the card it belonged to, not back at the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Right to Work");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });
    await screenshots(page, "wallet-apps-1280");
  });

  it("once the offer has expired it says so, moves focus to Make a new offer, and makes a different one", async () => {
    const { page } = await openWallet("en", { fakeClock: true });
    await page.getByRole("button", { name: "Add to another wallet app" }).click();
    await page.getByRole("dialog", { name: "Add to another wallet app" }).getByRole("button", { name: /DBS/ }).click();
    const first = await shownOffer(page);
    await first.dialog.getByRole("link", { name: "Open in a wallet app on this device" }).focus();

    await page.clock.fastForward("10:01");
    const status = first.dialog.getByRole("status");
    await expect
      .poll(() => status.textContent())
      .toBe("This offer has expired. Make a new one to add the credential to your wallet app.");
    expect(await first.dialog.getByTestId("qr-code").count()).toBe(0);
    const makeNew = first.dialog.getByRole("button", { name: "Make a new offer" });
    await screenshots(page, "wallet-offer-expired-1280", { dialog: true });
    expect(await makeNew.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    const second = await shownOffer(page);
    expect(second.link).not.toBe(first.link);
    expect(second.code).toMatch(/^\d{6}$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Open in a wallet app on this device");
  });

  it.each(["cy", "ar"] as const)(
    "speaks %s, the code and link left to right, and so does /wallet/apps",
    async (locale) => {
      const { page, baseUrl } = await openWallet(locale);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === "ar" ? "rtl" : "ltr");
      await page.getByRole("button", { name: say(locale, "wallet.offer.title") }).click();
      const picker = page.getByRole("dialog", { name: say(locale, "wallet.offer.title") });
      await picker.getByText(say(locale, "wallet.offer.pickerDescription")).waitFor();
      await picker.locator("li button").first().click();
      const dialog = page.getByRole("dialog", { name: say(locale, "wallet.offer.title") });
      await dialog.getByTestId("qr-code").waitFor();
      expect(await dialog.getByRole("heading", { name: say(locale, "wallet.offer.codeHeading") }).isVisible()).toBe(
        true,
      );
      expect(await dialog.getByRole("link", { name: say(locale, "wallet.offer.sameDevice") }).isVisible()).toBe(true);
      expect(await dialog.getByTestId("wallet-offer-tx-code").locator("[dir=ltr]").count()).toBe(1);
      expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
      await screenshots(page, `wallet-offer-1280-${locale}`, { dialog: true });

      const link = (await dialog.getByTestId("qr-code").getAttribute("data-qr-value"))!;
      const code = await dialog.getByTestId("wallet-offer-tx-code").getAttribute("data-code");
      await walletAppReceives(baseUrl, { link, code }, "com.example.wallet");
      await dialog.getByRole("link", { name: say(locale, "wallet.offer.copiesLink") }).click();
      await page.getByRole("heading", { level: 1, name: say(locale, "wallet.apps.title") }).waitFor();
      expect(await page.getByTestId("app-copies").locator("dd").last().textContent()).toBe(
        say(locale, "wallet.apps.accepted"),
      );
      // The app's name is its own words, in its own direction.
      expect(await page.getByTestId("app-client-id").getAttribute("dir")).toBe("auto");
      expect(await axeInBothThemes(page, { direct: true })).toEqual({ light: [], dark: [] });
      // The header's theme toggle has another name in this language: the theme's class is set directly.
      for (const dark of [false, true]) {
        await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
        await photograph(page, `wallet-apps-1280-${locale}-${dark ? "dark" : "light"}`, { fullPage: true });
      }
    },
  );
});
