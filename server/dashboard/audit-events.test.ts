import { describe, expect, it } from "vitest";
import { describeAuditEvent, type AuditRow } from "./audit-events.ts";

const row = (event: string, extra: Partial<AuditRow> = {}): AuditRow => ({
  level: "info",
  category: "auth",
  message: `${event} user="sarah"`,
  metadata: { event, reason: null },
  username: "sarah",
  ...extra,
});

describe("audit rows as people read them", () => {
  it("tells a person about their own account in their own terms, without their name", () => {
    const said = ["account registered", "login succeeded", "logout"].map((event) => describeAuditEvent(row(event), "self").title);
    expect(said).toEqual(["Account created", "Signed in", "Signed out"]);
  });

  it("names the account for an administrator, and says why a sign-in was refused", () => {
    expect(describeAuditEvent(row("login failed", { metadata: { event: "login failed", reason: "bad_password" } }), "admin")).toEqual({
      title: "Failed sign-in: sarah",
      detail: "Wrong password",
      tone: "warn",
    });
  });

  it("takes the typed name from the quoted, escaped log line when no account has it", () => {
    const typed = row("login failed", { username: null, message: 'login failed user="eve\\\\u000aadmin" reason=unknown_user' });
    expect(describeAuditEvent(typed, "admin").title).toBe("Failed sign-in: eve\\u000aadmin");
  });

  it("reads an event added later by its own words, toned by the log level", () => {
    expect(describeAuditEvent(row("password changed", { level: "warn", category: "accounts" }), "admin")).toEqual({
      title: "Password changed",
      detail: "Accounts",
      tone: "warn",
    });
  });
});
