import { describe, expect, it } from "vitest";
import { errorFingerprint, normaliseMessage } from "./fingerprint.ts";

describe("error message normalisation", () => {
  it("masks the values an error carries", () => {
    expect(normaliseMessage("User 42 not found")).toBe("User <n> not found");
    expect(normaliseMessage("Share 3f2b1c4e-9a7d-4e21-8b6f-0c1d2e3f4a5b expired")).toBe("Share <uuid> expired");
    expect(normaliseMessage("Bad key deadbeefcafe1234 at 0x7ffe12")).toBe("Bad key <hex> at <hex>");
    expect(normaliseMessage(`Unknown field "nmae" in 'form'`)).toBe("Unknown field <value> in <value>");
    expect(normaliseMessage("No account for jane.doe+x@example.co.uk")).toBe("No account for <email>");
    expect(normaliseMessage("GET https://api.example/v1/users?id=7&token=abc failed")).toBe(
      "GET https://api.example/v<n>/users?<query> failed",
    );
    expect(normaliseMessage("  line\n\t break  ")).toBe("line break");
  });

  it("keeps plain words, even hex-looking ones without digits", () => {
    expect(normaliseMessage("Cannot read properties of undefined (reading 'facade')")).toBe(
      "Cannot read properties of undefined (reading <value>)",
    );
    expect(normaliseMessage("deadbeef failed")).toBe("deadbeef failed");
  });
});

describe("error fingerprint", () => {
  it("is the same for occurrences that differ only in their values", () => {
    const a = errorFingerprint(
      "TypeError",
      "wallet",
      "Credential 17 of user 3f2b1c4e-9a7d-4e21-8b6f-0c1d2e3f4a5b is missing",
    );
    const b = errorFingerprint(
      "TypeError",
      "wallet",
      "Credential 9001 of user 00000000-0000-4000-8000-000000000000 is missing",
    );
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
  });

  it("differs by error type, component and message", () => {
    const base = errorFingerprint("TypeError", "wallet", "x is undefined");
    expect(errorFingerprint("RangeError", "wallet", "x is undefined")).not.toBe(base);
    expect(errorFingerprint("TypeError", "shares", "x is undefined")).not.toBe(base);
    expect(errorFingerprint("TypeError", "wallet", "y is undefined")).not.toBe(base);
  });

  it("does not let fields run into each other", () => {
    expect(errorFingerprint("a b", "c", "d")).not.toBe(errorFingerprint("a", "b c", "d"));
  });

  it("is stable across releases (a known answer)", () => {
    expect(errorFingerprint("Error", "web", "boom")).toBe("927e38d02152067c8ddabdfc0946a6ce");
    expect(errorFingerprint("Error", "web", "boom 1")).toBe(errorFingerprint("Error", "web", "boom 2"));
  });
});
