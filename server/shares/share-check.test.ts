import { describe, expect, it } from "vitest";
import { outcomeOf, reasonInWords } from "./share-check.ts";

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
