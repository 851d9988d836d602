import { describe, expect, it } from "vitest";
import { formatAttributeValue, formatDate, formatDateTime, formatDateTimeSeconds, relativeTime } from "./format.ts";

describe("wallet dates (spec 000 §3: day, short month, year in en-GB)", () => {
  it("formats dates in UK time", () => {
    expect(formatDate("2026-04-12T09:30:00Z")).toBe("12 Apr 2026");
    // 23:30 UTC on 31 March is 00:30 on 1 April in London (BST).
    expect(formatDate("2026-03-31T23:30:00Z")).toBe("1 Apr 2026");
    expect(formatDateTime("2026-04-12T09:30:00Z")).toBe("12 Apr 2026, 10:30");
    // A log line's time (the analytics dashboard) to the second; in winter UK time is UTC.
    expect(formatDateTimeSeconds("2026-11-24T20:05:07Z")).toBe("24 Nov 2026, 20:05:07");
  });

  it("says how long ago, against the moment the data was read", () => {
    const now = "2026-04-12T12:00:00Z";
    expect(relativeTime("2026-04-12T11:59:30Z", now)).toBe("just now");
    expect(relativeTime("2026-04-12T11:59:00Z", now)).toBe("1 minute ago");
    expect(relativeTime("2026-04-12T11:15:00Z", now)).toBe("45 minutes ago");
    expect(relativeTime("2026-04-12T09:00:00Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-04-11T11:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-04-08T12:00:00Z", now)).toBe("4 days ago");
    expect(relativeTime("2026-03-01T12:00:00Z", now)).toBe("1 Mar 2026");
  });
});

describe("credential attribute values", () => {
  it("reads as a person would", () => {
    expect(formatAttributeValue(true)).toBe("Yes");
    expect(formatAttributeValue(false)).toBe("No");
    expect(formatAttributeValue("1990-04-12")).toBe("12 Apr 1990");
    expect(formatAttributeValue(["B", "AM"])).toBe("B, AM");
    expect(formatAttributeValue(3)).toBe("3");
    expect(formatAttributeValue("None")).toBe("None");
    expect(formatAttributeValue(null)).toBe("Not recorded");
  });
});
