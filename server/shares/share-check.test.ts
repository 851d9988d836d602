import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { credentialRow, openTempDatabase } from "#tests/support/temp-database.ts";
import { checkShareLink, outcomeOf, reasonInWords } from "./share-check.ts";

/** How /verify/{shareId} words a live check (issue 4; ADR 009: an unknown status is never valid). */
describe("outcomeOf", () => {
  it("names revoked, expired and suspended, and is valid only when the check is", () => {
    expect(outcomeOf({ valid: true, reason: "valid" })).toBe("valid");
    expect(outcomeOf({ valid: false, reason: "STATUS_REVOKED" })).toBe("revoked");
    expect(outcomeOf({ valid: false, reason: "EXPIRED" })).toBe("expired");
    expect(outcomeOf({ valid: false, reason: "STATUS_SUSPENDED" })).toBe("suspended");
  });

  it("reads a status list it could not fetch or trust as unknown, not revoked", () => {
    for (const reason of [
      "STATUS_UNKNOWN",
      "STATUS_TOKEN_MALFORMED",
      "STATUS_TOKEN_WRONG_TYP",
      "STATUS_TOKEN_BAD_SIGNATURE",
      "STATUS_TOKEN_EXPIRED",
      "STATUS_SUB_MISMATCH",
      "STATUS_LIST_INVALID",
      "STATUS_LIST_TOO_LARGE",
    ])
      expect(outcomeOf({ valid: false, reason })).toBe("unknown");
  });

  it("reads any other refusal as a failed security check", () => {
    expect(outcomeOf({ valid: false, reason: "BAD_SIGNATURE" })).toBe("failed");
  });
});

describe("reasonInWords", () => {
  const result = { issuer: "Home Office", message: "The signature does not verify." };

  it("names the issuer, and tells a replaced copy from a revoked credential", () => {
    expect(reasonInWords("revoked", result, false)).toBe("The Home Office has revoked this credential.");
    expect(reasonInWords("revoked", result, true)).toBe(
      "This copy of the credential was revoked when the holder had it issued again. Ask them for a new link.",
    );
    expect(reasonInWords("suspended", result, false)).toBe("The Home Office has suspended this credential.");
    expect(reasonInWords("expired", result, false)).toBe("This credential has expired.");
  });

  it("says an unknown status cannot be treated as valid, and shows the core's message for a failed check", () => {
    expect(reasonInWords("unknown", result, false)).toBe(
      "We could not confirm the credential's status with the Home Office just now, so it cannot be treated as valid. Try again in a few minutes.",
    );
    expect(reasonInWords("failed", result, false)).toBe(
      "The credential failed a security check: The signature does not verify.",
    );
  });
});

describe("checkShareLink", () => {
  const NOW = new Date("2026-07-15T12:00:00Z");
  const HOUR = 3_600_000;
  let db: Database;
  beforeEach(async () => {
    const temp = await openTempDatabase("share-check-test-");
    db = temp.db;
    return temp.close;
  });

  /** Who is looking is asked only when a check is recorded: these answers must not ask. */
  const nobodyAsked = () => Promise.reject(new Error("the viewer was looked up"));
  const check = (shareId: string) =>
    checkShareLink({ db, env: {} as never }, "https://id.example/verify/x", shareId, nobodyAsked, NOW);

  it("answers a link that is not a share's as invalid, without looking up who opened it", async () => {
    expect(await check("")).toEqual({ kind: "invalid" });
    expect(await check("not-a-share-id")).toEqual({ kind: "invalid" });
    expect(await check("A".repeat(22))).toEqual({ kind: "invalid" });
  });

  it("says a share has ended and nothing more, without checking the credential or looking up who opened it", async () => {
    const [me] = await db.insert(schema.users).values({ username: "me", passwordHash: "x" }).returning();
    const [credential] = await db.insert(schema.credentials).values(credentialRow(me!.id)).returning();
    const share = (id: string, extra: Partial<typeof schema.shares.$inferInsert>) => ({
      id,
      credentialId: credential!.id,
      userId: me!.id,
      purpose: "Credential verification",
      createdAt: new Date(NOW.getTime() - 2 * HOUR),
      expiresAt: new Date(NOW.getTime() + HOUR),
      ...extra,
    });
    await db
      .insert(schema.shares)
      .values([
        share("W".repeat(22), { revokedAt: new Date(NOW.getTime() - HOUR) }),
        share("E".repeat(22), { expiresAt: new Date(NOW.getTime() - HOUR) }),
      ]);
    expect(await check("W".repeat(22))).toEqual({ kind: "share-withdrawn" });
    expect(await check("E".repeat(22))).toEqual({ kind: "share-expired" });
    // An ended share's view is not counted.
    const rows = await db.select({ viewCount: schema.shares.viewCount }).from(schema.shares);
    expect(rows.map((r) => r.viewCount)).toEqual([0, 0]);
  });
});
