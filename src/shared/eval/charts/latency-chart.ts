import { percentile } from '../../stats/percentile'
import { cellsByTarget, type RunCells } from './run-cells'
import { targetName } from './target-name'

export type LatencyField = 'ttftMs' | 'totalMs'

export type TargetLatency = {
  targetId: string
  name: string
  /** The cells' times, ascending (cells without the figure left out). */
  sorted: number[]
  /** Nearest-rank, as the totals table. */
  p50?: number
  p95?: number
}

/** Each target's time to first token or total time, sorted for an ECDF, with p50 and p95. */
export function latencyDistributions(run: RunCells, field: LatencyField): TargetLatency[] {
  const groups = cellsByTarget(run)
  return run.targets.map((target) => {
    const sorted = (groups.get(target.id) ?? [])
      .flatMap((cell) => (cell[field] === undefined ? [] : [cell[field]]))
      .sort((a, b) => a - b)
    const entry: TargetLatency = { targetId: target.id, name: targetName(target), sorted }
    const p50 = percentile(sorted, 50)
    const p95 = percentile(sorted, 95)
    if (p50 !== undefined) entry.p50 = p50
    if (p95 !== undefined) entry.p95 = p95
    return entry
  })
}

/**
 * ECDFs of several samples on one shared, ascending x axis (what a line chart with one x per point
 * needs): at each x, the fraction of each sample at or below it. A sample with no values is null
 * throughout.
 */
export function mergedEcdf(samples: readonly (readonly number[])[]): {
  x: number[]
  y: Array<Array<number | null>>
} {
  const x = [...new Set(samples.flat())].sort((a, b) => a - b)
  const y = samples.map((sorted) => {
    if (sorted.length === 0) return x.map(() => null)
    let below = 0
    return x.map((value) => {
      while (below < sorted.length && (sorted[below] as number) <= value) below++
      return below / sorted.length
    })
  })
  return { x, y }
}
