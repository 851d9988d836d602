import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { credentialRow, openTempDatabase } from "#tests/support/temp-database.ts";
import { walletAppsPageData } from "./wallet-apps-page.ts";

/** The data of /wallet/apps: where a person's copies went, from their issuances and the copies still counting. */
describe("walletAppsPageData", () => {
  let db: Database;
  beforeEach(async () => {
    const temp = await openTempDatabase("wallet-apps-page-test-");
    db = temp.db;
    return temp.close;
  });

  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 9, minutes));

  /**
   * Alice's issuances: to an app that stored its two copies, to one that reported a failure (its copy
   * revoked), to one that said nothing, and two to this web wallet (the first replaced by the
   * second), an mDL mdoc to an app (ADR 053: no credential rows, nothing to revoke); and Bob's
   * issuance to an app.
   */
  async function arrange() {
    const [alice, bob] = await db
      .insert(schema.users)
      .values([
        { username: "alice", passwordHash: "x" },
        { username: "bob", passwordHash: "x" },
      ])
      .returning();
    const issuance = (id: string, userId: string, minute: number, extra: object = {}) => ({
      id,
      userId,
      type: "rtw",
      wallet: "app" as const,
      copies: 1,
      createdAt: at(minute),
      ...extra,
    });
    await db.insert(schema.credentialIssuances).values([
      issuance("stored", alice!.id, 1, {
        clientId: "com.example.wallet",
        copies: 2,
        notifiedEvent: "credential_accepted",
      }),
      issuance("failed", alice!.id, 2, { type: "dbs", notifiedEvent: "credential_failure" }),
      issuance("silent", alice!.id, 3),
      issuance("web-old", alice!.id, 4, { wallet: "web" }),
      issuance("web-new", alice!.id, 5, { wallet: "web" }),
      issuance("bobs", bob!.id, 6, { clientId: "com.example.other" }),
      issuance("mdl", alice!.id, 7, { type: "driving_licence", format: "mso_mdoc", copies: 2 }),
    ]);
    const revoked = { status: "revoked", revokedAt: at(10) };
    await db
      .insert(schema.credentials)
      .values([
        credentialRow(alice!.id, { issuanceId: "stored" }),
        credentialRow(alice!.id, { issuanceId: "stored" }),
        credentialRow(alice!.id, { type: "dbs", issuanceId: "failed", ...revoked }),
        credentialRow(alice!.id, { issuanceId: "silent" }),
        credentialRow(alice!.id, { issuanceId: "web-old", ...revoked }),
        credentialRow(alice!.id, { issuanceId: "web-new" }),
        credentialRow(bob!.id, { issuanceId: "bobs" }),
      ]);
    return { alice: alice!, bob: bob! };
  }

  it("lists the person's own issuances to wallet apps, newest first, with what each app reported and whether any copy counts", async () => {
    const { alice } = await arrange();
    const page = await walletAppsPageData(db, alice.id, null);
    expect(
      page.apps.map(({ id, type, clientId, copies, activeCopies, reported, state }) => ({
        id,
        type,
        clientId,
        copies,
        activeCopies,
        reported,
        state,
      })),
    ).toEqual([
      // An mdoc carries no status: its copies count until they expire, and there is nothing to revoke.
      {
        id: "mdl",
        type: "driving_licence",
        clientId: null,
        copies: 2,
        activeCopies: 2,
        reported: null,
        state: "unrevocable",
      },
      { id: "silent", type: "rtw", clientId: null, copies: 1, activeCopies: 1, reported: null, state: "held" },
      { id: "failed", type: "dbs", clientId: null, copies: 1, activeCopies: 0, reported: "failed", state: "revoked" },
      {
        id: "stored",
        type: "rtw",
        clientId: "com.example.wallet",
        copies: 2,
        activeCopies: 2,
        reported: "accepted",
        state: "held",
      },
    ]);
    expect(page.apps[3]!.issuedAt).toBe(at(1).toISOString());
    // This web wallet's: only where a copy still is (a replaced one has none).
    expect(page.web).toEqual([{ id: "web-new", type: "rtw", issuedAt: at(5).toISOString() }]);
    expect(page.confirming).toBeNull();
  });

  it("asks about an issuance only when it is the person's own, an app's, and has copies to revoke", async () => {
    const { alice } = await arrange();
    expect((await walletAppsPageData(db, alice.id, "stored")).confirming).toMatchObject({ id: "stored" });
    for (const other of ["failed", "web-new", "bobs", "mdl", "nothing"])
      expect((await walletAppsPageData(db, alice.id, other)).confirming, other).toBeNull();
  });
});
