import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { AGENTS } from "#core/gabriel/agents.ts";
import { AGENT_TYPES } from "#core/gabriel/events.ts";
import { gabrielTasks } from "#db/schema/index.ts";
import { AGENT_IDS, ensureAgents } from "#server/gabriel/review-state.ts";
import { testDatabase } from "./database.ts";
import {
  axeInBothThemes,
  closeBrowsers,
  createUser,
  openTestBrowser,
  photograph,
  screenshots,
  seriousAxeFindings,
  signIn,
  visit,
} from "./wallet-helpers.ts";

/**
 * Gabriel's public transparency page (/gabriel-ai, issue 11) in the browser: its structure as a
 * screen reader meets it (headings in order, lists as lists, the figures as a table), axe-core in
 * light and dark for a visitor and for a signed-in citizen, and screenshots of both.
 */

afterEach(async () => {
  await closeBrowsers();
});

const main = (page: Page) => page.getByRole("main");

/** The heading levels of the main landmark, in document order. */
const headingLevels = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main :is(h1, h2, h3, h4, h5, h6)")].map((h) => Number(h.tagName[1])),
  );

/** Review items for the figures table: two raised by the risk agent, one of them decided by a person after 40 minutes. */
async function raiseAndDecide(): Promise<void> {
  const db = testDatabase();
  // The agents' rows (the review items' foreign key), as the orchestrator makes them.
  await ensureAgents(db);
  const raisedAt = new Date(Date.now() - 2 * 60 * 60_000);
  const item = (status: string, completedAt: Date | null) => ({
    agentId: AGENT_IDS.risk,
    type: "human_review",
    status,
    priority: "high",
    createdAt: raisedAt,
    startedAt: raisedAt,
    completedAt,
    dedupeKey: `e2e-transparency:${crypto.randomUUID()}`,
  });
  await db
    .insert(gabrielTasks)
    .values([item("approved", new Date(raisedAt.getTime() + 40 * 60_000)), item("pending", null)]);
}

describe("/gabriel-ai", () => {
  it("reads in order for a visitor, with no serious axe findings in light or dark", async () => {
    const { page, context, baseUrl } = await openTestBrowser();
    await visit(page, "/gabriel-ai");
    expect(await main(page).getByRole("heading", { level: 1 }).textContent()).toBe("Gabriel AI");

    // Headings start at h1 and never skip a level going down.
    const levels = await headingLevels(page);
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `heading ${i}`).toBeLessThanOrEqual(1);

    // Each agent a card named by its heading, its may-never list a list of the declared items.
    for (const type of AGENT_TYPES) {
      const card = main(page).getByRole("article", { name: AGENTS[type].name });
      expect(await card.count()).toBe(1);
      const never = card.getByRole("list", { name: "What it may never do" });
      expect(await never.getByRole("listitem").count()).toBe(AGENTS[type].mayNot.length);
      expect(await card.getByRole("list", { name: "Its rules" }).getByRole("listitem").count()).toBe(
        AGENTS[type].rules.length,
      );
    }
    expect(await main(page).getByRole("link", { name: "Governance and accountability" }).getAttribute("href")).toBe(
      "/governance",
    );

    if (await main(page).getByText("No cases have been raised yet.").count())
      await photograph(page, "gabriel-ai-empty-light", { fullPage: true });

    // A visitor has no theme toggle: the theme cookie chooses, as the pitch pages are checked.
    await raiseAndDecide();
    for (const theme of ["light", "dark"] as const) {
      await context.addCookies([{ name: "theme", value: theme, url: baseUrl }]);
      await visit(page, "/gabriel-ai");
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
      const table = main(page).getByRole("table", { name: "Figures by agent" });
      expect(await table.getByRole("row").count()).toBe(1 + AGENT_TYPES.length);
      expect(await seriousAxeFindings(page), theme).toEqual([]);
      await photograph(page, `gabriel-ai-visitor-${theme}`, { fullPage: true });
    }
  });

  it("shows a signed-in citizen the same page under the signed-in header, accessible in both themes", async () => {
    const citizen = await createUser({ prefix: "transparency", firstName: "Rowan", lastName: "Citizen" });
    const browser = await openTestBrowser();
    await signIn(browser, citizen, "/gabriel-ai");
    const { page } = browser;
    expect(await main(page).getByRole("heading", { level: 1 }).textContent()).toBe("Gabriel AI");
    expect(await page.getByRole("button", { name: "Sign Out" }).count()).toBe(1);
    // The figures never name anyone, the signed-in visitor included.
    expect(await main(page).innerText()).not.toContain("Rowan");
    expect(await axeInBothThemes(page)).toEqual({ light: [], dark: [] });
    await screenshots(page, "gabriel-ai-citizen");
  });

  it("fits a phone: the figures table scrolls inside its own region", async () => {
    const { page } = await openTestBrowser(375);
    await visit(page, "/gabriel-ai");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await photograph(page, "gabriel-ai-phone-light", { fullPage: true });
  });
});
