import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { credentialRow, openTempDatabase } from "#tests/support/temp-database.ts";
import type { ShareRecord, ShareStatus } from "./shares.ts";
import { shareCards, sharesPageData } from "./shares-page.ts";

/** The /shares cards (spec 000 §2 /shares, §4): each share with its credential's status now. */
const share = (id: string, status: ShareStatus, credentialId: string): ShareRecord => ({
  id,
  credentialId,
  credentialType: "rtw",
  credentialName: "Right to Work",
  issuerName: "Home Office",
  sharedWith: null,
  purpose: "Credential verification",
  sharedDate: "2026-07-15T12:00:00.000Z",
  expiryDate: "2026-07-16T12:00:00.000Z",
  revokedAt: status === "revoked" ? "2026-07-15T13:00:00.000Z" : null,
  status,
  viewCount: 0,
  verifyPath: `/verify/${id}`,
  downloadUrl: `/api/shares/download/${id}`,
  kind: "link",
});

describe("shareCards", () => {
  it("certifies valid only a share not revoked whose credential is active now", () => {
    const held = new Map([
      ["valid", "active"],
      ["gone", "revoked"],
      ["old", "expired"],
    ]);
    const cards = shareCards(
      [
        share("a", "active", "valid"),
        share("b", "expired", "valid"),
        share("c", "revoked", "valid"),
        share("d", "active", "gone"),
        share("e", "active", "old"),
      ],
      held,
    );
    expect(cards.map((c) => [c.id, c.credentialStatus, c.certifiesValid])).toEqual([
      ["a", "active", true],
      ["b", "active", true],
      ["c", "active", false],
      ["d", "revoked", false],
      ["e", "expired", false],
    ]);
  });

  it("reads a credential the wallet no longer lists (replaced by a re-issue) as revoked", () => {
    const [card] = shareCards([share("a", "active", "replaced")], new Map());
    expect(card).toMatchObject({ id: "a", credentialStatus: "revoked", certifiesValid: false });
  });
});

describe("sharesPageData", () => {
  const NOW = new Date("2026-07-15T12:00:00Z");
  const HOUR = 3_600_000;
  const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
  let db: Database;
  beforeEach(async () => {
    const temp = await openTempDatabase("shares-page-test-");
    db = temp.db;
    return temp.close;
  });

  /** Alice's shares (one open, one expired, one revoked, one of a revoked credential) and Bob's open one. */
  async function arrange() {
    const [alice, bob] = await db
      .insert(schema.users)
      .values([
        { username: "alice", passwordHash: "x" },
        { username: "bob", passwordHash: "x" },
      ])
      .returning();
    const [valid, gone, bobs] = await db
      .insert(schema.credentials)
      .values([
        credentialRow(alice!.id, { issuedAt: at(-48) }),
        credentialRow(alice!.id, { type: "dbs", issuedAt: at(-48), status: "revoked", revokedAt: at(-1) }),
        credentialRow(bob!.id, { issuedAt: at(-48) }),
      ])
      .returning();
    const share = (id: string, credentialId: string, userId: string, extra: object = {}) => ({
      id: id.repeat(22),
      credentialId,
      userId,
      sharedWith: "Acme Ltd",
      purpose: "Credential verification",
      createdAt: at(-2),
      expiresAt: at(20),
      ...extra,
    });
    await db
      .insert(schema.shares)
      .values([
        share("A", valid!.id, alice!.id),
        share("E", valid!.id, alice!.id, { createdAt: at(-30), expiresAt: at(-6) }),
        share("R", valid!.id, alice!.id, { createdAt: at(-3), revokedAt: at(-1) }),
        share("G", gone!.id, alice!.id, { createdAt: at(-4) }),
        share("B", bobs!.id, bob!.id),
      ]);
    return { alice: alice!, bob: bob! };
  }

  it("counts the tiles from the person's own shares only", async () => {
    const { alice } = await arrange();
    const page = await sharesPageData(db, alice.id, null, NOW);
    expect(page.shares.map((s) => [s.id[0], s.status, s.credentialStatus])).toEqual([
      ["A", "active", "active"],
      ["R", "revoked", "active"],
      ["G", "active", "revoked"],
      ["E", "expired", "active"],
    ]);
    // Downloads: the open share and the expired one, whose credential is still valid; not the revoked share or credential.
    expect(page.tiles).toEqual({ total: 4, active: 2, downloads: 2 });
    expect(page.confirming).toBeNull();
  });

  it("asks about revoking only an active share of the person's own", async () => {
    const { alice } = await arrange();
    const confirming = async (id: string) => (await sharesPageData(db, alice.id, id.repeat(22), NOW)).confirming;
    expect(await confirming("A")).toEqual({
      id: "A".repeat(22),
      credentialType: "rtw",
      credentialName: "Right to Work",
      sharedWith: "Acme Ltd",
    });
    // An ended share, somebody else's share or an unknown id: nothing to confirm.
    for (const id of ["E", "R", "B", "Z"]) expect(await confirming(id)).toBeNull();
  });

  it("reads the default purpose in the page's language, and a typed purpose as typed (issue 21)", async () => {
    const { alice } = await arrange();
    await db
      .update(schema.shares)
      .set({ purpose: "Warehouse role" })
      .where(eq(schema.shares.id, "R".repeat(22)));
    const purposes = async (locale?: "cy") =>
      (await sharesPageData(db, alice.id, null, NOW, locale)).shares.map((s) => s.purpose);
    expect(await purposes("cy")).toEqual([
      "Gwirio tystlythyr",
      "Warehouse role",
      "Gwirio tystlythyr",
      "Gwirio tystlythyr",
    ]);
    expect(await purposes()).toEqual([
      "Credential verification",
      "Warehouse role",
      "Credential verification",
      "Credential verification",
    ]);
  });
});
