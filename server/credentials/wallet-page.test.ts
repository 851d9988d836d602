import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { createCredentialOffer } from "#server/issuance/offers.ts";
import { openTempDatabase } from "#tests/support/temp-database.ts";
import { walletPageData } from "./wallet-page.ts";

/** The /wallet view model's "Add to another wallet app" list (issue 22) against a real libSQL file. */
const NOW = new Date("2026-07-15T12:00:00Z");
const DAY = 86_400_000;
const days = (n: number) => new Date(NOW.getTime() + n * DAY);
const BASE = "https://wallet.example";

const record = (
  userId: string,
  type: string,
  validUntil: Date,
  status: "complete" | "pending" = "complete",
): typeof schema.authorityRecords.$inferInsert => ({
  userId,
  type,
  issuerId: type === "dbs" ? "dbs" : type === "driving_licence" ? "dvla" : "home-office",
  attributes: { given_name: "Sarah", family_name: "Thompson" },
  validUntil,
  status,
});

describe("the wallet page's types to add to another wallet app", () => {
  let db: Database;
  let me: string;
  let other: string;
  beforeEach(async () => {
    const temp = await openTempDatabase("wallet-page-test-");
    db = temp.db;
    const [a, b] = await db
      .insert(schema.users)
      .values([
        { username: "me", passwordHash: "x" },
        { username: "other", passwordHash: "x" },
      ])
      .returning();
    me = a!.id;
    other = b!.id;
    return temp.close;
  });

  const pageOf = (userId: string) => walletPageData({ db, env: { PUBLIC_BASE_URL: BASE } }, userId, BASE, "en", NOW);

  it("lists each type the authorities hold a current record of, in the registry's order, pending ones marked", async () => {
    await db.insert(schema.authorityRecords).values([
      record(me, "dbs", days(30), "pending"),
      record(me, "rtw", days(365)),
      // Expired, and expiring at this very moment: the API refuses both, so the page lists neither.
      record(me, "rtr", days(-1)),
      record(me, "driving_licence", NOW),
      // Somebody else's record is not mine to offer.
      record(other, "professional_certificate", days(90)),
    ]);
    const page = await pageOf(me);
    expect(page.offerable).toEqual([
      { type: "rtw", pending: false },
      { type: "dbs", pending: true },
    ]);
    // Offered without holding it in this wallet: the web wallet holds nothing here.
    expect(page.credentials).toEqual([]);
    expect((await pageOf(other)).offerable).toEqual([{ type: "professional_certificate", pending: false }]);
  });

  it("lists nothing for a person no authority holds a record of", async () => {
    expect((await pageOf(me)).offerable).toEqual([]);
  });

  it("lists exactly the types an offer can be made of", async () => {
    await db
      .insert(schema.authorityRecords)
      .values([record(me, "rtw", days(10)), record(me, "dbs", days(10), "pending"), record(me, "rtr", days(-1))]);
    const keys = {
      db,
      secret: "a-worker-secret-of-at-least-32-characters",
      base: BASE,
      offersHaip: async () => false,
    };
    const listed = (await pageOf(me)).offerable.map((o) => o.type);
    for (const type of ["rtw", "rtr", "dbs", "driving_licence", "professional_certificate"]) {
      const made = await createCredentialOffer(keys, { userId: me, type, channel: "wallet", now: NOW }).then(
        () => true,
        () => false,
      );
      expect(made, type).toBe(listed.includes(type as (typeof listed)[number]));
    }
  });
});
