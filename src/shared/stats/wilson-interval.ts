/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054

export type Interval = { low: number; high: number }

/**
 * The Wilson score interval of a pass rate: `passed` of `total` trials, 95% by default. Unlike the
 * normal approximation it stays inside 0..1 and is not empty at 0 or all passed, which is where small
 * test sets live. No trials: nothing is known, 0..1.
 */
export function wilsonInterval(passed: number, total: number, z = Z95): Interval {
  if (total <= 0) return { low: 0, high: 1 }
  const p = passed / total
  const z2 = z * z
  const denominator = 1 + z2 / total
  const center = (p + z2 / (2 * total)) / denominator
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) }
}
