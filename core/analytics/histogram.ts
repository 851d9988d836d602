/**
 * Response times are rolled up per hour as counts over fixed buckets (analytics_rollups.histogram),
 * so p50 and p95 can be estimated over any span of hours by adding the counts, as Prometheus'
 * histograms do: exact percentiles would need every raw value kept.
 */

/** Upper bounds (exclusive, ms) of the buckets; one more bucket holds everything from the last bound up. */
export const RESPONSE_TIME_BOUNDS = [
  5, 10, 25, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000,
] as const;
export const HISTOGRAM_SIZE = RESPONSE_TIME_BOUNDS.length + 1;

export const emptyHistogram = (): number[] => new Array<number>(HISTOGRAM_SIZE).fill(0);

/** The bucket a value falls in. */
export function bucketOf(ms: number): number {
  const i = RESPONSE_TIME_BOUNDS.findIndex((bound) => ms < bound);
  return i === -1 ? RESPONSE_TIME_BOUNDS.length : i;
}

/** Adds `b` into `a` (same length), returning `a`. */
export function addHistogram(a: number[], b: readonly number[] | null | undefined): number[] {
  if (!b) return a;
  for (let i = 0; i < HISTOGRAM_SIZE; i++) a[i]! += b[i] ?? 0;
  return a;
}

/**
 * The `q` quantile (0 < q < 1) estimated from bucket counts: the bucket where the cumulative count
 * reaches q of the total, interpolated linearly inside it; the open top bucket answers its lower
 * bound. Whole ms; null with no values.
 */
export function estimateQuantile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    const n = histogram[i] ?? 0;
    if (n > 0 && seen + n >= rank) {
      const lower = i === 0 ? 0 : RESPONSE_TIME_BOUNDS[i - 1]!;
      const upper = RESPONSE_TIME_BOUNDS[i];
      if (upper === undefined) return lower;
      return Math.round(lower + ((rank - seen) / n) * (upper - lower));
    }
    seen += n;
  }
  return RESPONSE_TIME_BOUNDS[RESPONSE_TIME_BOUNDS.length - 1]!;
}
