import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import en from "#core/i18n/catalog/en.json";
import type { Locale } from "#core/i18n/locales.ts";
import { TRANSLATIONS } from "#core/i18n/translations/index.ts";
import { openBrowser, waitForHydration } from "./browser.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  openTestBrowser,
  photograph,
  seriousAxeFindings,
  signIn,
  signInThroughApi,
  TAKING_SCREENSHOTS,
  type TestUser,
  visit,
} from "./wallet-helpers.ts";

/**
 * Languages as a person uses them (issue 21, ADR 035): the switch on every kind of page, the
 * choice kept across pages, on sign-in and on another device, typed text kept through a switch,
 * the keyboard alone in Welsh, axe in Welsh, Urdu and Polish, and no visible words outside the
 * catalogs (the accented pseudo-locale). Words are found through the catalogs, as translated.
 */

/** A message in a language, as the page shows it (plain messages: no placeholders). */
const say = (locale: Locale, id: keyof typeof en): string =>
  locale === "en" ? en[id] : (TRANSLATIONS[locale]?.[id] ?? en[id]);

const htmlLanguage = (page: Page) =>
  page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** A link of the switch (GOV.UK's language navigation): each language named in itself. */
const languageLink = (page: Page, name: string) => page.locator(`nav a[hreflang]`).filter({ hasText: name });

/** A citizen of this test's own: a language saved on a profile must not reach another test. */
const newCitizen = () => createUser({ prefix: "lang", firstName: "Gwenllian", lastName: "Jones", records: true });

/** A verifier: the tests only read as one. */
let verifier: TestUser;

beforeAll(async () => {
  verifier = await createUser({ prefix: "lang-ver", firstName: "Dafydd", lastName: "Evans", role: "verifier" });
});

afterEach(closeBrowsers);

describe("the language switch", () => {
  it("turns a pitch page into Welsh at its own address and back, and is kept across pages", async () => {
    const { page } = await openTestBrowser();
    await visit(page, "/about");
    await languageLink(page, "Cymraeg").click();
    await page.waitForURL(/\/cy\/about$/);
    // The address changes as the navigation commits; the page's language follows with its render.
    await expect.poll(() => htmlLanguage(page)).toEqual({ lang: "cy", dir: "ltr" });
    await expect
      .poll(() => page.getByRole("navigation", { name: say("cy", "language.switch.label") }).isVisible())
      .toBe(true);
    // The pitch site is English and Welsh: no other language is offered there.
    expect(await page.getByRole("link", { name: "Polski", exact: true }).count()).toBe(0);

    // The choice is remembered: an English address of a public page now opens in Welsh.
    await page.goto("/login");
    await page.waitForURL(/\/cy\/login$/);
    expect((await htmlLanguage(page)).lang).toBe("cy");

    await waitForHydration(page);
    await languageLink(page, "English").click();
    await page.waitForURL((url) => url.pathname === "/login");
    // A client navigation: the address changes as it commits, the page's language as it renders.
    await expect.poll(async () => (await htmlLanguage(page)).lang).toBe("en-GB");
  });

  it("keeps what the person typed when they switch language on a form", async () => {
    const { page } = await openTestBrowser();
    await visit(page, "/register");
    const username = page.locator('input[name="username"]');
    await username.fill("gwenllian-typed");
    await languageLink(page, "Cymraeg").click();
    await page.waitForURL(/\/cy\/register$/);
    await expect.poll(async () => (await htmlLanguage(page)).lang).toBe("cy");
    expect(await username.inputValue()).toBe("gwenllian-typed");
  });

  it("on a citizen's screen offers every language, writes Urdu right to left, and saves the choice", async () => {
    const browser = await openTestBrowser();
    await signIn(browser, await newCitizen(), "/profile");
    const { page } = browser;
    await languageLink(page, "اردو").click();
    await expect.poll(() => htmlLanguage(page)).toEqual({ lang: "ur", dir: "rtl" });
    expect(new URL(page.url()).pathname).toBe("/profile");
    // The current language is marked, named in itself.
    expect(await page.locator('[aria-current="true"][lang="ur"]').textContent()).toBe("اردو");
    await photograph(page, "languages-profile-ur", { fullPage: true });
  });

  it("on a staff console offers English and Welsh only", async () => {
    const browser = await openTestBrowser();
    await signIn(browser, verifier, "/verifier");
    const nav = browser.page.getByRole("navigation", { name: say("en", "language.switch.label") });
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Cymraeg"]);
  });
});

describe("the choice follows the person", () => {
  // Through the sign-in itself: the saved language is restored by it.
  it("to another device when they sign in there", async () => {
    const citizen = await newCitizen();
    const first = await openTestBrowser();
    await signInThroughApi(first, citizen, "/profile");
    await languageLink(first.page, "Polski").click();
    await expect.poll(async () => (await htmlLanguage(first.page)).lang).toBe("pl");

    // Another device: a browser that has never chosen, asking for English.
    const second = await openBrowser();
    try {
      await signInThroughApi(second, citizen, "/wallet");
      expect((await htmlLanguage(second.page)).lang).toBe("pl");
    } finally {
      await second.close();
    }
  });
});

describe("the keyboard alone, in Welsh", () => {
  it("reaches the switch and signs in from /cy/login", async () => {
    const { page } = await openTestBrowser();
    await visit(page, "/cy/login");
    const person = await createUser({ prefix: "lang-kb", firstName: "Elin", lastName: "Morgan" });
    // The first Tab reaches the skip link, then the switch's first link (English).
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("English");
    await page.locator('input[name="username"]').focus();
    await page.keyboard.type(person.username);
    await page.keyboard.press("Tab");
    await page.keyboard.type(person.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/cy");
    await expect.poll(async () => (await htmlLanguage(page)).lang).toBe("cy");
  });
});

/** The citizen's screens: the public ones at their address in the language, the signed-in ones by the cookie. */
const PUBLIC_CITIZEN_SCREENS = ["/login", "/register", "/privacy-policy"];
const SIGNED_IN_CITIZEN_SCREENS = ["/", "/wallet", "/wallet/apps", "/credentials", "/shares", "/profile"];

/**
 * Welsh in both themes, as every screen is in English (the screens' own browser tests). Urdu and
 * Polish in the light theme: a theme's colours do not change with the language, what a language
 * changes (its words, their length, the page's direction and lang) shows in either theme.
 */
describe.each([
  ["cy", "light or dark"],
  ["ur", "light"],
  ["pl", "light"],
] as const)("every citizen screen in %s", (locale, themes) => {
  it(`is in that language, with no serious or critical axe finding in ${themes}`, {
    timeout: 120_000,
  }, async () => {
    const findings: string[] = [];
    const look = async (page: Page, path: string) => {
      await visit(page, path);
      expect((await htmlLanguage(page)).lang, path).toBe(locale);
      if (themes === "light") {
        findings.push(...(await seriousAxeFindings(page)).map((f) => `${path} light ${f}`));
        return;
      }
      const { light, dark } = await axeInBothThemes(page, { direct: true });
      findings.push(...light.map((f) => `${path} light ${f}`), ...dark.map((f) => `${path} dark ${f}`));
    };
    const visitor = await openTestBrowser();
    for (const path of PUBLIC_CITIZEN_SCREENS) await look(visitor.page, `/${locale}${path}`);
    const signedIn = await openTestBrowser();
    await signedIn.context.addCookies([{ name: "lang", value: locale, url: signedIn.baseUrl }]);
    await signIn(signedIn, await newCitizen(), "/wallet");
    for (const path of SIGNED_IN_CITIZEN_SCREENS) await look(signedIn.page, path);
    expect(findings).toEqual([]);
  });
});

/**
 * Words that bypass the catalogs: in the accented pseudo-locale every word written through a
 * message is accented, so a visible text (or a label a screen reader reads) with plain ASCII
 * words and not one accented letter was written in the code. What a page shows of data stays as
 * it is, and is marked so (ADR 036): identifiers and codes `dir="ltr"`, what people or
 * authorities wrote `dir="auto"`, a language of its own `lang`, or `translate="no"`.
 */
async function wordsOutsideCatalogs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const accented = /[áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/;
    const words = /[A-Za-z]{2,}/;
    // A date or time as the English formats print them is data, not words (core/format).
    const date = /^\s*(\d{1,2} [A-Z][a-z]{2,8} \d{4}(, \d{2}:\d{2}(:\d{2})?)?|\d{2}:\d{2}(:\d{2})?)\s*$/;
    // Below the page itself: <html> carries the page's own lang and dir.
    const data =
      ':not(html)[dir="ltr"], :not(html)[dir="auto"], [translate="no"], :not(html)[lang], script, style, noscript, svg';
    const plain = (text: string) => words.test(text) && !accented.test(text) && !date.test(text);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? "";
      if (!parent || !plain(text) || parent.closest(data)) continue;
      if (!parent.getClientRects().length && !parent.closest(".sr-only")) continue; // not shown
      found.push(`"${text.trim().slice(0, 60)}" in <${parent.tagName.toLowerCase()}>`);
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      if (element.closest(data)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value && plain(value)) found.push(`${name}="${value.slice(0, 60)}" on <${element.tagName.toLowerCase()}>`);
      }
    }
    return [...new Set(found)];
  });
}

/** Pages of every kind, by who sees them. */
const PSEUDO_PAGES = {
  visitor: [
    "/",
    "/challenge",
    "/solution",
    "/roadmap",
    "/costs-benefits",
    "/governance",
    "/about",
    "/pilots",
    "/business-model",
    "/investor-funding",
    "/podcasts",
    "/marketing",
    "/ministers",
    "/government",
    "/gabriel-ai",
    "/login",
    "/register",
    "/privacy-policy",
    "/terms-of-service",
    "/coming-soon/nothing-here",
  ],
  citizen: ["/", "/wallet", "/wallet/apps", "/credentials", "/shares", "/profile"],
  verifier: ["/verifier", "/verifier/history", "/verifier/api-docs"],
} as const;

describe("words outside the catalogs", () => {
  it.each(Object.entries(PSEUDO_PAGES))("none on the pages a %s sees (accented pseudo-locale)", async (who, paths) => {
    const browser = await openTestBrowser();
    await browser.context.addCookies([{ name: "pseudo", value: "xa", url: browser.baseUrl }]);
    if (who === "citizen") await signIn(browser, await newCitizen(), "/wallet");
    if (who === "verifier") await signIn(browser, verifier, "/verifier");
    const found: string[] = [];
    for (const path of paths) {
      await browser.page.goto(path);
      await waitForHydration(browser.page);
      expect((await htmlLanguage(browser.page)).lang, path).toBe("en-XA");
      found.push(...(await wordsOutsideCatalogs(browser.page)).map((f) => `${path}: ${f}`));
    }
    expect(found).toEqual([]);
    // The bidirectional pseudo-locale, photographed for a person to look at (`npm run screens`).
    if (!TAKING_SCREENSHOTS) return;
    await browser.context.addCookies([{ name: "pseudo", value: "xb", url: browser.baseUrl }]);
    for (const path of paths) {
      await visit(browser.page, path);
      await photograph(browser.page, `pseudo-xb-${who}${path.replaceAll("/", "-")}`, { fullPage: true });
    }
  });
});
