import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { systemLogs } from "#db/schema/index.ts";
import { call, registerUser, registerUserWithRole } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/** The Gabriel console's page (/gabriel) as the server renders it (issue 11). */
describe("the Gabriel console page", () => {
  it("sends visitors to sign in and tells citizens and verifiers they have no access (403, audited)", async () => {
    const anonymous = await call("/gabriel");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login");
    for (const account of [await registerUser(), await registerUserWithRole("verifier")]) {
      const response = await call("/gabriel", { cookie: account.cookie });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Only administrators and operators can use the Gabriel console");
      // The refusal is in the audit log, as the API's are.
      const refused = () =>
        db()
          .select({ metadata: systemLogs.metadata })
          .from(systemLogs)
          .where(and(eq(systemLogs.category, "authz"), eq(systemLogs.userId, account.user.id)));
      await vi.waitFor(
        async () => expect((await refused()).map((row) => row.metadata?.reason)).toEqual(["review:hitl"]),
        { timeout: 5_000 },
      );
    }
  });

  it("shows administrators the tiles, the four agents and the controls; operators the queue without the controls", async () => {
    const admin = await registerUserWithRole("admin");
    const page = await (await call("/gabriel", { cookie: admin.cookie })).text();
    for (const text of [
      "Active Agents",
      "Tasks Today",
      "Success Rate",
      "HITL Required",
      "Onboarding Agent",
      "Compliance Agent",
      "Risk Agent",
      "Support Agent",
      "Resume All Agents",
      "Pause Operations",
      "Configure Policies",
      "Emergency Stop",
      "Human Review Queue",
      "Recent Agent Actions",
    ]) {
      expect(page, text).toContain(text);
    }
    const operator = await registerUserWithRole("operator");
    const theirs = await call("/gabriel", { cookie: operator.cookie });
    expect(theirs.status).toBe(200);
    const html = await theirs.text();
    expect(html).toContain("Human Review Queue");
    expect(html).toContain("Only administrators control the agents");
    expect(html).not.toContain("Emergency Stop</button>");
  });

  it("shows the console in Welsh to an administrator who chose Welsh", async () => {
    const admin = await registerUserWithRole("admin");
    const response = await call("/gabriel", { cookie: `${admin.cookie}; lang=cy` });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="cy"');
    for (const text of [
      "Ciw adolygu dynol",
      "Asiantau gweithredol",
      "Ailddechrau pob asiant",
      "Asiant Cydymffurfio",
      "Stop brys",
    ]) {
      expect(page, text).toContain(text);
    }
    expect(page).toMatch(/<title>Gabriel AI \| /);
    expect(page).not.toContain("Human Review Queue");
    // The refusal page too, for a citizen who chose Welsh.
    const citizen = await registerUser();
    const refused = await call("/gabriel", { cookie: `${citizen.cookie}; lang=cy` });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      "Dim ond gweinyddwyr a gweithredwyr sy&#x27;n gallu defnyddio consol Gabriel",
    );
  });
});
