import { describe, expect, it } from "vitest";
import { AuditQuery, encodeAuditCursor, isoUtcSeconds } from "./audit.ts";

const firstMessage = (query: Record<string, string>) => {
  const parsed = AuditQuery.safeParse(query);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("the security audit query (issue 13)", () => {
  it("takes a category, an event, a person, a UTC range, a limit and a cursor it gave", () => {
    const cursor = encodeAuditCursor({ at: 1_795_000_000_000, id: "assisted:4f0e0c8e-0b7e-4b3e-9a55-6d3f7a3c2b10:3" });
    expect(
      AuditQuery.parse({
        category: "auth",
        event: " login failed ",
        username: "eve",
        from: "2026-11-24T09:00Z",
        to: "2026-11-24T10:00:00.000Z",
        limit: "10",
        cursor,
      }),
    ).toEqual({
      category: "auth",
      event: "login failed",
      username: "eve",
      from: new Date("2026-11-24T09:00:00Z"),
      to: new Date("2026-11-24T10:00:00Z"),
      limit: 10,
      cursor: { at: 1_795_000_000_000, id: "assisted:4f0e0c8e-0b7e-4b3e-9a55-6d3f7a3c2b10:3" },
    });
    expect(AuditQuery.parse({})).toEqual({ limit: 50 });
  });

  it("refuses what it cannot read, saying what is wrong", () => {
    expect(firstMessage({ category: "network" })).toMatch(/^Invalid enum value\. Expected 'auth' \| 'authz'/);
    expect(firstMessage({ from: "2026-11-24T09:00:00+01:00" })).toBe(
      "from must be a UTC time in ISO 8601, e.g. 2026-11-24T09:30:00Z",
    );
    expect(firstMessage({ to: "yesterday" })).toBe("to must be a UTC time in ISO 8601, e.g. 2026-11-24T09:30:00Z");
    expect(firstMessage({ from: "2026-11-24T10:00:00Z", to: "2026-11-24T09:00:00Z" })).toBe(
      "from must not be after to",
    );
    expect(firstMessage({ userId: "admin" })).toBe("userId must be a UUID");
    expect(firstMessage({ event: "x".repeat(65) })).toBe("event must be at most 64 characters");
    expect(firstMessage({ username: "   " })).toBe("username must not be empty");
    expect(firstMessage({ cursor: "bm90LWEtY3Vyc29y" })).toBe(
      "cursor is not one this list gave: use nextCursor from the previous page",
    );
    expect(firstMessage({ cursor: "%%%" })).toBe(
      "cursor is not one this list gave: use nextCursor from the previous page",
    );
    expect(firstMessage({ limit: "0" })).toBe("limit must be at least 1");
    expect(firstMessage({ offset: "5" })).toBe("Unrecognized key(s) in object: 'offset'");
  });

  it("shows an instant as ISO 8601 in UTC to the second", () => {
    expect(isoUtcSeconds("2026-11-24T09:30:05.987Z")).toBe("2026-11-24T09:30:05Z");
    expect(isoUtcSeconds("2026-06-01T00:00:00.000+01:00")).toBe("2026-05-31T23:00:00Z");
  });
});
