/** Small statistics for benchmark figures (no timing is ever asserted: these are for the record). */
import { percentile as nearestRank } from '@shared/stats/percentile'

/** The shared nearest-rank percentile, as a number for tables: NaN where there are no samples. */
export function percentile(values: readonly number[], p: number): number {
  return nearestRank(values, p) ?? NaN
}

export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

/** Prints rows as an aligned text table. */
export function formatTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n')
}
