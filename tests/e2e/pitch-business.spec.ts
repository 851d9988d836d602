import { readFile } from "node:fs/promises";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type OpenBrowser, openBrowser } from "./browser.ts";
import { setThemeClass } from "./wallet-helpers.ts";

/**
 * The business pages of the pitch site (spec 001 §2, §4, §9): business model with its sector tabs,
 * investor funding, the press and partner kit, the government briefing and the legal pages.
 * Elements are found by role and text, as a person would; figures are the spec's literals.
 */
let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  page = await browser.context.newPage();
});
afterEach(async () => {
  await page.close();
});

/**
 * Loads a page and waits until React has hydrated it (tabs and keys only work from then on): the
 * page's last element carries React's fibre. Not "networkidle": keepalive tracking calls never
 * report as finished in Chromium.
 */
async function visit(path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForFunction(() => {
    const elements = document.querySelectorAll("main *");
    const last = elements[elements.length - 1];
    return last !== undefined && Object.keys(last).some((key) => key.startsWith("__reactFiber$"));
  });
}

const h1 = () => page.getByRole("heading", { level: 1 });
const h2 = (name: string) => page.getByRole("heading", { level: 2, name, exact: true });
const section = (name: string) => page.getByRole("region", { name, exact: true });
const text = async (locator: { innerText(): Promise<string> }) => (await locator.innerText()).replace(/\s+/g, " ");
const metaContent = (selector: string) => page.locator(`meta[${selector}]`).getAttribute("content");

/** Every page sets its title, description and the social pair (spec 001 §2). */
async function expectMeta(title: string) {
  expect(await page.title()).toBe(`${title} | UK Digital Identity`);
  expect(await metaContent('property="og:title"')).toBe(`${title} | UK Digital Identity`);
  const description = await metaContent('name="description"');
  expect(description?.length).toBeGreaterThan(40);
  expect(await metaContent('property="og:description"')).toBe(description);
}

async function expectSections(names: string[]) {
  for (const name of names) expect(await h2(name).count(), name).toBe(1);
}

async function expectTexts(container: { innerText(): Promise<string> }, values: string[]) {
  const content = await text(container);
  for (const value of values) expect(content, value).toContain(value);
}

async function expectLink(name: string, href: string) {
  const link = page.getByRole("link", { name, exact: true });
  expect(await link.count(), name).toBe(1);
  expect(await link.getAttribute("href")).toBe(href);
}

describe("business model (/business-model)", () => {
  const tabs = () => page.getByRole("tablist", { name: "Sectors" }).getByRole("tab");
  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  /** Hidden panels are out of the accessibility tree: this is the one a person sees. */
  const panel = () => page.getByRole("tabpanel");
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");

  async function expectSelected(name: string, id: string) {
    await expect.poll(() => tab(name).getAttribute("aria-selected")).toBe("true");
    expect(await page.locator('[role="tab"][aria-selected="true"]').count()).toBe(1);
    // Roving tabindex: only the selected tab is in the tab order.
    expect(await tab(name).getAttribute("tabindex")).toBe("0");
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(1);
    expect(await panel().count()).toBe(1);
    expect(await panel().getAttribute("id")).toBe(`panel-${id}`);
    expect(await tab(name).getAttribute("aria-controls")).toBe(`panel-${id}`);
    expect(await panel().getAttribute("aria-labelledby")).toBe(`tab-${id}`);
  }

  const NHS = [
    "£75-£150",
    "£1.00",
    "£4.00",
    "95%",
    "130,488",
    "1.54M",
    "Worked example: Northbrook Valley NHS Foundation Trust",
  ];
  const HOUSING = ["£32-£65", "£0.50", "£2.20", "90%", "4.9M", "Worked example: Eastmere Housing Association"];
  const EDUCATION = [
    "£79-£109",
    "£44",
    "£1.50",
    "£50.50",
    "75%",
    "7.37M",
    "Worked example: Fenmoor Schools Federation",
  ];
  const LOCAL = [
    "£45-£85",
    "£25K per year",
    "£0.80",
    "£3.30",
    "85%",
    "408",
    "Worked example: Calderbridge City Council",
  ];

  it("shows the core model, the fees, the market and the next-step links, with its title and social meta", async () => {
    await visit("/business-model");
    expect(await h1().textContent()).toBe("A Business Model Where Citizens Never Pay");
    await expectMeta("Business Model");
    await expectSections(["The core model", "Costs by sector", "The market", "Next steps"]);
    const core = section("The core model");
    for (const name of ["Employers pay per verification", "Citizens never pay"]) {
      expect(await core.getByRole("heading", { level: 3, name }).count(), name).toBe(1);
    }
    await expectTexts(core, [
      "Workers, tenants, students and citizens never pay",
      "about 5 minutes instead of about 3 hours",
    ]);
    const fees = page.getByRole("table", { name: "Verification fees" });
    const fee = async (check: string) =>
      text(fees.getByRole("row").filter({ has: page.getByRole("rowheader", { name: check }) }));
    expect(await fee("Right-to-work")).toBe("Right-to-work £0.50-£1.20");
    expect(await fee("Right-to-rent")).toBe("Right-to-rent £0.30-£0.80");
    expect(await fee("Enhanced DBS")).toBe("Enhanced DBS £1.00-£2.00");
    expect(await fee("Multi-service")).toBe("Multi-service Volume discounts");
    await expectTexts(section("The market"), ["£2.1B", "Identity market", "7.37M", "4.9M", "408"]);
    await expectLink("View Investment Opportunity", "/investor-funding");
    await expectLink("View Pilot Programme", "/pilots");

    await page.getByRole("link", { name: "View Investment Opportunity" }).click();
    await page.waitForURL("**/investor-funding");
    await expect.poll(() => h1().textContent()).toBe("Investment Opportunity");
  });

  it("selects NHS by default and shows its costs, fees, reduction, market and worked example", async () => {
    await visit("/business-model");
    expect((await tabs().allTextContents()).map((t) => t.trim())).toEqual([
      "NHS",
      "Housing",
      "Education",
      "Local Authority",
    ]);
    await expectSelected("NHS", "nhs");
    for (const name of ["Housing", "Education", "Local Authority"])
      expect(await tab(name).getAttribute("aria-selected"), name).toBe("false");
    await expectTexts(panel(), NHS);
    expect(await panel().getByRole("heading", { level: 3 }).textContent()).toBe(
      "NHS trusts: right-to-work checks for new starters",
    );
  });

  it("selects a clicked tab, shows its panel and puts the sector in the URL", async () => {
    await visit("/business-model");
    await tab("Housing").click();
    await expectSelected("Housing", "housing");
    await expectTexts(panel(), HOUSING);
    expect(await focusedId()).toBe("tab-housing");
    await expect.poll(() => new URL(page.url()).searchParams.get("sector")).toBe("housing");
    expect(await tab("NHS").getAttribute("aria-selected")).toBe("false");
    // The selection survives a reload: the URL is the state.
    await page.reload();
    await expectSelected("Housing", "housing");
  });

  it("moves selection and focus with ArrowRight, ArrowLeft, Home and End, wrapping at the ends", async () => {
    await visit("/business-model");
    await tab("NHS").focus();
    const steps: [key: string, name: string, id: string][] = [
      ["ArrowRight", "Housing", "housing"],
      ["ArrowRight", "Education", "education"],
      ["ArrowLeft", "Housing", "housing"],
      ["End", "Local Authority", "local-authority"],
      ["ArrowRight", "NHS", "nhs"],
      ["ArrowLeft", "Local Authority", "local-authority"],
      ["Home", "NHS", "nhs"],
      ["End", "Local Authority", "local-authority"],
    ];
    for (const [key, name, id] of steps) {
      await page.keyboard.press(key);
      await expectSelected(name, id);
      expect(await focusedId(), `${key} focuses ${name}`).toBe(`tab-${id}`);
    }
    await expectTexts(panel(), LOCAL);
    await expect.poll(() => new URL(page.url()).searchParams.get("sector")).toBe("local-authority");
    // Tab leaves the tab list for the panel.
    await page.keyboard.press("Tab");
    expect(await focusedId()).toBe("panel-local-authority");
  });

  it("opens on the sector named in the URL, rendered by the server so it works without JavaScript", async () => {
    await visit("/business-model?sector=education");
    await expectSelected("Education", "education");
    await expectTexts(panel(), EDUCATION);

    // The server's HTML alone: Education selected, its panel shown, the others hidden, tabs as links.
    const html = await (await page.request.get("/business-model?sector=education")).text();
    const tag = (id: string) => html.match(new RegExp(`<[a-z]+[^>]*id="${id}"[^>]*>`))?.[0] ?? "";
    expect(tag("tab-education")).toContain('aria-selected="true"');
    expect(tag("tab-nhs")).toContain('aria-selected="false"');
    expect(tag("panel-education")).not.toContain("hidden");
    expect(tag("panel-nhs")).toContain("hidden");
    expect(tag("tab-housing")).toContain('href="/business-model?sector=housing"');
  });

  it("falls back to NHS for an unknown sector", async () => {
    await visit("/business-model?sector=unknown");
    await expectSelected("NHS", "nhs");
    await expectTexts(panel(), NHS);
  });
});

describe("investor funding (/investor-funding)", () => {
  it("shows the round, market context, projections notice and the two investment phases", async () => {
    await visit("/investor-funding");
    expect(await h1().textContent()).toBe("Investment Opportunity");
    await expectMeta("Investor Funding");
    await expectTexts(page.locator("main section").first(), ["£1.25M funding round"]);
    await expectSections([
      "Market context",
      "Evidence-based projections",
      "Investment breakdown",
      "12-month cashflow",
      "Revenue projections",
      "Returns and exit pathways",
      "Invest in privacy-first digital identity",
    ]);
    await expectTexts(section("Market context"), ["£2.1B", "7.37M", "4.9M", "130,488"]);
    await expectTexts(section("Evidence-based projections"), ["£1.50 per verification", "25%"]);
    const phase1 = page.getByRole("article", { name: "Phase 1: Build and first pilots" });
    const phase2 = page.getByRole("article", { name: "Phase 2: Paid pilots and scale-up" });
    await expectTexts(phase1, ["£750K", "Months 1-6", "15% buffer", "£117K"]);
    await expectTexts(phase2, ["£500K", "Months 7-12", "15% buffer", "£75K"]);
  });

  it("shows the year 1 cashflow and monthly verifications in captioned tables with header cells", async () => {
    await visit("/investor-funding");
    const summary = page.getByRole("table", { name: "Year 1 cashflow summary" });
    const row = (table: typeof summary, header: string) =>
      text(table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: header, exact: true }) }));
    expect(await row(summary, "Revenue")).toBe("Revenue £86K");
    expect(await row(summary, "Costs")).toBe("Costs £856K");
    expect(await row(summary, "Net cashflow")).toBe("Net cashflow -£770K");
    expect(await row(summary, "Cumulative position at month 12")).toBe("Cumulative position at month 12 -£771,498");
    const monthly = page.getByRole("table", { name: "NHS pilot verifications by month" });
    expect((await monthly.getByRole("columnheader").allTextContents()).map((t) => t.trim())).toEqual([
      "Month",
      "Verifications",
      "Price per verification",
    ]);
    expect(await row(monthly, "Month 7")).toBe("Month 7 3,333 £1.50");
    expect(await row(monthly, "Month 12")).toBe("Month 12 16,667 £1.50");
    expect(await page.locator("th[scope=col]").count()).toBe(5);
    expect(await page.locator("th[scope=row]").count()).toBe(7);
  });

  it("shows revenue projections, returns and exit pathways, and ends with the proposal request and the pilots link", async () => {
    await visit("/investor-funding");
    await expectTexts(section("Revenue projections"), ["£9.6M-£27M", "Projected five-year revenue"]);
    await expectTexts(section("Returns and exit pathways"), [
      "Month 13 or later",
      "6-8x",
      "10x to 43x",
      "Exit pathways",
    ]);
    const request = page.getByRole("link", { name: "Request Investment Proposal" });
    expect(await request.getAttribute("href")).toMatch(/^mailto:investors@identity\.gov\.uk\?subject=/);
    await expectLink("View Pilot Programme", "/pilots");
  });
});

describe("press and partner kit (/marketing)", () => {
  it("gives key messages for every audience, the headline figures, a boilerplate and press contacts", async () => {
    await visit("/marketing");
    expect(await h1().textContent()).toBe("Press and Partner Kit");
    await expectMeta("Press and Partner Kit");
    await expectSections(["Key messages by audience", "Headline figures", "About UK Digital Identity", "Contacts"]);
    const audiences = section("Key messages by audience").getByRole("heading", { level: 3 });
    expect((await audiences.allTextContents()).map((t) => t.trim())).toEqual([
      "Ministers and policymakers",
      "Employers",
      "Landlords",
      "NHS trusts",
      "Housing associations",
      "Education authorities",
      "Councils",
      "Investors",
    ]);
    await expectTexts(section("Headline figures"), [
      "£1.25M",
      "400M+",
      "72 hours",
      "15 minutes",
      "£2.3B",
      "67 million",
      "99.9%",
    ]);
    await expectTexts(section("About UK Digital Identity"), ["workers, tenants, students and citizens never pay"]);
    expect(await page.getByRole("link", { name: "press@identity.gov.uk" }).getAttribute("href")).toBe(
      "mailto:press@identity.gov.uk",
    );
    expect(await page.getByRole("link", { name: "Housing costs for landlords" }).getAttribute("href")).toBe(
      "/business-model?sector=housing",
    );
  });
});

describe("government briefing (/government)", () => {
  const briefingNav = () => page.getByRole("navigation", { name: "Briefing" });

  it("shows the confidential badge, the hero buttons and the headline figures", async () => {
    await visit("/government");
    expect(await page.getByText("Confidential - For Government Officials", { exact: true }).isVisible()).toBe(true);
    expect(await h1().textContent()).toBe("A Privacy-First Digital Identity for 67 Million Citizens");
    await expectMeta("Government Briefing");
    expect(await page.getByRole("link", { name: "Schedule Ministerial Briefing" }).getAttribute("href")).toMatch(
      /^mailto:ministers@identity\.gov\.uk\?subject=/,
    );
    await expectTexts(page.locator("main section").first(), ["98%", "Satisfaction", "67 million", "99.9%", "Uptime"]);
  });

  it("downloads the executive summary as a text file with the briefing's figures", async () => {
    await visit("/government");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download Executive Summary" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("uk-digital-identity-executive-summary.txt");
    const content = await readFile((await download.path())!, "utf8");
    for (const line of [
      "Confidential - For Government Officials",
      "- £2.3B annual savings",
      "- Pilot (months 1-6): 100,000 citizens",
      "- Transform (months 19-24): All 67 million citizens",
    ]) {
      expect(content).toContain(line);
    }
  });

  it("has benefit, department, compliance, risk and roadmap sections with their figures", async () => {
    await visit("/government");
    const benefits = section("Benefits for government");
    expect((await benefits.getByRole("heading", { level: 3 }).allTextContents()).map((t) => t.trim())).toEqual([
      "Annual savings",
      "Lower administrative burden",
      "Faster processing",
      "Fraud prevention",
    ]);
    await expectTexts(benefits, ["£2.3B", "85%", "95%", "£500M+"]);
    expect(await section("Services for every department").getByRole("heading", { level: 3 }).count()).toBe(6);
    expect(
      (await section("Security and compliance").getByRole("heading", { level: 3 }).allTextContents()).map((t) =>
        t.trim(),
      ),
    ).toEqual([
      "W3C VC 2.0",
      "UK GDPR",
      "Ed25519 signatures",
      "StatusList2021 revocation",
      "Cloud scale",
      "AI compliance system",
    ]);
    expect(await section("National risks of doing nothing").getByRole("heading", { level: 3 }).count()).toBe(4);

    const roadmap = section("Roadmap to national roll-out");
    const phases = roadmap.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    expect(await phases.count()).toBe(3);
    expect(await text(phases.nth(0))).toMatch(/Months 1-6 Pilot 100,000 citizens/i);
    expect(await text(phases.nth(1))).toMatch(/Months 7-18 Scale 15 million citizens 25% of local authorities/i);
    expect(await text(phases.nth(2))).toMatch(/Months 19-24 Transform All 67 million citizens/i);
    expect(await h2("Global leadership").count()).toBe(1);
    // Illustrations are decorative: none is announced.
    expect(await page.locator("main svg:not([aria-hidden='true'])").count()).toBe(0);
  });

  it("keeps the briefing nav in view while scrolling, and its contact button leads to the contact details", async () => {
    await visit("/government");
    await expectLink("Back to home", "/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    const box = await briefingNav().boundingBox();
    expect(box?.y).toBe(0);
    expect(await briefingNav().getByRole("link", { name: "Back to home" }).isVisible()).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));
    await briefingNav().getByRole("link", { name: "Contact" }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#contact");
    const contact = section("Arrange a briefing");
    // The heading is not hidden under the sticky nav.
    const heading = await contact.getByRole("heading", { level: 2 }).boundingBox();
    const nav = await briefingNav().boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(nav!.y + nav!.height);
    const phone = contact.getByRole("link", { name: /^020 7946 0\d{3}$/ });
    expect(await phone.getAttribute("href")).toMatch(/^tel:\+442079460\d{3}$/);
    expect(await contact.getByRole("link", { name: "government-relations@identity.gov.uk" }).getAttribute("href")).toBe(
      "mailto:government-relations@identity.gov.uk",
    );
    await expectTexts(contact, [
      "Confidential - For Government Officials. Prepared by the UK Digital Identity programme.",
    ]);
  });
});

describe("legal pages", () => {
  async function expectContents() {
    const contents = page.getByRole("navigation", { name: "Contents" });
    const links = contents.getByRole("link");
    expect(await links.count()).toBeGreaterThan(10);
    for (const href of await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("href") ?? ""))) {
      expect(href).toMatch(/^#[a-z-]+$/);
      // Each entry leads to a section headed by the same words.
      const target = page.locator(`section${href}`);
      expect(await target.count(), href).toBe(1);
      const title = (await contents.locator(`a[href="${href}"]`).textContent())!.trim();
      expect(await target.getByRole("heading", { level: 2 }).textContent()).toMatch(
        new RegExp(`^\\d+\\. ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
    }
  }

  it("privacy policy: contents, UK GDPR roles, 72-hour deletion, ICO contact and 60-second revocation", async () => {
    await visit("/privacy-policy");
    expect(await h1().textContent()).toBe("Privacy Policy");
    await expectMeta("Privacy Policy");
    expect(await page.getByText("Last updated: 28 November 2026").count()).toBe(1);
    await expectContents();
    expect(await page.getByText("Credentials are revocable within 60 seconds.").isVisible()).toBe(true);
    await expectTexts(page.locator("main"), [
      "deleted after 72 hours",
      // The periods the Housekeeper deletes by (issue 20, ADR 031).
      "Verification records: deleted 2 years after the check",
      "deleted 12 months after the event",
      "Article 6(1)(b)",
      "Information Commissioner's Office",
      "ico.org.uk",
    ]);
    await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Your rights" }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#your-rights");
  });

  it("terms of service: contents, 99.9% uptime and verification in under 3 seconds", async () => {
    await visit("/terms-of-service");
    expect(await h1().textContent()).toBe("Terms of Service");
    await expectMeta("Terms of Service");
    expect(await page.getByText("Last updated: 28 November 2026").count()).toBe(1);
    await expectContents();
    const levels = page.getByRole("region", { name: /^\d+\. Service levels$/ });
    await expectTexts(levels, ["99.9% uptime", "under 3 seconds"]);
    await expectTexts(page.locator("main"), ["never pay"]);
  });
});

describe("accessibility of the business pages (axe-core, WCAG 2.2 AA)", () => {
  const paths = [
    "/business-model",
    "/business-model?sector=local-authority",
    "/investor-funding",
    "/marketing",
    "/government",
    "/privacy-policy",
    "/terms-of-service",
  ];

  /** Every axe finding (any impact) inside the page's main content, as it is now. */
  async function mainContentFindings(): Promise<string[]> {
    // Injected through the DevTools protocol, which the page's CSP does not govern; once per document.
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.run(
        { include: [["main"]] },
        {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
          resultTypes: ["violations"],
        },
      ),
    );
    return results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  }

  const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));

  /**
   * Each page is loaded once and checked light, then dark with the theme's class set in place: these
   * pages render nothing else by theme, so a second load would differ only by that class. That the
   * server renders the class from the theme cookie is checked once, below.
   */
  it.each(paths)("%s has no violations in its main content (light and dark)", async (path) => {
    await page.goto(path);
    expect(await isDark()).toBe(false);
    const light = await mainContentFindings();
    await setThemeClass(page, true);
    const dark = await mainContentFindings();
    expect({ light, dark }).toEqual({ light: [], dark: [] });
  });

  it("is rendered dark by the server when the theme cookie says dark", async () => {
    await browser.context.addCookies([{ name: "theme", value: "dark", url: browser.baseUrl }]);
    try {
      await page.goto("/business-model");
      expect(await isDark()).toBe(true);
    } finally {
      await browser.context.clearCookies({ name: "theme" });
    }
  });
});
