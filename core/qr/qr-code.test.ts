import { describe, expect, it } from "vitest";
import { qrRuns } from "./qr-code.ts";

describe("qrRuns", () => {
  it("gives the dark modules as runs inside a 4-module quiet zone", () => {
    // A short text fits a version 1 code: 21 modules, 29 with the quiet zone.
    const { extent, runs } = qrRuns("HELLO");
    expect(extent).toBe(29);
    // The top-left finder pattern starts every code: a run of 7 at the quiet zone's corner,
    // with the top-right finder's run of 7 on the same row.
    const firstRow = runs.filter((r) => r.y === 4);
    expect(firstRow[0]).toEqual({ x: 4, y: 4, length: 7 });
    expect(firstRow.at(-1)).toEqual({ x: 18, y: 4, length: 7 });
    for (const run of runs) {
      expect(run.x).toBeGreaterThanOrEqual(4);
      expect(run.x + run.length).toBeLessThanOrEqual(extent - 4);
      expect(run.y).toBeGreaterThanOrEqual(4);
      expect(run.y).toBeLessThan(extent - 4);
    }
  });

  it("grows with what it encodes, and is the same for the same text", () => {
    const link = `https://identity.example/verify/${"A".repeat(22)}`;
    // 54 characters at level M need version 4: 33 modules, 41 with the quiet zone.
    expect(qrRuns(link).extent).toBe(41);
    expect(qrRuns(link)).toEqual(qrRuns(link));
  });
});
