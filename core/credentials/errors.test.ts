import { describe, expect, it } from "vitest";
import {
  CREDENTIAL_ERROR_CODES,
  CREDENTIAL_ERROR_MESSAGES,
  CredentialError,
  failure,
  failureFromError,
} from "./errors.ts";

describe("CredentialError", () => {
  it("has a readable message for every code, and codes equal their keys", () => {
    expect(CREDENTIAL_ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of CREDENTIAL_ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(CREDENTIAL_ERROR_MESSAGES[code].length).toBeGreaterThan(10);
    }
  });

  it("carries its code and a message prefixed by it (stable for log searches)", () => {
    const error = new CredentialError("KB_NONCE_REUSED", "detail");
    expect(error.code).toBe("KB_NONCE_REUSED");
    expect(error.message).toBe(`KB_NONCE_REUSED: ${CREDENTIAL_ERROR_MESSAGES.KB_NONCE_REUSED} (detail)`);
    expect(error).toBeInstanceOf(Error);
  });

  it("says 'unknown' and not 'revoked' when status is unavailable", () => {
    expect(CREDENTIAL_ERROR_MESSAGES.STATUS_UNKNOWN).toMatch(/unknown/i);
    expect(CREDENTIAL_ERROR_MESSAGES.STATUS_UNKNOWN).not.toMatch(/revoked/i);
  });

  it("turns anything thrown into a fail-closed result without leaking the foreign error", () => {
    expect(failureFromError(new CredentialError("EXPIRED"))).toEqual(failure("EXPIRED"));
    expect(failureFromError(new TypeError("boom <script>"))).toEqual({
      valid: false,
      code: "VERIFICATION_FAILED",
      message: CREDENTIAL_ERROR_MESSAGES.VERIFICATION_FAILED,
    });
  });
});
