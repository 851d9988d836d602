import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import en from "#core/i18n/catalog/en.json";
import type { Locale } from "#core/i18n/locales.ts";
import { TRANSLATIONS } from "#core/i18n/translations/index.ts";
import { axeInBothThemes, closeBrowsers, createUser, openTestBrowser, screenshots, signIn } from "./wallet-helpers.ts";

/**
 * "Add to another wallet app" on /wallet (issue 22; ADR 045): a citizen whose authorities hold
 * records of them gets an OpenID4VCI offer of one as a QR code and a same-device link, with its
 * transaction code apart; the dialog is worked from the keyboard, says when the offer expires and
 * offers a new one once it has. What a wallet app does with the offer is the protocol's test
 * (server/issuance/issuance.workerd.test.ts); here the link is followed to the offer it names.
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
    expect(offered.credential_configuration_ids).toEqual(["rtw"]);
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

  it.each(["cy", "ar"] as const)("speaks %s, the code and link left to right", async (locale) => {
    const { page } = await openWallet(locale);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === "ar" ? "rtl" : "ltr");
    await page.getByRole("button", { name: say(locale, "wallet.offer.title") }).click();
    const picker = page.getByRole("dialog", { name: say(locale, "wallet.offer.title") });
    await picker.getByText(say(locale, "wallet.offer.pickerDescription")).waitFor();
    await picker.locator("li button").first().click();
    const dialog = page.getByRole("dialog", { name: say(locale, "wallet.offer.title") });
    await dialog.getByTestId("qr-code").waitFor();
    expect(await dialog.getByRole("heading", { name: say(locale, "wallet.offer.codeHeading") }).isVisible()).toBe(true);
    expect(await dialog.getByRole("link", { name: say(locale, "wallet.offer.sameDevice") }).isVisible()).toBe(true);
    expect(await dialog.getByTestId("wallet-offer-tx-code").locator("[dir=ltr]").count()).toBe(1);
    expect(await axeInBothThemes(page, { dialog: true })).toEqual({ light: [], dark: [] });
    await screenshots(page, `wallet-offer-1280-${locale}`, { dialog: true });
  });
});
