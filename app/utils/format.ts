/** Display formats shared by the server's status rows and the browser's cards (no I/O: runs in both). */

/** A percentage with one decimal, or "No data" when there was nothing to measure. */
export function formatPercent(value: number | null): string {
  return value === null ? "No data" : `${value.toFixed(1)}%`;
}
