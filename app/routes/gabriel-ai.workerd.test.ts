import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AGENT_STATEMENTS, AGENTS } from "#core/gabriel/agents.ts";
import { AGENT_TYPES, type AgentType } from "#core/gabriel/events.ts";
import { gabrielTasks, users } from "#db/schema/index.ts";
import { AGENT_IDS, ensureAgents } from "#server/gabriel/review-state.ts";
import { call, registerUser, registerUserWithRole } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * Gabriel's public transparency page (issue 11) through the real web worker: open to anyone,
 * the four agents as declared, and figures read from gabriel_tasks with no personal data.
 *
 * Other test files raise and decide review items in the same database at the same time (the
 * agents run on their events), so figures are checked against what the database held just before
 * and just after the page was read, not against fixed numbers.
 */

/** The page's text as a reader sees it: tags dropped, entities decoded, whitespace folded. */
function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const NUMBER = (cell: string) => Number(cell.replace(/[^\d]/g, "") || "0");

/** One agent's row of the "Figures by agent" table (null while nothing has been raised: the empty state has no table). */
function agentRow(
  html: string,
  type: AgentType,
): { raised: number; raisedRecently: number; decided: number; open: number; runs: number } | null {
  const row = new RegExp(`<tr data-agent="${type}">([\\s\\S]*?)</tr>`).exec(html)?.[1];
  if (!row) return null;
  const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => pageText(m[1]!).trim());
  // Decided by a person reads "2 (50.0%)", or "No cases".
  const decided = cells[2] === "No cases" ? 0 : Number(/^([\d,]+)/.exec(cells[2]!)?.[1]?.replace(/,/g, "") ?? NaN);
  return {
    raised: NUMBER(cells[0]!),
    raisedRecently: NUMBER(cells[1]!),
    decided,
    open: NUMBER(cells[3]!),
    runs: NUMBER(cells[5]!),
  };
}

/** What the database holds for `type` now: review items raised (all time) and decided. */
async function stored(type: AgentType) {
  const items = and(eq(gabrielTasks.agentId, AGENT_IDS[type]), eq(gabrielTasks.type, "human_review"));
  const [[raised], [decided]] = await db().batch([
    db().select({ n: count() }).from(gabrielTasks).where(items),
    db()
      .select({ n: count() })
      .from(gabrielTasks)
      .where(and(items, inArray(gabrielTasks.status, ["approved", "escalated"]))),
  ]);
  return { raised: raised!.n, decided: decided!.n };
}

/** The page, with what the database held for `type` just before and just after it was rendered. */
async function readPage(type: AgentType, cookie?: string) {
  const before = await stored(type);
  const response = await call("/gabriel-ai", { cookie });
  const html = await response.text();
  const after = await stored(type);
  return { response, html, before, after, row: agentRow(html, type) };
}

describe("/gabriel-ai", () => {
  it("answers anyone signed out with the four agents, what each may never do, and its rules", async () => {
    const response = await call("/gabriel-ai");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    // Figures must be current: never from a shared cache, and not the pitch pages' edge cache.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-cache")).toBeNull();
    const html = await response.text();
    const text = pageText(html);
    expect(html).toMatch(/<h1[^>]*>Gabriel AI<\/h1>/);
    expect(html).toContain("<title>Gabriel AI | UK Digital Identity</title>");
    expect(text).toContain("A person decides every case that affects a citizen");
    expect(text).toContain("Gabriel calls no outside AI service");
    // The pitch site's header for a visitor, not the signed-in one.
    expect(html).toContain('data-testid="nav-login"');
    for (const type of AGENT_TYPES) {
      const agent = AGENTS[type];
      expect(html).toMatch(new RegExp(`<h3[^>]*>${agent.name}</h3>`));
      expect(text).toContain(agent.purpose);
      const card = pageText(new RegExp(`<article aria-labelledby="agent-${type}"[\\s\\S]*?</article>`).exec(html)![0]);
      const never = card.slice(card.indexOf("What it may never do"), card.indexOf("Its rules"));
      for (const key of agent.mayNot) expect(never.toLowerCase()).toContain(AGENT_STATEMENTS[key].toLowerCase());
      for (const key of agent.watches) expect(card).toContain(AGENT_STATEMENTS[key]);
      for (const rule of agent.rules) expect(card).toContain(rule.looksFor);
    }
    // A rule that raises a case says so; one that only notes says that.
    expect(pageText(/<article aria-labelledby="agent-risk"[\s\S]*?<\/article>/.exec(html)![0])).toContain(
      "Raises a case for a person to decide",
    );
    expect(pageText(/<article aria-labelledby="agent-support"[\s\S]*?<\/article>/.exec(html)![0])).toContain(
      "Noted in the agent's record only: no case is raised",
    );
    expect(html).toMatch(/<a[^>]*href="\/governance"[^>]*>Governance and accountability<\/a>/);
    expect(text).toContain("Gabriel in figures");
  });

  it("is offered in Welsh at /cy/gabriel-ai: the page, its agents and its figures", async () => {
    const response = await call("/cy/gabriel-ai");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = pageText(html);
    expect(html).toContain('<html lang="cy" dir="ltr"');
    expect(html).toMatch(/<h2[^>]*>Sut mae Gabriel yn gweithio<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Asiant Risg<\/h3>/);
    expect(text).toContain("Mae unigolyn yn penderfynu ar bob achos sy'n effeithio ar ddinesydd");
    expect(text).toContain("Dirymu neu atal tystlythyr");
    expect(text).toContain("Gabriel mewn ffigurau");
    expect(text).not.toContain("How Gabriel works");
  });

  it("answers a signed-in citizen with the same page under the signed-in header", async () => {
    const citizen = await registerUser();
    const response = await call("/gabriel-ai", { cookie: citizen.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Gabriel AI<\/h1>/);
    expect(html).toContain("Sign Out");
    expect(html).not.toContain('data-testid="nav-login"');
    for (const type of AGENT_TYPES) expect(html).toContain(AGENTS[type].name);
    expect(pageText(html)).toContain(AGENT_STATEMENTS[AGENTS.risk.mayNot[0]!].replace(/^./, (c) => c.toUpperCase()));
  });

  it("shows figures read from the review items as they are raised and decided, naming nobody", async () => {
    // The agents' rows (the review items' foreign key), as the orchestrator makes them.
    await ensureAgents(db());
    // People whose names, usernames and ids must never appear on the page: the reviewer who
    // decides, the operator the items are assigned to, and the citizen they are about.
    const unique = () => `Q${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
    const [reviewerFirst, subjectFirst] = [unique(), unique()];
    const reviewer = await registerUser({ firstName: reviewerFirst, lastName: "Farthingale" });
    await db().update(users).set({ role: "admin" }).where(eq(users.id, reviewer.user.id));
    const reviewerName = `${reviewerFirst} Farthingale`;
    const assignee = await registerUserWithRole("operator");
    const subject = await registerUser({ firstName: subjectFirst, lastName: "Pemberton-Oakes" });

    const start = await readPage("support");
    const baseline = start.row ?? { raised: 0, raisedRecently: 0, decided: 0, open: 0, runs: 0 };
    if (!start.row) expect(pageText(start.html)).toContain("No cases have been raised yet");

    // Two cases raised by the support agent an hour and a half ago.
    const raisedAt = new Date(Date.now() - 90 * 60_000);
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    await db()
      .insert(gabrielTasks)
      .values(
        ids.map((id) => ({
          id,
          agentId: AGENT_IDS.support,
          type: "human_review",
          status: "pending",
          priority: "high",
          createdAt: raisedAt,
          startedAt: raisedAt,
          dedupeKey: `transparency-test:${id}`,
          assignedTo: assignee.user.id,
          input: {
            rule: "support.recurring-errors",
            title: `Case about ${subject.username}`,
            caseId: `CASE-${id.slice(0, 8)}`,
            evidence: [`users:${subject.user.id}`],
          },
        })),
      );

    const raised = await readPage("support");
    expect(raised.response.status).toBe(200);
    expect(raised.row).not.toBeNull();
    // Exactly what the database held while the page was read (others may raise items meanwhile).
    expect(raised.row!.raised).toBeGreaterThanOrEqual(raised.before.raised);
    expect(raised.row!.raised).toBeLessThanOrEqual(raised.after.raised);
    expect(raised.row!.raised).toBeGreaterThanOrEqual(baseline.raised + 2);
    expect(raised.row!.raisedRecently).toBeGreaterThanOrEqual(baseline.raisedRecently + 2);
    expect(pageText(raised.html)).not.toContain("No cases have been raised yet");

    // A person decides both.
    await db()
      .update(gabrielTasks)
      .set({
        status: "approved",
        completedAt: new Date(),
        decidedBy: reviewer.user.id,
        output: { decision: "approved", notes: `Human review completed by ${reviewerName}`, reviewer: reviewerName },
      })
      .where(inArray(gabrielTasks.id, ids));

    const decided = await readPage("support");
    expect(decided.row!.decided).toBeGreaterThanOrEqual(decided.before.decided);
    expect(decided.row!.decided).toBeLessThanOrEqual(decided.after.decided);
    expect(decided.row!.decided).toBeGreaterThanOrEqual(raised.row!.decided + 2);
    // The share decided by people is decided / raised, as the row states them.
    const share = /<tr data-agent="support">[\s\S]*?\((\d+\.\d)%\)/.exec(decided.html)?.[1];
    expect(Number(share)).toBeCloseTo(Math.round((decided.row!.decided / decided.row!.raised) * 1000) / 10, 1);
    // The median over the last 30 days' decisions is shown in words.
    expect(pageText(decided.html)).toMatch(/Median time from a case being raised to a person's decision/);

    // No person, account or case on the page: not the reviewer, the assignee, the citizen concerned, nor the items.
    for (const html of [raised.html, decided.html]) {
      for (const secret of [
        reviewer.user.id,
        reviewer.username,
        reviewerFirst,
        "Farthingale",
        assignee.user.id,
        assignee.username,
        subject.user.id,
        subject.username,
        subjectFirst,
        "Pemberton-Oakes",
        ...ids,
        ...ids.map((id) => `CASE-${id.slice(0, 8)}`),
      ]) {
        expect(html, secret).not.toContain(secret);
      }
    }
  });
});
