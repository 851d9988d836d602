import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "#core/i18n/locales.ts";
import { users } from "#db/schema/accounts.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { call, login, ORIGIN, registerUser, registerUserWithRole } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** The signed-in home page through the real web worker (spec 000 §2 "Home dashboard", "Routing overview"). */

/** Every same-site link target on a page: <a href> values on this origin, without fragments, each once. */
function sameSiteLinks(html: string): string[] {
  const targets = new Set<string>();
  for (const [, raw] of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) {
    const href = raw!.replace(/&amp;/g, "&");
    if (href.startsWith("#") || (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith(ORIGIN))) continue;
    const url = new URL(href, `${ORIGIN}/`);
    if (url.origin !== ORIGIN) continue;
    targets.add(`${url.pathname}${url.search}`);
  }
  return [...targets].sort();
}

/** The header's and the footer's links, on every signed-in page. */
const SHELL_LINKS = [
  "/",
  "/wallet",
  "/verifier",
  "/assisted",
  "/gabriel",
  "/privacy-policy",
  "/terms-of-service",
  "/ministers",
  "/government",
  "/marketing",
  "/coming-soon/api-docs",
  "/coming-soon/cookies",
  "/coming-soon/gdpr",
  "/coming-soon/security",
  "/coming-soon/system-status",
];

/**
 * The language switch (issue 21): a staff dashboard is offered in English and Welsh, a citizen's in
 * every language (the page is English here: the switch links every other one).
 */
const SWITCH_LINKS: Record<string, string[]> = {
  staff: ["/language/cy?next=%2F"],
  citizen: LOCALES.filter((locale) => locale !== "en").map((locale) => `/language/${locale}?next=%2F`),
};

/** Each role's stat cards, tools and panel button (spec 000 §2 table), each target once. */
const ROLE_LINKS: Record<string, string[]> = {
  admin: [
    "/analytics",
    "/coming-soon/user-management",
    "/coming-soon/security-monitoring",
    "/coming-soon/system-settings",
  ],
  verifier: ["/verifier-portal", "/analytics", "/coming-soon/qr-scanner", "/coming-soon/workflows"],
  operator: [
    "/assisted-digital",
    "/analytics",
    "/coming-soon/process-requests",
    "/coming-soon/help-desk",
    "/coming-soon/call-center",
  ],
  citizen: ["/credentials", "/shares", "/profile", "/wallet?action=request", "/wallet?action=share"],
};

describe("the dashboard's links", () => {
  it.each(["admin", "verifier", "operator", "citizen"])(
    "never land a signed-in %s on the 404 page or a server error",
    async (role) => {
      const { cookie } = await registerUserWithRole(role);
      const home = await call("/", { cookie });
      expect(home.status).toBe(200);
      const links = sameSiteLinks(await home.text());
      // Exactly the role's cards and tools, the header and the footer: a link added or lost shows here.
      const switchLinks = SWITCH_LINKS[role === "citizen" ? "citizen" : "staff"]!;
      expect(links).toEqual([...new Set([...SHELL_LINKS, ...switchLinks, ...ROLE_LINKS[role]!])].sort());
      const broken: string[] = [];
      for (const link of links) {
        const response = await call(link, { cookie });
        if (response.status === 404 || response.status >= 500) broken.push(`${link} answered ${response.status}`);
        await response.body?.cancel();
      }
      expect(broken, `links on the ${role} dashboard`).toEqual([]);
    },
  );
});

describe("the greeting", () => {
  it("welcomes a newly registered person in the session registering opened, and says Welcome back in one opened by signing in", async () => {
    const { username, password, cookie } = await registerUser({ firstName: "Ada" });
    const first = await (await call("/", { cookie })).text();
    expect(first).toMatch(/<h1[^>]*>Welcome, (<!-- -->)?Ada<\/h1>/);
    expect(first).not.toMatch(/<h1[^>]*>Welcome back/);

    // The registration session keeps its greeting on every visit; a session opened by signing in says "Welcome back".
    expect(await (await call("/", { cookie })).text()).toMatch(/<h1[^>]*>Welcome, (<!-- -->)?Ada<\/h1>/);
    const again = await login(username, password);
    expect(again.response.status).toBe(200);
    const later = await (await call("/", { cookie: again.cookie })).text();
    expect(later).toMatch(/<h1[^>]*>Welcome back, (<!-- -->)?Ada<\/h1>/);
    // In Welsh (issue 21): the same home at its Welsh address.
    const welsh = await (await call("/cy/", { cookie: again.cookie })).text();
    expect(welsh).toContain('<html lang="cy" dir="ltr"');
    expect(welsh).toMatch(/<h1[^>]*>Croeso’n ôl, Ada<\/h1>/);
    expect(welsh).toContain("Eich waled hunaniaeth ddigidol");
    expect(welsh).toContain("Fy Nhystlythyrau");
    // The rows the server writes: the profile's checks, and the person's own activity (issue 21).
    expect(welsh).toMatch(/<span>Gwybodaeth Gyswllt<\/span>/);
    await vi.waitFor(async () => {
      const stats = await call("/api/dashboard/stats", { cookie: `${again.cookie}; lang=cy` });
      const { activity } = (await stats.json()) as { activity: { title: string; detail: string }[] };
      expect(activity).toContainEqual(
        expect.objectContaining({ title: "Wedi mewngofnodi", detail: "Gydag enw defnyddiwr a chyfrinair" }),
      );
    });
  });
});

describe("the home page in the person's language (issue 21)", () => {
  /** The Polish line above a page shown in English because it is not translated yet. */
  const POLISH_NOT_YET = "Ta strona nie jest jeszcze dostępna w Twoim języku.";
  const get = (path: string, cookie: string) => call(path, { headers: { Cookie: cookie } });

  it("shows a citizen whose language is Polish their dashboard in Polish, the server's rows too", async () => {
    const { cookie } = await registerUser({ firstName: "Ada" });
    const session = `${SESSION_COOKIE}=${cookie}`;
    const html = await (await get("/", `${session}; lang=pl`)).text();
    expect(html).toContain('<html lang="pl" dir="ltr"');
    expect(html).toContain("<title>Pulpit | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>Witaj, (<!-- -->)?Ada<\/h1>/);
    expect(html).toContain("Twój portfel tożsamości cyfrowej");
    expect(html).toContain("Moje poświadczenia");
    expect(html).toMatch(/<h2 id="tools-heading"[^>]*>Szybkie działania<\/h2>/);
    // The profile's checks, which the server words.
    expect(html).toMatch(/<span>Dane kontaktowe<\/span>/);
    expect(html).not.toContain(POLISH_NOT_YET);
    // Every word the dashboard draws is among the page's messages: none falls back to English.
    expect(html).toContain('aria-label="Najważniejsze dane"');
    expect(html).toContain('aria-label="Uzupełnienie profilu"');
    expect(html).toContain("Na żywo");
    // The switch offers every language on a citizen's dashboard, right to left ones included.
    expect(html).toContain('href="/language/ur?next=%2F"');
    // The figures the dashboard polls for: its rows stay in Polish.
    const stats = await call("/api/dashboard/stats", { headers: { Cookie: `${session}; lang=pl` } });
    const { profile } = (await stats.json()) as { profile: { label: string }[] };
    expect(profile.map((check) => check.label)).toContain("Dane kontaktowe");
  });

  it("follows the language saved on a citizen's profile on a device without a choice, right to left in Urdu", async () => {
    const { user, cookie } = await registerUser({ firstName: "Ada" });
    const session = `${SESSION_COOKIE}=${cookie}`;
    await db().update(users).set({ language: "pl" }).where(eq(users.id, user.id));
    const polish = await (await call("/", { headers: { Cookie: session, "Accept-Language": "en" } })).text();
    expect(polish).toContain('<html lang="pl" dir="ltr"');
    expect(polish).toMatch(/<h1[^>]*>Witaj, (<!-- -->)?Ada<\/h1>/);
    const urdu = await (await get("/", `${session}; lang=ur`)).text();
    expect(urdu).toContain('<html lang="ur" dir="rtl"');
    expect(urdu).toContain("آپ کا ڈیجیٹل شناختی والٹ");
  });

  it("keeps a verifier's dashboard in English, with the line saying so in Polish", async () => {
    const { cookie } = await registerUserWithRole("verifier");
    const html = await (await get("/", `${SESSION_COOKIE}=${cookie}; lang=pl`)).text();
    expect(html).toContain('<html lang="en-GB" dir="ltr"');
    expect(html).toContain(POLISH_NOT_YET);
    expect(html).toContain("Check credentials and manage verification requests");
    // Staff screens are offered in English and Welsh only.
    expect(html).toContain('href="/language/cy?next=%2F"');
    expect(html).not.toContain('href="/language/pl?next=%2F"');
  });

  it("keeps the pitch home page's addresses: English at /, and no Polish address, for a visitor or a citizen", async () => {
    const visitor = await (await get("/", "lang=pl")).text();
    expect(visitor).toContain('<html lang="en-GB" dir="ltr"');
    expect(visitor).not.toContain(POLISH_NOT_YET);
    const prefixed = await call("/pl");
    expect(prefixed.status).toBe(404);
    await prefixed.body?.cancel();
    // A citizen's dashboard follows their choice; the address /pl stays unknown.
    const { cookie } = await registerUser();
    const signedIn = await get("/pl", `${SESSION_COOKIE}=${cookie}; lang=pl`);
    expect(signedIn.status).toBe(404);
    await signedIn.body?.cancel();
  });
});

describe("the pitch site in Welsh (issue 21)", () => {
  it("shows the about page in Welsh, its title and its links in Welsh", async () => {
    const html = await (await call("/cy/about")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Amdanom Ni | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Ynglŷn â Hunaniaeth Ddigidol y DU<\/h1>/);
    expect(html).toMatch(/<h2 id="our-mission"[^>]*>Ein Cenhadaeth<\/h2>/);
    expect(html).toContain("yn cael eu dileu ar ôl 72 awr");
    expect(html).toContain("o fewn 6 mis a chynnyrch hyfyw lleiaf (MVP) sy&#x27;n gweithio o fewn 12 mis");
    expect(html).toMatch(/<a [^>]*href="\/cy\/solution"[^>]*>Archwilio Ein Datrysiad<\/a>/);
  });

  it("shows the solution page in Welsh, its title, its figures and its links in Welsh", async () => {
    const html = await (await call("/cy/solution")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Ein Datrysiad | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Hunaniaeth Ddigidol i&#x27;r DU sy&#x27;n Rhoi Preifatrwydd yn Gyntaf<\/h1>/);
    expect(html).toMatch(/<h2 id="12-month-mvp-overview"[^>]*>Trosolwg o&#x27;r MVP 12 Mis<\/h2>/);
    expect(html).toContain("Modd QR all-lein, gyda chodau QR yn ddilys am 15 munud");
    expect(html).toMatch(/<a [^>]*href="\/cy\/roadmap"[^>]*>Gweld y Map Ffordd Cyflawni<\/a>/);
  });

  it("shows the challenge page in Welsh, its title and its links in Welsh", async () => {
    const html = await (await call("/cy/challenge")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Yr Her | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Yr Her o Wirio Hunaniaeth<\/h1>/);
    expect(html).toMatch(/<h2 id="the-right-to-work-crisis"[^>]*>Argyfwng yr Hawl i Weithio<\/h2>/);
    expect(html).toContain("Mae 7.37M o wiriadau DBS y flwyddyn.");
    expect(html).toMatch(/<a [^>]*href="\/cy\/solution"[^>]*>Gweld Ein Datrysiad<\/a>/);
  });
});

describe("the pitch programme pages in Welsh (issue 21)", () => {
  it("shows the pilot programme in Welsh, its title, figures and links in Welsh", async () => {
    const html = await (await call("/cy/pilots")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Y Rhaglen Beilot | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Y Rhaglen Beilot<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Y pedwar cynllun peilot<\/h2>/);
    expect(html).toMatch(/<h3 id="pilot-nhs"[^>]*>Hawl i Weithio yn y GIG<\/h3>/);
    expect(html).toContain("ROI o fewn 12 mis");
    expect(html).toMatch(/<a [^>]*href="\/cy\/costs-benefits"[^>]*>Gweld y Costau a&#x27;r Manteision<\/a>/);
  });
  it("shows the delivery roadmap in Welsh, each phase's figures in bold", async () => {
    const html = await (await call("/cy/roadmap")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Map Ffordd Cyflawni | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Map Ffordd Cyflawni<\/h1>/);
    expect(html).toMatch(/<h3 id="phase-1"[^>]*>Cam 1: Alffa<\/h3>/);
    expect(html).toContain("<strong>10,000</strong> o ddinasyddion");
  });
  it("shows governance and accountability in Welsh, its deadlines counted in Welsh", async () => {
    const html = await (await call("/cy/governance")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Llywodraethu ac Atebolrwydd | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Llywodraethu ac Atebolrwydd<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Panel moeseg annibynnol<\/h2>/);
    expect(html).toContain("O fewn 24 awr");
  });
});

describe("the pitch pages in Welsh (issue 21)", () => {
  it("shows the press and partner kit in Welsh, its figures counted in Welsh", async () => {
    const html = await (await call("/cy/marketing")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Pecyn i&#x27;r Wasg a Phartneriaid | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Pecyn i&#x27;r Wasg a Phartneriaid<\/h1>/);
    expect(html).toMatch(/<h2 id="key-messages-by-audience"[^>]*>Negeseuon allweddol fesul cynulleidfa<\/h2>/);
    expect(html).toContain("4 cynllun peilot");
    expect(html).toContain("67 miliwn");
    expect(html).toMatch(
      /<a [^>]*href="\/cy\/business-model\?sector=housing"[^>]*>Costau tai<span class="sr-only"> ar gyfer landlordiaid<\/span><\/a>/,
    );
  });

  it("shows the costs and benefits in Welsh, its periods counted in Welsh", async () => {
    const html = await (await call("/cy/costs-benefits")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Costau a Manteision | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Costau a Manteision<\/h1>/);
    expect(html).toMatch(/<h2 id="revenue-model"[^>]*>Model refeniw<\/h2>/);
    expect(html).toContain("yn cael eu dileu ar ôl 72 awr");
    expect(html).toMatch(/<a [^>]*href="\/cy\/roadmap"[^>]*>Gweld y Map Ffordd<\/a>/);
  });
});

describe("the pitch pages for government and business in Welsh (issue 21)", () => {
  it("shows ministers' access in Welsh, its form and its figures in Welsh", async () => {
    const html = await (await call("/cy/ministers")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Mynediad i Weinidogion | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Mynediad i Weinidogion<\/h1>/);
    expect(html).toMatch(/<h2 id="explore-the-platform"[^>]*>Archwilio&#x27;r platfform<\/h2>/);
    expect(html).toContain("Yr MVP 12 mis, y cydrannau craidd");
    expect(html).toMatch(/<option value="home-office">Y Swyddfa Gartref<\/option>/);
  });

  it("shows the business model in Welsh, its sector tabs and their worked examples in Welsh", async () => {
    const html = await (await call("/cy/business-model?sector=housing")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Model Busnes | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Model Busnes Lle Nad yw Dinasyddion Byth yn Talu<\/h1>/);
    expect(html).toContain("Gwirio mewn tua 5 munud yn lle tua 3 awr");
    expect(html).toMatch(
      /<a role="tab" id="tab-housing" aria-selected="true"[^>]*href="\/cy\/business-model\?sector=housing">Tai<\/a>/,
    );
    expect(html).toContain("Enghraifft wedi&#x27;i gweithio: Cymdeithas Dai Eastmere");
    expect(html).toMatch(/<a [^>]*href="\/cy\/pilots"[^>]*>Gweld y Rhaglen Beilot<\/a>/);
  });

  it("shows the government briefing in Welsh, its figures counted and its executive summary in Welsh", async () => {
    const html = await (await call("/cy/government")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Briffio&#x27;r Llywodraeth | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(
      /<h1 id="government-title"[^>]*>Hunaniaeth Ddigidol sy&#x27;n Rhoi Preifatrwydd yn Gyntaf i 67 Miliwn o Ddinasyddion<\/h1>/,
    );
    expect(html).toContain("cynlluniau peilot gweladwy o fewn 6 mis, cyflawni o fewn 12 mis");
    expect(html).toMatch(/<p[^>]*>Cam 1 · Misoedd 1-6<\/p>/);
    expect(html).toContain("100,000 o ddinasyddion");
    expect(html).toContain("<strong>Ein hymateb:</strong> Dim olrhain canolog");
    expect(html).toContain(`subject=${encodeURIComponent("Cais am friffio gweinidogol")}`);
    expect(html).toContain(encodeURIComponent("- Peilot (misoedd 1-6): 100,000 o ddinasyddion"));
  });
});

describe("the legal pages in the languages they are offered in (issue 21)", () => {
  it("shows the privacy policy in Urdu, right to left, with its full text marked as English", async () => {
    const response = await call("/ur/privacy-policy");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="ur" dir="rtl"/);
    expect(html).toContain("<title>رازداری کی پالیسی | UK Digital Identity</title>");
    expect(html).toMatch(/<h1[^>]*>رازداری کی پالیسی<\/h1>/);
    // The summary, in Urdu: what we keep and for how long, in Urdu words.
    expect(html).toMatch(/<h2 id="summary-title"[^>]*>خلاصہ<\/h2>/);
    expect(html).toContain("آپ کی دستاویز اور چہرے کی تصاویر: 72 گھنٹے۔");
    expect(html).toContain("نیچے دیا گیا مکمل متن انگریزی میں ہے۔");
    // The full policy: English, marked so, left to right (its contents and its sections).
    expect(html).toMatch(/<ol lang="en" dir="ltr"[^>]*>.*Who we are/s);
    expect(html).toMatch(
      /<div lang="en" dir="ltr"[^>]*>.*<h2 id="who-we-are-title"[^>]*>1<!-- -->. <!-- -->Who we are<\/h2>.*deleted after 72 hours/s,
    );
  });

  it("shows the privacy policy and the terms whole in Welsh", async () => {
    const privacy = await (await call("/cy/privacy-policy")).text();
    expect(privacy).toMatch(/<html lang="cy" dir="ltr"/);
    expect(privacy).toMatch(/<h1[^>]*>Polisi Preifatrwydd<\/h1>/);
    expect(privacy).toContain("Pwy ydym ni");
    expect(privacy).toContain("cael ei ddileu ar ôl 72 awr");
    expect(privacy).toContain("Gellir dirymu tystlythyrau o fewn 60 eiliad.");
    expect(privacy).not.toContain('lang="en"');
    const terms = await (await call("/cy/terms-of-service")).text();
    expect(terms).toMatch(/<html lang="cy" dir="ltr"/);
    expect(terms).toContain("<title>Telerau Gwasanaeth | Hunaniaeth Ddigidol y DU</title>");
    expect(terms).toContain("Lefelau gwasanaeth");
    expect(terms).toContain("mewn llai na 3 eiliad");
  });

  it("offers the terms of service in English and Welsh only", async () => {
    const response = await call("/ur/terms-of-service");
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});

describe("the podcasts and investor funding pages in Welsh (issue 21)", () => {
  it("shows the podcasts in Welsh, each recording's title and transcript marked as English", async () => {
    const html = await (await call("/cy/podcasts")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Podlediadau | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Podlediad Hunaniaeth Ddigidol y DU<\/h1>/);
    expect(html).toMatch(/<p id="episode-2-number"[^>]*>Pennod 2<\/p>/);
    expect(html).toMatch(
      /<h3 id="episode-2-title" lang="en" dir="ltr"[^>]*>Selective Disclosure: Proving Only What Matters<\/h3>/,
    );
    expect(html).toMatch(/<ul aria-label="Pynciau"[^>]*><li[^>]*>Datgelu detholus<\/li>/);
    expect(html).toContain("Gwirio mewn tua 5 munud yn lle tua 3 awr");
    expect(html).toContain("4 cynllun peilot gyda 5,000+ o gyfranogwyr");
    // The recordings are English: so is what they say, marked so (WCAG 3.1.2).
    expect(html).toMatch(
      /<summary[^>]*>Trawsgrifiad \(Saesneg\)<\/summary><div lang="en" dir="ltr"[^>]*><p>Welcome to the UK Digital Identity podcast/,
    );
    expect(html).toMatch(/<a [^>]*href="\/cy\/costs-benefits"[^>]*>Gweld y Costau a&#x27;r Manteision<\/a>/);
  });

  it("shows investor funding in Welsh, its phases, months and returns in Welsh", async () => {
    const html = await (await call("/cy/investor-funding")).text();
    expect(html).toMatch(/<html lang="cy" dir="ltr"/);
    expect(html).toContain("<title>Cyllid gan Fuddsoddwyr | Hunaniaeth Ddigidol y DU</title>");
    expect(html).toMatch(/<h1[^>]*>Cyfle i Fuddsoddi<\/h1>/);
    expect(html).toMatch(/<h3 id="phase-1-title"[^>]*>Cam 1: Adeiladu a&#x27;r cynlluniau peilot cyntaf<\/h3>/);
    expect(html).toMatch(/<dd[^>]*>Misoedd 1-6<\/dd>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Mis 7<\/th>/);
    expect(html).toContain("Mis 13 neu&#x27;n hwyrach");
    expect(html).toContain("10x i 43x");
    expect(html).toMatch(/<a [^>]*href="\/cy\/business-model"[^>]*>model busnes<\/a>/);
    expect(html).toContain('href="mailto:investors@identity.gov.uk?subject=Cais%20am%20gynnig%20buddsoddi"');
  });
});
