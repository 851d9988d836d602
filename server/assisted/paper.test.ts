import { describe, expect, it } from "vitest";
import { type AssistedSession, newSession } from "#core/assisted/session.ts";
import { PRINT_WINDOW_MS, printRefusal } from "./paper.ts";
import type { Staff } from "./sessions.ts";

/** Who may print a session's paper credentials, and until when (issue 20), on a clock of the test's own. */

const ISSUED_AT = Date.parse("2026-11-20T10:00:00Z");
const operator = { id: "00000000-0000-4000-8000-000000000001", name: "Olive Operator" };
const issuer = { id: "00000000-0000-4000-8000-000000000002", name: "Ivan Issuer" };

function issuedOnPaper(): AssistedSession {
  const session = newSession({
    id: "00000000-0000-4000-8000-0000000000aa",
    officeId: "00000000-0000-4000-8000-0000000000bb",
    operator,
    now: new Date(ISSUED_AT - 60 * 60_000),
    clientName: "Client",
    assistanceType: "Digital Identity Setup",
    status: "active",
    currentStep: 1,
    totalSteps: 5,
    requiresDualControl: false,
  } as Parameters<typeof newSession>[0]);
  return {
    ...session,
    issuance: {
      credentialTypes: ["rtw"],
      delivery: "paper",
      paperCredentialIds: ["00000000-0000-4000-8000-0000000000cc"],
      by: issuer,
      at: new Date(ISSUED_AT).toISOString(),
    },
  };
}

const staff = (person: { id: string; name: string }, supervisor = false): Staff => ({
  person,
  role: "operator",
  officeId: "00000000-0000-4000-8000-0000000000bb",
  supervisor,
  title: supervisor ? "Supervisor" : "Support Operator",
  authorisationLevel: supervisor ? 3 : 2,
});

describe("printRefusal", () => {
  it("lets the session's operator, its issuer and a supervisor print; another operator of the office may not", () => {
    const session = issuedOnPaper();
    const at = new Date(ISSUED_AT + 60_000);
    expect(printRefusal(session, staff(operator), at)).toBeNull();
    expect(printRefusal(session, staff(issuer), at)).toBeNull();
    expect(
      printRefusal(session, staff({ id: "00000000-0000-4000-8000-000000000003", name: "Sue" }, true), at),
    ).toBeNull();
    expect(
      printRefusal(session, staff({ id: "00000000-0000-4000-8000-000000000004", name: "Colin" }), at),
    ).toMatchObject({ status: 403, code: "NOT_SESSION_OPERATOR" });
  });

  it("refuses everyone once 24 hours have passed since the credentials were issued", () => {
    const session = issuedOnPaper();
    expect(PRINT_WINDOW_MS).toBe(24 * 60 * 60 * 1000);
    expect(printRefusal(session, staff(operator), new Date(ISSUED_AT + PRINT_WINDOW_MS))).toBeNull();
    for (const who of [staff(operator), staff(issuer, true)])
      expect(printRefusal(session, who, new Date(ISSUED_AT + PRINT_WINDOW_MS + 1))).toMatchObject({
        status: 403,
        code: "PRINT_WINDOW_ENDED",
      });
  });
});
