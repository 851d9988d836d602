import { describe, expect, it } from "vitest";
import { startOfUkDay, ukDate } from "./uk-time.ts";

describe("startOfUkDay", () => {
  it("is midnight London time, in summer (BST) and in winter (GMT)", () => {
    expect(startOfUkDay(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(startOfUkDay(new Date("2026-01-15T12:00:00Z")).toISOString()).toBe("2026-01-15T00:00:00.000Z");
    // Just after midnight BST is still "today" in London although UTC is the day before.
    expect(startOfUkDay(new Date("2026-07-14T23:30:00Z")).toISOString()).toBe("2026-07-14T23:00:00.000Z");
  });

  it("uses the offset in force at midnight on the days the clocks change", () => {
    // 29 March 2026: clocks go forward at 01:00 GMT; midnight was still GMT.
    expect(startOfUkDay(new Date("2026-03-29T15:00:00Z")).toISOString()).toBe("2026-03-29T00:00:00.000Z");
    // 25 October 2026: clocks go back at 01:00 GMT; midnight was still BST.
    expect(startOfUkDay(new Date("2026-10-25T15:00:00Z")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });
});

describe("ukDate", () => {
  it("is the date on a London calendar", () => {
    expect(ukDate(new Date("2026-07-14T23:30:00Z"))).toBe("2026-07-15");
    expect(ukDate(new Date("2026-01-15T23:30:00Z"))).toBe("2026-01-15");
    expect(ukDate(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
  });
});
