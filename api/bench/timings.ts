// What the api's benches report of their timed runs (documents.ts, qr.ts).

/** The `p`th percentile (nearest rank) of timings sorted in ascending order. */
function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Milliseconds rounded to `decimals` places, for the printed figures. */
export const roundMs = (ms: number, decimals: number) => Math.round(ms * 10 ** decimals) / 10 ** decimals;

/**
 * The percentiles and the maximum of `times` (ms, rounded to `decimals` places), and whether the 99th percentile (not
 * rounded) is within `targetMs`.
 */
export function timingSummary(times: number[], targetMs: number, decimals: number) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: roundMs(percentile(sorted, 50), decimals),
    p95Ms: roundMs(percentile(sorted, 95), decimals),
    p99Ms: roundMs(percentile(sorted, 99), decimals),
    maxMs: roundMs(sorted[sorted.length - 1] ?? Number.NaN, decimals),
    targetMs,
    withinTarget: percentile(sorted, 99) <= targetMs,
  };
}
