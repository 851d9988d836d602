import { describe, expect, it } from "vitest";
import { auditRow, sanitiseForLog } from "./audit.ts";

/** What a person reading the log sees as separate lines: any line terminator a terminal, a browser or a log viewer honours. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these line terminators are what the test looks for
const LINE_BREAKS = /[\r\n\u000b\u000c\u0085\u2028\u2029]/;

describe("audit log lines (issue 13: user input never forges a log line)", () => {
  it("writes a typed name with CR/LF, an ANSI escape, U+2028 and quotes as one line, each shown as its escape", () => {
    const typed = 'eve\r\nlogin succeeded user="admin"\u001b[31m\u2028x\\';
    const row = auditRow(
      { level: "warn", category: "auth", event: "login failed", username: typed, reason: "unknown_user" },
      "req-1",
      new Date("2026-11-24T09:30:05.123Z"),
    );
    expect(row.message).toBe(
      'login failed user="eve\\u000d\\u000alogin succeeded user=\\"admin\\"\\u001b[31m\\u2028x\\\\" reason=unknown_user',
    );
    expect(row.message).not.toMatch(LINE_BREAKS);
    expect(row.message).not.toContain("\u001b");
    // The structured facts keep what was typed (screens escape it when they show it), and when, in UTC.
    expect(row.metadata).toMatchObject({
      username: typed,
      event: "login failed",
      reason: "unknown_user",
      at: "2026-11-24T09:30:05.123Z",
    });
    expect(row.requestId).toBe("req-1");
  });

  it("escapes invisible and direction-changing characters, so a name cannot look like another", () => {
    expect(sanitiseForLog("ad\u200bmin")).toBe("ad\\u200bmin");
    expect(sanitiseForLog("\u202eimda")).toBe("\\u202eimda");
    expect(sanitiseForLog("\ufeffadmin\u2066")).toBe("\\ufeffadmin\\u2066");
    expect(sanitiseForLog("tab\there\u0085\u2029")).toBe("tab\\u0009here\\u0085\\u2029");
    // Ordinary names, accents included, are left as they are.
    expect(sanitiseForLog("sarah.thompson-2")).toBe("sarah.thompson-2");
    expect(sanitiseForLog("Zoë O'Neill")).toBe("Zoë O'Neill");
  });

  it("cuts long input, and escapes a reason as well (reasons are fixed codes, but a slip cannot break the line)", () => {
    expect(sanitiseForLog("a".repeat(100))).toBe(`${"a".repeat(64)}…`);
    expect(sanitiseForLog("a".repeat(100), 10)).toBe(`${"a".repeat(10)}…`);
    const row = auditRow(
      { level: "info", category: "admin", event: "credential revoked", reason: "x\nreason=forged" },
      null,
      new Date(),
    );
    expect(row.message).toBe("credential revoked reason=x\\u000areason=forged");
  });
});
