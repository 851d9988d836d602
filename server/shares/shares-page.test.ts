import { describe, expect, it } from "vitest";
import type { ShareRecord, ShareStatus } from "./shares.ts";
import { shareCards } from "./shares-page.ts";

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
