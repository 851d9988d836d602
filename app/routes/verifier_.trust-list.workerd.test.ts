import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestIaca } from "#core/mdoc/test-helpers.ts";
import { trustListEntries, trustListEvents } from "#db/schema/index.ts";
import { call, registerUserWithRole, uniqueName } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * /verifier/trust-list without JavaScript (ADR 050): its forms post to the page, which proposes and
 * decides through the same service as the API; a change done redirects (a reload repeats nothing);
 * a refusal is shown on the page with its words; non-administrators are refused.
 */

const BUDGET = 45_000;

const post = (cookie: string, fields: [string, string][], search = "") =>
  call(`/verifier/trust-list${search}`, {
    rawBody: new URLSearchParams(fields).toString(),
    cookie,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

describe("/verifier/trust-list, its forms without JavaScript", () => {
  it(
    "one administrator proposes, the page shows the proposer no Approve; another approves after confirming",
    async () => {
      const [maker, checker] = await Promise.all([registerUserWithRole("admin"), registerUserWithRole("admin")]);
      const iaca = await createTestIaca(new Date());
      const name = uniqueName("Page IACA ");
      const proposed = await post(maker.cookie, [
        ["intent", "propose"],
        ["kind", "mdoc_iaca_root"],
        ["name", name],
        ["certificate", iaca.root],
        ["checks", "age"],
        ["checks", "identity"],
        ["reason", "Sent by the DVLA"],
      ]);
      expect(proposed.status).toBe(302);
      const [row] = await db().select().from(trustListEntries).where(eq(trustListEntries.name, name));
      expect(row).toMatchObject({ state: "proposed", checks: ["age", "identity"], proposedBy: maker.user.id });
      expect(proposed.headers.get("Location")).toBe(`/verifier/trust-list?done=proposed&entry=${row!.id}`);

      const own = await (await call(`/verifier/trust-list`, { cookie: maker.cookie })).text();
      expect(own).toContain(name);
      expect(own).toContain("You proposed this entry, so another administrator must approve it.");
      expect(own).not.toContain(`confirm=approve&amp;entry=${row!.id}`);
      const theirs = await (await call(`/verifier/trust-list`, { cookie: checker.cookie })).text();
      expect(theirs).toContain(`confirm=approve&amp;entry=${row!.id}`);
      const confirming = await call(`/verifier/trust-list?confirm=approve&entry=${row!.id}`, {
        cookie: checker.cookie,
      });
      expect(await confirming.text()).toContain(`Approve ${name}?`);

      // The proposer's forged approval is refused on the page, in words, and changes nothing.
      const forged = await post(maker.cookie, [
        ["intent", "approve"],
        ["entry", row!.id],
      ]);
      expect(forged.status).toBe(403);
      expect(await forged.text()).toContain("You proposed this entry: another administrator must approve it");

      const approved = await post(
        checker.cookie,
        [
          ["intent", "approve"],
          ["entry", row!.id],
        ],
        `?confirm=approve&entry=${row!.id}`,
      );
      expect(approved.status).toBe(302);
      expect((await db().select().from(trustListEntries).where(eq(trustListEntries.id, row!.id)))[0]!.state).toBe(
        "active",
      );
      // Retiring needs a reason: refused in the confirmation, then done.
      const noReason = await post(maker.cookie, [
        ["intent", "retire"],
        ["entry", row!.id],
      ]);
      expect(noReason.status).toBe(400);
      expect(await noReason.text()).toContain("Give a reason of 3 to 500 characters");
      const retired = await post(maker.cookie, [
        ["intent", "retire"],
        ["entry", row!.id],
        ["reason", "Replaced"],
      ]);
      expect(retired.status).toBe(302);
      const actions = await db()
        .select({ action: trustListEvents.action })
        .from(trustListEvents)
        .where(eq(trustListEvents.entryId, row!.id))
        .orderBy(trustListEvents.at);
      expect(actions.map((a) => a.action)).toEqual(["proposed", "approved", "retired"]);
    },
    BUDGET,
  );

  it(
    "a proposal the form cannot take says which fields to fix; a verifier is refused the page and its forms",
    async () => {
      const [admin, verifier] = await Promise.all([registerUserWithRole("admin"), registerUserWithRole("verifier")]);
      const refused = await post(admin.cookie, [
        ["intent", "propose"],
        ["kind", "mdoc_iaca_root"],
        ["name", ""],
        ["certificate", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"],
        ["reason", "Because"],
      ]);
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain("Give a name of 2 to 120 characters");
      expect(page).toContain("Choose at least one check");

      const unreadable = await post(admin.cookie, [
        ["intent", "propose"],
        ["kind", "mdoc_iaca_root"],
        ["name", "Broken root"],
        ["certificate", "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----"],
        ["checks", "age"],
        ["reason", "Because"],
      ]);
      expect(unreadable.status).toBe(400);
      const again = await unreadable.text();
      expect(again).toContain("This is not a certificate the verifier can use");
      // What was typed is shown again to be corrected, not lost.
      expect(again).toContain('value="Broken root"');
      expect(again).toMatch(/<textarea[^>]*name="reason"[^>]*>Because<\/textarea>/);
      expect(again).toMatch(/<input[^>]*value="age"[^>]*checked=""|<input[^>]*checked=""[^>]*value="age"/);

      expect((await call("/verifier/trust-list", { cookie: verifier.cookie })).status).toBe(403);
      expect((await post(verifier.cookie, [["intent", "propose"]])).status).toBe(403);
      const signedOut = await call("/verifier/trust-list");
      expect(signedOut.status).toBe(302);
    },
    BUDGET,
  );
});
