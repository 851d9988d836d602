import { describe, expect, it } from "vitest";
import { addHistogram, bucketOf, emptyHistogram, estimateQuantile, HISTOGRAM_SIZE } from "./histogram.ts";

const histogramOf = (values: number[]) => {
  const h = emptyHistogram();
  for (const v of values) h[bucketOf(v)]!++;
  return h;
};

describe("response-time histogram", () => {
  it("puts values in buckets by their exclusive upper bounds", () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(4)).toBe(0);
    expect(bucketOf(5)).toBe(1);
    expect(bucketOf(999)).toBe(12);
    expect(bucketOf(1000)).toBe(13);
    expect(bucketOf(60_000)).toBe(HISTOGRAM_SIZE - 1);
  });

  it("estimates percentiles by interpolating inside the bucket", () => {
    // 100 values: 50 in [50, 75), 45 in [100, 150), 5 in [1000, 1500).
    const h = histogramOf([...Array(50).fill(60), ...Array(45).fill(120), ...Array(5).fill(1200)]);
    expect(estimateQuantile(h, 0.5)).toBe(75);
    // Rank 95 is the last of the 45 in [100, 150).
    expect(estimateQuantile(h, 0.95)).toBe(150);
    expect(estimateQuantile(h, 0.99)).toBe(1400);
  });

  it("adds hours together, and has no percentile without values", () => {
    const sum = addHistogram(histogramOf([1, 2]), histogramOf([20_000]));
    expect(sum.reduce((a, b) => a + b, 0)).toBe(3);
    expect(estimateQuantile(sum, 0.95)).toBe(10_000);
    expect(estimateQuantile(emptyHistogram(), 0.5)).toBeNull();
    expect(addHistogram(emptyHistogram(), null)).toEqual(emptyHistogram());
  });
});
