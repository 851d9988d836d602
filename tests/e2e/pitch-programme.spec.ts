import type { Dialog, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type OpenBrowser, openBrowser } from "./browser.ts";

/**
 * The programme pages of the pitch site (spec 001 §2, figures §9): /costs-benefits, /governance,
 * /ministers, /podcasts and /pilots. Elements are found by role and text, as a person would.
 */
let browser: OpenBrowser;
let page: Page;

// One browser for the file and a fresh tab for each test: these pages keep nothing between visits
// (no sign-in, no cookie of their own), so a browser of its own per test only cost its start.
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser.close();
});
beforeEach(async () => {
  page = await browser.context.newPage();
});
afterEach(async () => {
  // The tab and any the test opened (the documentation button opens one).
  await Promise.all(browser.context.pages().map((tab) => tab.close()));
});

/**
 * Loads a page and waits until React has hydrated its main heading (buttons only work from then
 * on). Not "networkidle": the page-view beacon is a keepalive fetch, which Chromium never reports
 * as finished to the DevTools protocol.
 */
async function visit(path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => {
    const heading = document.querySelector("main h1");
    return heading !== null && Object.keys(heading).some((key) => key.startsWith("__reactFiber"));
  });
  return response;
}

const h1 = () => page.getByRole("main").getByRole("heading", { level: 1 }).textContent();
const h2s = async () =>
  (await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents()).map((t) => t.trim());
const main = () => page.getByRole("main");
/** Text of the main landmark with runs of whitespace folded, for figure checks. */
const mainText = async () => (await main().innerText()).replace(/\s+/g, " ");
const metaContent = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute("content");

async function expectMeta(title: string, description: RegExp) {
  expect(await page.title()).toBe(`${title} | UK Digital Identity`);
  expect(await metaContent('property="og:title"')).toBe(`${title} | UK Digital Identity`);
  expect(await metaContent('name="description"')).toMatch(description);
  expect(await metaContent('property="og:description"')).toBe(await metaContent('name="description"'));
}

async function expectLink(name: string | RegExp, href: string) {
  const link = main().getByRole("link", { name });
  expect(await link.count(), String(name)).toBe(1);
  expect(await link.getAttribute("href")).toBe(href);
}

/** The next dialog's message, accepted so the page can go on. */
function nextDialog(): Promise<string> {
  return new Promise((resolve) => {
    page.once("dialog", async (dialog: Dialog) => {
      const message = dialog.message();
      await dialog.accept();
      resolve(message);
    });
  });
}

describe("/costs-benefits", () => {
  it("shows the build comparison, implementation costs, revenue model and benefits with the spec's figures", async () => {
    expect((await visit("/costs-benefits"))?.status()).toBe(200);
    expect(await h1()).toBe("Costs and Benefits");
    await expectMeta("Costs and Benefits", /£200k, under 1% of the £305m\+ cost/);
    expect(await h2s()).toEqual([
      "Build cost comparison",
      "Implementation costs",
      "Revenue model",
      "Benefits",
      "See how it is delivered",
    ]);

    const text = await mainText();
    for (const figure of [
      "£200k",
      "£125k-£200k",
      "£305m+",
      "Under 1%",
      "£10-15m",
      "£2-£3",
      "£25-40m",
      "£30-50m",
      "£10-20m",
      "£70-80m",
      "About 84%",
      "50m",
    ]) {
      expect(text, figure).toContain(figure);
    }
    expect(text).toContain("£10-15m Operating cost per year");
    expect(text).toContain("£2-£3 Per citizen");
    expect(text).toContain("Verification in about 5 minutes instead of about 3 hours");
    for (const claim of [
      "Portable credentials",
      "Automatic audit trail",
      "AI document checks",
      "workers, tenants, students and citizens never pay",
    ]) {
      expect(text, claim).toContain(claim);
    }
    for (const audience of ["For citizens", "For employers and landlords", "For government"]) {
      expect(await page.getByRole("heading", { level: 3, name: audience }).count(), audience).toBe(1);
    }
    await expectLink("View the Roadmap", "/roadmap");
  });

  it("puts the figures in captioned tables with column and row headers", async () => {
    await visit("/costs-benefits");
    const build = page.getByRole("table", {
      name: "Build cost: privacy-first MVP compared with a national single sign-on",
    });
    expect(await build.getByRole("columnheader").allTextContents()).toEqual([
      "Approach",
      "Build cost",
      "What it delivers",
    ]);
    expect(await build.getByRole("rowheader").allTextContents()).toEqual([
      "Privacy-first MVP (this proposal)",
      "National single sign-on",
    ]);
    expect(await build.getByRole("row", { name: /National single sign-on/ }).innerText()).toContain("£305m+");

    const revenue = page.getByRole("table", { name: "Projected annual revenue by stream" });
    expect(await revenue.getByRole("columnheader").allTextContents()).toEqual([
      "Revenue stream",
      "Basis",
      "Annual revenue",
    ]);
    const rows: [string, string][] = [
      ["Central licence", "£25-40m"],
      ["Per-verification fees", "£30-50m"],
      ["Enterprise add-ons", "£10-20m"],
      ["Total", "£70-80m/year"],
    ];
    for (const [stream, amount] of rows) {
      expect(await revenue.getByRole("row", { name: new RegExp(`^${stream}`) }).innerText(), stream).toContain(amount);
    }
    expect(await revenue.getByRole("row", { name: /^Per-verification fees/ }).innerText()).toContain("50m checks");
  });
});

describe("/governance", () => {
  it("shows the principles, DPIA, ethics panel, transparency reports and accountability mechanisms", async () => {
    expect((await visit("/governance"))?.status()).toBe(200);
    expect(await h1()).toBe("Governance and Accountability");
    await expectMeta("Governance and Accountability", /ethics panel of five/);
    expect(await h2s()).toEqual([
      "Our principles",
      "Data protection impact assessment (DPIA)",
      "Independent ethics panel",
      "Transparency reports",
      "Accountability mechanisms",
    ]);
    for (const principle of ["Transparency", "Accountability", "Participation", "Proportionality"]) {
      expect(await page.getByRole("heading", { level: 3, name: principle, exact: true }).count(), principle).toBe(1);
    }
    expect(await page.getByRole("heading", { level: 3, name: "The DPIA process" }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 3, name: "Safeguards built in" }).count()).toBe(1);

    const panel = page.getByRole("list", { name: "Ethics panel members" });
    expect(await panel.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Privacy expert",
      "Disability rights advocate",
      "Technology ethicist",
      "Civil liberties lawyer",
      "Citizen representative",
    ]);
    const text = await mainText();
    expect(text).toContain("An independent panel of five");
    expect(text).toContain("It meets quarterly");
    for (const stat of ["24 hours Incident detection", "72 hours Public notification", "72 hours ICO notification"]) {
      expect(text).toContain(stat);
    }

    const commitments = page.getByRole("table", { name: "Accountability commitments" });
    const expected: [string, string][] = [
      ["Incident detection", "Within 24 hours"],
      ["Public notification of an incident", "Within 72 hours"],
      ["Information Commissioner's Office (ICO)", "Notified within 72 hours"],
      ["Security audits", "Quarterly"],
      ["Privacy assessment", "Annual"],
      ["Adverse AI decisions", "Made by human reviewers"],
    ];
    expect(await commitments.getByRole("rowheader").allTextContents()).toEqual(expected.map(([m]) => m));
    for (const [mechanism, commitment] of expected) {
      expect(
        await commitments.getByRole("row", { name: new RegExp(`^${mechanism.replace(/[()]/g, "\\$&")}`) }).innerText(),
        mechanism,
      ).toContain(commitment);
    }
    await expectLink("About the Programme", "/about");
  });
});

describe("/ministers", () => {
  const email = () => page.getByRole("textbox", { name: "Official email address" });
  const department = () => page.getByRole("combobox", { name: "Department" });
  const accessCode = () => page.getByLabel("Access code");
  const submit = () => page.getByRole("button", { name: "Access Briefing Materials" });

  it("shows the two cards, the form with its departments, and the contact links", async () => {
    expect((await visit("/ministers"))?.status()).toBe(200);
    expect(await h1()).toBe("Ministers' Access");
    await expectMeta("Ministers' Access", /ministers and senior policymakers/);
    expect(await page.getByTestId("button-mvp-demo").textContent()).toBe("Launch MVP Demo");
    expect(await page.getByTestId("button-view-documentation").getAttribute("type")).toBe("button");

    expect(await email().getAttribute("type")).toBe("email");
    expect(await email().getAttribute("required")).not.toBeNull();
    expect(await accessCode().getAttribute("type")).toBe("password");
    expect(await accessCode().getAttribute("required")).not.toBeNull();
    expect(await department().getAttribute("required")).not.toBeNull();
    const options = await department()
      .locator("option")
      .evaluateAll((els) => els.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent })));
    expect(options).toEqual([
      { value: "", label: "Select Department" },
      { value: "cabinet-office", label: "Cabinet Office" },
      { value: "home-office", label: "Home Office" },
      { value: "dsit", label: "Department for Science, Innovation and Technology (DSIT)" },
      { value: "treasury", label: "HM Treasury" },
      { value: "other", label: "Other department" },
    ]);
    expect(await department().inputValue()).toBe("");
    expect(await department().locator("option:checked").textContent()).toBe("Select Department");

    const contact = page.getByRole("complementary", { name: "Ministers' contact team" });
    expect(await contact.getByRole("link", { name: "ministers@identity.gov.uk" }).getAttribute("href")).toBe(
      "mailto:ministers@identity.gov.uk",
    );
    expect(await contact.getByRole("link", { name: "Telephone 020 7946 0418" }).getAttribute("href")).toBe(
      "tel:+442079460418",
    );
  });

  it("lets the browser block an empty or partly filled submit: no alert, the page stays", async () => {
    await visit("/ministers");
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await submit().click();
    expect(await email().evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await email().fill("not-an-email");
    await submit().click();
    expect(await email().evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(true);
    await email().fill("minister@cabinetoffice.gov.uk");
    await accessCode().fill("briefing-code");
    await submit().click();
    // Department still on "Select Department".
    expect(await department().evaluate((el) => (el as unknown as HTMLSelectElement).validity.valueMissing)).toBe(true);
    expect(dialogs).toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/ministers");
  });

  it("shows the briefing alert on a filled submit and goes to /login without sending the access code", async () => {
    await visit("/ministers");
    const code = "s3cret-briefing-code";
    const leaks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(code) || (request.postData() ?? "").includes(code)) leaks.push(request.url());
    });
    await email().fill("minister@cabinetoffice.gov.uk");
    await department().selectOption("dsit");
    await accessCode().fill(code);
    const dialog = nextDialog();
    await submit().click();
    expect(await dialog).toBe("Thank you. Redirecting you to the ministerial briefing materials and platform access.");
    await page.waitForURL("**/login");
    expect(new URL(page.url()).search).toBe("");
    expect(leaks).toEqual([]);
  });

  it("the MVP demo card alerts, then goes to /login", async () => {
    await visit("/ministers");
    const dialog = nextDialog();
    await page.getByRole("button", { name: "Launch MVP Demo" }).click();
    expect(await dialog).toMatch(/^MVP demo: you will now go to the platform login/);
    await page.waitForURL("**/login");
  });

  it("the documentation button alerts, then opens /solution in a new tab", async () => {
    await visit("/ministers");
    const dialog = nextDialog();
    const newTab = browser.context.waitForEvent("page");
    await page.getByRole("button", { name: /^View Documentation/ }).click();
    expect(await dialog).toMatch(/^Opening the solution documentation in a new tab/);
    const tab = await newTab;
    await tab.waitForLoadState("domcontentloaded");
    expect(new URL(tab.url()).pathname).toBe("/solution");
    // The page that opened it stays where it was.
    expect(new URL(page.url()).pathname).toBe("/ministers");
  });
});

describe("/podcasts", () => {
  it("lists seven episodes with players, durations, topics, descriptions and transcripts", async () => {
    expect((await visit("/podcasts"))?.status()).toBe(200);
    expect(await h1()).toBe("UK Digital Identity Podcast");
    await expectMeta("Podcasts", /Seven short episodes/);
    expect(await h2s()).toEqual(["Series at a glance", "Episodes", "Key insights", "Find out more"]);

    const text = await mainText();
    for (const [value, label] of [
      ["7", "Episodes"],
      ["30+", "Minutes total"],
      ["£200K", "MVP investment"],
    ]) {
      expect(text).toContain(`${value} ${label}`);
    }

    const episodes = page.getByRole("article");
    expect(await episodes.count()).toBe(7);
    const durations = await page.locator("article time").allTextContents();
    expect(durations.slice(0, 3)).toEqual(["5:00", "4:00", "4:00"]);
    const totalSeconds = durations.map((d) => d.split(":").map(Number)).reduce((sum, [m, s]) => sum + m * 60 + s, 0);
    expect(totalSeconds).toBeGreaterThanOrEqual(30 * 60);

    for (let i = 0; i < 7; i++) {
      const episode = episodes.nth(i);
      expect(await episode.getByText(`Episode ${i + 1}`, { exact: true }).count()).toBe(1);
      expect(await episode.getByRole("list", { name: "Topics" }).getByRole("listitem").count()).toBeGreaterThanOrEqual(
        3,
      );
      const audio = episode.locator("audio");
      expect(await audio.getAttribute("controls")).not.toBeNull();
      expect(await audio.getAttribute("preload")).toBe("none");
      expect(await audio.evaluate((el) => el.textContent?.trim())).toBe(
        "Your browser does not support the audio element.",
      );
      // The transcript is there for people who cannot listen, closed until asked for.
      const summary = episode.getByText("Transcript", { exact: true });
      const transcript = episode.locator("details > div");
      expect(await transcript.isVisible()).toBe(false);
      await summary.click();
      expect(await transcript.isVisible()).toBe(true);
      expect((await transcript.innerText()).split(/\s+/).length, `episode ${i + 1} transcript`).toBeGreaterThan(500);
    }
    expect(
      await page.getByRole("heading", { level: 3, name: "Selective Disclosure: Proving Only What Matters" }).count(),
    ).toBe(1);
    await expectLink("Explore the Solution", "/solution");
    await expectLink("See Costs and Benefits", "/costs-benefits");
  });

  it("serves every episode's audio, MP3 first then Ogg Opus, as audio files", async () => {
    await visit("/podcasts");
    const players = await page
      .locator("audio")
      .evaluateAll((els) =>
        els.map((audio) => [...audio.querySelectorAll("source")].map((s) => ({ src: s.src, type: s.type }))),
      );
    expect(players).toHaveLength(7);
    players.forEach((sources, i) => {
      expect(sources.map((s) => new URL(s.src).pathname)).toEqual([
        `/podcasts/episode-${i + 1}.mp3`,
        `/podcasts/episode-${i + 1}.ogg`,
      ]);
      expect(sources.map((s) => s.type)).toEqual(["audio/mpeg", "audio/ogg; codecs=opus"]);
    });
    for (const { src } of players.flat()) {
      const response = await page.request.get(src);
      expect(response.status(), src).toBe(200);
      expect(response.headers()["content-type"], src).toMatch(/^audio\//);
      const body = await response.body();
      // Real files, not an HTML page: Ogg pages start "OggS", and the MP3s an ID3 tag.
      expect(body.subarray(0, 4).toString("latin1"), src).toBe(src.endsWith(".ogg") ? "OggS" : "ID3\u0003");
      expect(body.length, src).toBeGreaterThan(100_000);
      expect(body.length, src).toBeLessThan(1024 * 1024);
    }
  });

  it("plays each episode in the browser for as long as its displayed duration", async () => {
    await visit("/podcasts");
    const displayed = await page.locator("article time").allTextContents();
    const played = await page.locator("audio").evaluateAll((els) =>
      Promise.all(
        els.map(
          (el) =>
            new Promise<number>((resolve, reject) => {
              const media = el as HTMLAudioElement;
              media.addEventListener("loadedmetadata", () => resolve(media.duration), { once: true });
              media.addEventListener("error", () => reject(new Error("audio failed to load")), { once: true });
              media.preload = "metadata";
              media.load();
            }),
        ),
      ),
    );
    expect(played).toHaveLength(7);
    played.forEach((seconds, i) => {
      const [m, s] = displayed[i].split(":").map(Number);
      expect(
        Math.abs(seconds - (m * 60 + s)),
        `episode ${i + 1}: ${seconds} s against ${displayed[i]}`,
      ).toBeLessThanOrEqual(15);
    });
  });
});

describe("/pilots", () => {
  it("shows the headline stats, the four pilots with their figures, the framework and the links", async () => {
    expect((await visit("/pilots"))?.status()).toBe(200);
    expect(await h1()).toBe("Pilot Programme");
    await expectMeta("Pilot Programme", /Four pilots with 5,000\+ participants/);
    expect(await h2s()).toEqual(["Programme at a glance", "The four pilots", "Cross-pilot framework", "Find out more"]);

    const text = await mainText();
    for (const stat of ["4 Pilots", "£1.4M+ Annual savings", "5,000+ Participants", "700% ROI in 12 months"]) {
      expect(text, stat).toContain(stat);
    }

    const pilot = (name: string) => page.getByRole("article", { name });
    const facts: Record<string, string[]> = {
      "NHS Right-to-Work": ["3-5 NHS trusts", "6 months", "500-1,000", "100 workers", "£500,000+", "21 days to 3 days"],
      "Housing Right-to-Rent": ["2-3 housing associations", "£200,000+"],
      "Education DBS": ["One local education authority", "50-100 schools", "£300,000+", "8 weeks to instant"],
      "Local Authority Multi-Service": ["£400,000+", "70%"],
    };
    expect(await page.getByRole("article").count()).toBe(4);
    for (const [name, values] of Object.entries(facts)) {
      const definitions = await pilot(name).locator("dd").allTextContents();
      for (const value of values) expect(definitions, `${name}: ${value}`).toContain(value);
    }
    expect(await pilot("Local Authority Multi-Service").locator("dt", { hasText: "Efficiency gain" }).count()).toBe(1);

    for (const stat of [
      "Under 2 minutes Failure response",
      "Under 5 minutes Privacy response",
      "15 minutes Engineer mobilisation",
      "12 languages",
    ]) {
      expect(text, stat).toContain(stat);
    }
    expect(text).toContain("12-language interface");
    await expectLink("Explore the Solution", "/solution");
    await expectLink("See Costs and Benefits", "/costs-benefits");
  });
});
