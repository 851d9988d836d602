import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { systemLogs } from "#db/schema/index.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { call, registerUserWithRole } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * What the page shows, without its scripts: the page also carries its messages, in every wording its
 * screens may need (ADR 035), so words a state does not show are in the document all the same.
 */
const shown = async (response: Response) => (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");

/** The analytics dashboard's page (/analytics, issue 12) as the server renders it: administrators only. */
describe("the analytics dashboard page", () => {
  it("sends visitors to sign in", async () => {
    const anonymous = await call("/analytics");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login");
  });

  it("renders the title, the four tiles, the range picker, the tabs and the loading state for an administrator", async () => {
    const admin = await registerUserWithRole("admin");
    const response = await call("/analytics", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await shown(response);
    expect(html).toMatch(/<h1[^>]*>Analytics Dashboard<\/h1>/);
    expect(html).toContain("<title>Analytics Dashboard | UK Digital Identity</title>");
    for (const tile of ["Active Users", "Avg Response Time", "Unresolved Errors", "Total Sessions"])
      expect(html).toMatch(new RegExp(`<h2[^>]*>${tile}</h2>`));
    for (const range of ["Last 24 hours", "Last 7 days", "Last 30 days"]) expect(html, range).toContain(range);
    for (const tab of ["Overview", "Events", "System Logs", "Errors", "Performance"])
      expect(html).toMatch(new RegExp(`role="tab"[^>]*>${tab}</button>`));
    // The figures load in the browser: until then a spinner with a status text.
    expect(html).toMatch(/role="status"[^>]*>.*Loading analytics…/s);
    expect(html).not.toContain("Only administrators can use the analytics dashboard");
  });

  it("renders in Welsh for an administrator who chose Welsh: the page, its title, tiles, range picker and tabs", async () => {
    const admin = await registerUserWithRole("admin");
    const response = await call("/analytics", { headers: { Cookie: `${SESSION_COOKIE}=${admin.cookie}; lang=cy` } });
    expect(response.status).toBe(200);
    const html = await shown(response);
    expect(html).toContain('<html lang="cy"');
    expect(html).toMatch(/<h1[^>]*>Dangosfwrdd Dadansoddeg<\/h1>/);
    expect(html).toContain("<title>Dangosfwrdd Dadansoddeg | Hunaniaeth Ddigidol y DU</title>");
    for (const tile of [
      "Defnyddwyr Gweithredol",
      "Amser Ymateb Cyfartalog",
      "Gwallau Heb eu Datrys",
      "Cyfanswm y Sesiynau",
    ])
      expect(html).toMatch(new RegExp(`<h2[^>]*>${tile}</h2>`));
    for (const range of ["Y 24 awr diwethaf", "Y 7 diwrnod diwethaf", "Y 30 diwrnod diwethaf"])
      expect(html).toContain(range);
    expect(html).toMatch(/role="tab"[^>]*>Logiau&#x27;r System<\/button>/);
    expect(html).toMatch(/role="status"[^>]*>.*Wrthi&#x27;n llwytho&#x27;r dadansoddeg…/s);
    expect(html).not.toContain("Avg Response Time");
  });

  it("refuses a citizen who chose Welsh in Welsh", async () => {
    const citizen = await registerUserWithRole("citizen");
    const response = await call("/analytics", { headers: { Cookie: `${SESSION_COOKIE}=${citizen.cookie}; lang=cy` } });
    expect(response.status).toBe(403);
    const html = await shown(response);
    expect(html).toContain('<html lang="cy"');
    expect(html).toContain("Dim ond gweinyddwyr sy&#x27;n gallu defnyddio&#x27;r dangosfwrdd dadansoddeg");
  });

  it.each(["citizen", "operator", "verifier"])(
    "answers a %s 403 with a page saying why, and audits the refusal",
    async (role) => {
      const account = await registerUserWithRole(role);
      const response = await call("/analytics", { cookie: account.cookie });
      expect(response.status).toBe(403);
      const html = await shown(response);
      expect(html).toContain("Only administrators can use the analytics dashboard");
      expect(html).toContain("Return to your dashboard");
      expect(html).not.toContain("Avg Response Time");
      const refused = () =>
        db()
          .select({ metadata: systemLogs.metadata })
          .from(systemLogs)
          .where(and(eq(systemLogs.category, "authz"), eq(systemLogs.userId, account.user.id)));
      await vi.waitFor(
        async () => expect((await refused()).map((row) => row.metadata?.reason)).toEqual(["view:analytics"]),
        { timeout: 5_000 },
      );
    },
  );
});
