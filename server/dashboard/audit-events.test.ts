import { describe, expect, it } from "vitest";
import { type AuditEvent, auditRow } from "#server/observability/audit.ts";
import { type AuditRow, describeAuditEvent } from "./audit-events.ts";

/** A row as audit() writes it, and the name of the account it is about when one exists. */
const row = (event: Partial<AuditEvent> & Pick<AuditEvent, "event">, username: string | null = "sarah"): AuditRow => {
  const written = auditRow(
    { level: "info", category: "auth", username: username ?? undefined, ...event },
    null,
    new Date(),
  );
  return { level: written.level, category: written.category, metadata: written.metadata ?? null, username };
};

describe("audit rows as people read them", () => {
  it("tells a person about their own account in their own terms, without their name", () => {
    const said = ["account registered", "login succeeded", "logout"].map(
      (event) => describeAuditEvent(row({ event }), "self").title,
    );
    expect(said).toEqual(["Account created", "Signed in", "Signed out"]);
  });

  it("names the account for an administrator, and says why a sign-in was refused", () => {
    expect(describeAuditEvent(row({ event: "login failed", level: "warn", reason: "bad_password" }), "admin")).toEqual({
      title: "Failed sign-in: sarah",
      detail: "Wrong password",
      tone: "warn",
    });
  });

  it("names the typed name when no account has it, exactly as typed (no log-line escaping)", () => {
    const typed = row({ event: "login failed", level: "warn", username: 'eve"\nadmin', reason: "unknown_user" }, null);
    expect(describeAuditEvent(typed, "admin")).toEqual({
      title: 'Failed sign-in: eve"\nadmin',
      detail: "No account has this username",
      tone: "warn",
    });
  });

  it("reads an event added later by its own words, toned by the log level", () => {
    expect(
      describeAuditEvent({ ...row({ event: "password changed", level: "warn" }), category: "accounts" }, "admin"),
    ).toEqual({
      title: "Password changed",
      detail: "Accounts",
      tone: "warn",
    });
  });

  it("tells a person about their own account in their language, the English kept for English (issue 21)", () => {
    const welsh = (event: Partial<AuditEvent> & Pick<AuditEvent, "event">) =>
      describeAuditEvent(row(event), "self", "cy");
    expect(welsh({ event: "login succeeded" })).toEqual({
      title: "Wedi mewngofnodi",
      detail: "Gydag enw defnyddiwr a chyfrinair",
      tone: "ok",
    });
    expect(welsh({ event: "login failed", level: "warn", reason: "throttled" }).detail).toBe(
      "Gormod o ymdrechion: wedi'i oedi am ychydig",
    );
    expect(welsh({ event: "passkey sign-in succeeded" }).title).toBe("Wedi mewngofnodi gydag allwedd mynediad");
    expect(describeAuditEvent(row({ event: "passkey sign-in succeeded" }), "self").title).toBe(
      "Passkey sign-in succeeded",
    );
    // An event this file does not know: a title in Welsh, not the log's English name.
    expect(welsh({ event: "something new" })).toMatchObject({ title: "Gweithgarwch y cyfrif", detail: "" });
  });
});
