import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { call, login, registerUser } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** How a page's language is chosen and remembered (issue 21, ADR 035), through the real web worker. */

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A browser's GET with its own headers (language, cookies, user agent). */
const visit = (path: string, headers: Record<string, string> = {}) =>
  call(path, { headers: { "User-Agent": BROWSER, ...headers } });

const htmlTag = async (response: Response) => (await response.text()).match(/<html[^>]*>/)?.[0] ?? "";
const savedLanguage = async (userId: string) =>
  (await db().select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]?.language;

describe("a public page's address says its language", () => {
  it("serves /cy/login in Welsh and /login in English, each with its lang on the first byte", async () => {
    const welsh = await visit("/cy/login");
    expect(welsh.status).toBe(200);
    expect(welsh.headers.get("Content-Language")).toBe("cy");
    const html = await welsh.text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain('<nav aria-label="Iaith"');
    expect(await htmlTag(await visit("/login"))).toMatch(/lang="en-GB" dir="ltr"/);
  });

  it("writes Urdu right to left", async () => {
    expect(await htmlTag(await visit("/ur/login"))).toMatch(/lang="ur" dir="rtl"/);
  });

  it("marks the current language and links every other, each named in itself with lang and hreflang", async () => {
    const html = await (await visit("/pl/register")).text();
    expect(html).toMatch(/<span aria-current="true" lang="pl"[^>]*>Polski<\/span>/);
    expect(html).toMatch(
      /<a [^>]*lang="cy"[^>]*hrefLang="cy"[^>]*href="\/language\/cy\?next=%2Fregister"|<a [^>]*href="\/language\/cy\?next=%2Fregister"[^>]*lang="cy"/,
    );
    for (const name of ["English", "Cymraeg", "Română", "ਪੰਜਾਬੀ", "اردو", "العربية", "বাংলা", "ગુજરાતી", "Italiano"])
      expect(html).toContain(`>${name}</`);
  });

  it("lists the page in each language it is offered in as an alternate, and English as x-default", async () => {
    const html = await (await visit("/cy/about")).text();
    expect(html).toContain('<link rel="alternate" hrefLang="cy" href="https://identity.example/cy/about"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en-GB" href="https://identity.example/about"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://identity.example/about"/>');
    // The pitch site is English and Welsh only.
    expect(html).not.toContain('hrefLang="pl"');
  });

  it("answers 404 to a prefix that is no language, or one the page is not offered in", async () => {
    for (const path of ["/xx/login", "/en/login", "/pl/about", "/zz", "/cy/wallet"]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });
});

describe("a first visit without a prefix", () => {
  it("goes to the page in the language the browser asks for, by a redirect no cache keeps", async () => {
    const response = await visit("/about", { "Accept-Language": "cy-GB,cy;q=0.9,en;q=0.5" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cy/about");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("follows the remembered choice over the browser's, and stays English when English was chosen", async () => {
    const chosen = await visit("/register", { Cookie: "lang=ro", "Accept-Language": "cy" });
    expect(chosen.headers.get("Location")).toBe("/ro/register");
    const english = await visit("/register", { Cookie: "lang=en", "Accept-Language": "cy" });
    expect(english.status).toBe(200);
    await english.body?.cancel();
  });

  it("stays where it is for a language the page is not offered in, and for crawlers", async () => {
    const urduOnPitch = await visit("/about", { "Accept-Language": "ur" });
    expect(urduOnPitch.status).toBe(200);
    await urduOnPitch.body?.cancel();
    const crawler = await call("/about", { headers: { "User-Agent": CRAWLER, "Accept-Language": "cy" } });
    expect(crawler.status).toBe(200);
    await crawler.body?.cancel();
  });
});

describe("/language/:locale, the switch", () => {
  it("remembers the choice in a cookie and goes back to the page in that language", async () => {
    const response = await visit("/language/cy?next=%2Fregister");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cy/register");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=cy; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("goes back to English without a prefix, and home for a `next` that is not one of our paths", async () => {
    expect((await visit("/language/en?next=%2Fcy%2Fabout")).headers.get("Location")).toBe("/about");
    for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const location = (await visit(`/language/cy?next=${encodeURIComponent(next)}`)).headers.get("Location");
      expect(location, next).toBe("/cy");
    }
  });

  it("answers 404 to a language we do not speak", async () => {
    const response = await visit("/language/fr?next=%2F");
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it("saves a signed-in person's choice on their profile, and the signed-in screens follow it", async () => {
    const { user, cookie } = await registerUser();
    const session = `${SESSION_COOKIE}=${cookie}`;
    const response = await visit("/language/cy?next=%2Fprofile", { Cookie: session, "Sec-Fetch-Site": "same-origin" });
    expect(response.headers.get("Location")).toBe("/profile");
    expect(await savedLanguage(user.id)).toBe("cy");
    // Another device: no language cookie, a browser asking for English; the profile decides.
    expect(await htmlTag(await visit("/profile", { Cookie: session, "Accept-Language": "en" }))).toMatch(/lang="cy"/);
  });

  it("never changes the profile from another site (only that browser's cookie)", async () => {
    const { user, cookie } = await registerUser();
    const response = await visit("/language/ur?next=%2F", {
      Cookie: `${SESSION_COOKIE}=${cookie}`,
      "Sec-Fetch-Site": "cross-site",
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/^lang=ur;/);
    expect(await savedLanguage(user.id)).toBeNull();
  });
});

describe("signing in carries the language across devices", () => {
  it("sets the language saved on the profile as this device's cookie", async () => {
    const { user, username, password } = await registerUser();
    await db().update(users).set({ language: "pl" }).where(eq(users.id, user.id));
    const { response } = await login(username, password);
    expect(response.headers.getSetCookie()).toContain("lang=pl; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });

  it("saves the language of the page signed in on when the profile has none", async () => {
    const { user, username, password } = await registerUser();
    const response = await call("/api/auth/login", {
      body: { username, password },
      headers: { Referer: "https://identity.example/cy/login" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toContain("lang=cy; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(await savedLanguage(user.id)).toBe("cy");
  });
});

describe("signed-in screens without a choice", () => {
  it("follow the browser's languages among those the screen is offered in", async () => {
    const { cookie } = await registerUser();
    const session = `${SESSION_COOKIE}=${cookie}`;
    // /wallet is a citizen screen: Urdu is offered there.
    const html = await (await visit("/wallet", { Cookie: session, "Accept-Language": "ur, en;q=0.5" })).text();
    expect(html).toMatch(/<html lang="ur" dir="rtl"/);
    expect(html).toMatch(/aria-current="true" lang="ur"/);
  });
});
