/**
 * Nearest-rank percentile (p in 0..100): the smallest sample that at least p% of the samples are at
 * or below, always one of the samples; undefined for none. The one definition for the evaluation
 * grid's p50/p95 and the benchmarks' figures, so a p95 means the same thing everywhere.
 */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1]
}
