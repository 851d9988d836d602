import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenBrowser, openBrowser } from "./browser.ts";

/**
 * The core pitch pages (spec 001 §2 "Home", "About", "Challenge", "Solution", "Roadmap"): each
 * page's heading, sections, figures (spec 001 §9), next-step links and its title and social meta.
 * Elements are found by role and text, as a person would.
 */
let browser: OpenBrowser;
let page: Page;

// One browser and one tab for the file: every test here only reads a page (no click, no typing,
// nothing stored), so a page loaded for one test is as fresh for the next that reads it.
beforeAll(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser.close();
});

/** The path visit last loaded (and checked answered 200). */
let loaded: string | undefined;

/** Loads `path` once React's route modules are in, unless the tab already shows it (see above). */
async function visit(path: string) {
  if (loaded === path && new URL(page.url()).pathname === path) return;
  loaded = undefined;
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(
    () => (window as unknown as { __remixRouteModules?: unknown }).__remixRouteModules !== undefined,
  );
  loaded = path;
}

const main = () => page.getByRole("main");
const h1 = () => main().getByRole("heading", { level: 1 });
const h2 = (name: string) => main().getByRole("heading", { level: 2, name, exact: true });
const h3 = (name: string) => main().getByRole("heading", { level: 3, name, exact: true });

async function expectMeta(title: string, description: RegExp) {
  expect(await page.title()).toBe(title);
  expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(title);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(description);
  expect(await page.locator('meta[property="og:description"]').getAttribute("content")).toMatch(description);
}

/** A link in the page body (not the site navigation) and where it goes. */
async function expectLink(name: string, href: string) {
  const link = main().getByRole("link", { name, exact: true });
  expect(await link.count()).toBe(1);
  expect(await link.getAttribute("href")).toBe(href);
}

async function expectText(text: string) {
  expect(await main().getByText(text, { exact: false }).count()).toBeGreaterThan(0);
}

/** A headline figure: its value and what it measures, side by side (layout.tsx `Stat`). */
async function expectStat(value: string, label: string) {
  const stat = main().locator("p", { hasText: new RegExp(`^${value.replace(/[.+$]/g, "\\$&")}$`) });
  expect(await stat.count()).toBeGreaterThan(0);
  expect(await stat.first().locator("xpath=following-sibling::p[1]").textContent()).toBe(label);
}

describe("home page", () => {
  it("shows the hero with its subtitle, tagline and a button to the solution", async () => {
    await visit("/");
    expect(await h1().textContent()).toBe("Privacy-First Digital Identity for the UK");
    await expectText("Right-to-Work | Right-to-Rent | DBS Checks");
    await expectText("£400M+ for a national single sign-on");
    await expectLink("Explore the Solution", "/solution");
    await expectMeta(
      "UK Digital Identity | Right-to-Work, Right-to-Rent and DBS Checks",
      /privacy-first UK digital identity MVP/,
    );
  });

  it("compares costs in a figure that reads the same as text", async () => {
    await visit("/");
    const figure = main().getByRole("figure", { name: "Development cost comparison" });
    // The bars are decorative; each row says its label and figure in text.
    expect(await figure.getByRole("listitem").allTextContents()).toEqual([
      "Privacy-first digital identity MVP£1.25M",
      "National single sign-on£305m+",
    ]);
  });

  it("shows six feature cards", async () => {
    await visit("/");
    await h2("Why This Approach Works").waitFor();
    for (const name of [
      "Privacy First",
      "Inclusive by Design",
      "Standards-Based",
      "Modular and Vendor-Neutral",
      "AI-Assisted with Gabriel",
      "Quick Delivery",
    ]) {
      await h3(name).waitFor();
    }
  });

  it("previews three podcast episodes with players, figures and a button to all episodes", async () => {
    await visit("/");
    await h2("Listen to the Podcast Series").waitFor();
    const players = main().locator("audio");
    expect(await players.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const player = players.nth(i);
      expect(await player.getAttribute("controls")).not.toBeNull();
      expect(await player.getAttribute("preload")).toBe("none");
      expect(
        await player.locator("source").evaluateAll((sources) => sources.map((s) => s.getAttribute("src"))),
      ).toEqual([`/podcasts/episode-${i + 1}.mp3`, `/podcasts/episode-${i + 1}.ogg`]);
      expect((await player.textContent())?.trim()).toBe("Your browser does not support the audio element.");
    }
    // Spec 001 §2: about 5, 4 and 4 minutes.
    expect(
      await main()
        .getByText(/^Duration \d:\d\d$/)
        .allTextContents(),
    ).toEqual(["Duration 5:00", "Duration 4:00", "Duration 4:00"]);
    await expectStat("7", "Episodes");
    await expectStat("30+", "Minutes of content");
    await expectStat("£200K", "MVP investment");
    await expectLink("Listen to All Episodes", "/podcasts");
  });

  it("previews the four pilots with their figures and a button to the pilot programme", async () => {
    await visit("/");
    await h2("Pilot Programme").waitFor();
    for (const name of ["NHS Right-to-Work", "Housing Right-to-Rent", "Education DBS", "Local Authority Multi-Service"])
      await h3(name).waitFor();
    await expectStat("4", "Pilots");
    await expectStat("£1.4M+", "Annual savings");
    await expectStat("5,000+", "Participants");
    await expectStat("700%", "ROI in 12 months");
    await expectLink("View the Pilot Programme", "/pilots");
  });

  it("sums up with the home page's fine figure and ends with a call to sign in", async () => {
    await visit("/");
    await h2("Executive Summary").waitFor();
    await expectText("fines of £60,000 per illegal worker");
    await h2("See the Platform in Action").waitFor();
    await expectLink("Access the Platform", "/login");
  });
});

describe("about page", () => {
  it("sets its title, description and social meta", async () => {
    await visit("/about");
    await expectMeta("About Us | UK Digital Identity", /mission, vision and values/);
  });

  it("shows mission, vision, three core values, approach and a button to the solution", async () => {
    await visit("/about");
    expect(await h1().textContent()).toBe("About UK Digital Identity");
    for (const name of ["Our Mission", "Our Vision", "Our Core Values", "Our Approach"]) await h2(name).waitFor();
    for (const name of ["Privacy First", "Inclusive Design", "Transparency"]) await h3(name).waitFor();
    await expectLink("Explore Our Solution", "/solution");
  });
});

describe("challenge page", () => {
  it("sets its title, description and social meta", async () => {
    await visit("/challenge");
    await expectMeta("The Challenge | UK Digital Identity", /right-to-work crisis/);
  });

  it("shows the five problems with this page's figures and a button to the solution", async () => {
    await visit("/challenge");
    expect(await h1().textContent()).toBe("The Identity Verification Challenge");
    for (const name of [
      "The Right-to-Work Crisis",
      "Housing Verification Chaos",
      "Safeguarding Delays",
      "Economic Impact",
      "Digital Exclusion",
    ]) {
      await h2(name).waitFor();
    }
    // Spec 001 §9: 45,000 on this page (the home page says 60,000).
    await expectStat("£45,000", "Fine per illegal worker");
    await expectStat("30%", "Error rate in manual right-to-rent checks");
    await expectStat("£3,000", "Fine avoided with a correct right-to-rent check");
    await expectStat("7.37M", "DBS checks a year");
    expect(await main().getByText("£60,000").count()).toBe(0);
    await expectLink("See Our Solution", "/solution");
  });
});

describe("solution page", () => {
  it("sets its title, description and social meta", async () => {
    await visit("/solution");
    await expectMeta("Our Solution | UK Digital Identity", /£1\.25M in 12 months/);
  });

  it("shows the 12-month MVP overview and the five core components", async () => {
    await visit("/solution");
    expect(await h1().textContent()).toBe("A Privacy-First Digital Identity for the UK");
    await h2("12-Month MVP Overview").waitFor();
    await expectStat("£1.25M", "Total MVP development cost");
    await expectStat("12 months", "To a working MVP");
    await expectStat("6 months", "To visible pilots");
    await h2("Core Components").waitFor();
    for (const name of [
      "Citizen Wallet (Mobile and Web)",
      "Verifier Portal",
      "Assisted Digital Kiosks",
      "AI Orchestration Layer",
      "Revocation System",
    ]) {
      await h3(name).waitFor();
    }
  });

  it("shows four feature groups with the spec's claims", async () => {
    await visit("/solution");
    await h2("Key Features").waitFor();
    for (const name of ["Privacy", "Inclusion", "Standards", "AI"]) await h3(name).waitFor();
    for (const claim of [
      "Selective disclosure",
      "No central tracking",
      "deleted after 72 hours",
      "QR codes valid for 15 minutes",
      "10 most spoken UK languages",
      "WCAG 2.2 AA",
      "DIATF",
      "GPG45/44",
      "UK GDPR",
      "W3C VC 2.0",
      "Ed25519",
      "SD-JWT",
      "StatusList2021",
      "UK data residency",
      "CE+",
      "Gabriel",
      "Human-in-the-loop",
    ]) {
      await expectText(claim);
    }
  });

  it("shows the technical architecture and links to the roadmap", async () => {
    await visit("/solution");
    await h2("Technical Architecture").waitFor();
    for (const name of [
      "Credential Format",
      "Cryptography",
      "Revocation",
      "Data and Hosting",
      "Security",
      "Modular Integration",
    ])
      await h3(name).waitFor();
    await expectLink("View the Delivery Roadmap", "/roadmap");
  });
});

describe("roadmap page", () => {
  it("sets its title, description and social meta", async () => {
    await visit("/roadmap");
    await expectMeta(
      "Delivery Roadmap | UK Digital Identity",
      /Four phases.*alpha with 3 employer partners.*MVP with 100k users\./,
    );
  });

  it("lists the four phases in order, each with its months, activities and success metrics", async () => {
    await visit("/roadmap");
    expect(await h1().textContent()).toBe("Delivery Roadmap");
    const phases = main()
      .getByRole("list")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    expect(await phases.evaluate((list) => list.tagName)).toBe("OL");
    const items = phases.locator(":scope > li");
    expect(await items.count()).toBe(4);

    const expected = [
      { heading: "Phase 0: Discovery", months: "Months 0-2", metrics: ["DPIA completed"] },
      { heading: "Phase 1: Alpha", months: "Months 3-6", metrics: ["3 employer partners", "500 pilot citizens"] },
      {
        heading: "Phase 2: Beta",
        months: "Months 6-9",
        metrics: [
          "10,000 citizens",
          "25 organisations",
          "15 assisted centres",
          "80% of routine requests handled by AI",
        ],
      },
      {
        heading: "Phase 3: MVP",
        months: "Months 9-12",
        metrics: [
          "100k users",
          "1,000+ employers/landlords",
          "99.9% availability",
          "95%+ satisfaction",
          "CE+ certification achieved",
          "Transparency report v1 published",
        ],
      },
    ];
    for (const [i, phase] of expected.entries()) {
      const item = items.nth(i);
      expect(await item.getByRole("heading", { level: 3 }).textContent()).toBe(phase.heading);
      expect(await item.getByText(phase.months, { exact: true }).count()).toBe(1);
      expect(await item.getByRole("heading", { level: 4, name: "Activities" }).count()).toBe(1);
      const metrics = item
        .getByRole("heading", { level: 4, name: "Success metrics" })
        .locator("xpath=following-sibling::ul[1]/li");
      const texts = (await metrics.allTextContents()).map((t) => t.trim());
      for (const metric of phase.metrics) expect(texts).toContain(metric);
    }
    // Phase 2 brings the other checks, kiosks and AI (spec 001 §2 "Roadmap").
    const beta = items.nth(2);
    for (const activity of [
      "Add right-to-rent credentials",
      "Add DBS credentials",
      "Open assisted digital kiosks at councils and libraries",
    ]) {
      expect(await beta.getByRole("listitem").filter({ hasText: activity }).count()).toBe(1);
    }
  });

  it("links to costs and benefits", async () => {
    await visit("/roadmap");
    await expectLink("View Costs and Benefits", "/costs-benefits");
  });
});
