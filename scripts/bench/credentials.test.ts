import { describe, expect, it } from "vitest";
import { measure, percentile, summarize } from "./credentials.ts";

describe("bench statistics", () => {
  it("uses the nearest rank", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(() => percentile([], 50)).toThrow();
    expect(() => percentile([1], 0)).toThrow();
  });

  it("summarizes unsorted samples without reordering them", () => {
    const samples = [5, 1, 4, 2, 3, 20, 6, 8, 7, 9];
    expect(summarize(samples)).toEqual({ count: 10, medianMs: 5, p95Ms: 20 });
    expect(samples[0]).toBe(5);
  });
});

describe("measure", () => {
  it("leaves the warm-up out and times each call against the measured window", async () => {
    // A fake clock: each call takes 10 ms.
    let clock = 0;
    const calls: number[] = [];
    const result = await measure(
      async (call) => {
        calls.push(call);
        clock += 10;
      },
      { seconds: 0.1, warmupSeconds: 0.05, now: () => clock },
    );
    expect(calls.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(result.ops).toBe(10);
    expect(calls.length).toBe(15);
    expect(result.seconds).toBeCloseTo(0.1);
    expect(result.opsPerSecond).toBeCloseTo(100);
    expect(result.medianMs).toBe(10);
    expect(result.p95Ms).toBe(10);
  });

  it("stops at the first failing call", async () => {
    await expect(
      measure(
        async (call) => {
          if (call === 3) throw new Error("broken");
        },
        { seconds: 0.01, warmupSeconds: 0.01 },
      ),
    ).rejects.toThrow("broken");
  });
});
