import { totalsForTarget } from '../run/run-totals'
import { rateWithInterval, type RateWithInterval } from './pass-rate-chart'
import type { RunCells } from './run-cells'
import { targetName } from './target-name'

export type PointsAgainstPassRate = {
  targetId: string
  name: string
  /** The exact sum of the target's points, and as a number for the axis; absent when no cell had points. */
  points?: { exact: string; value: number }
  /** Cells whose usage was not reported: the sum leaves them out. */
  cellsWithoutPoints: number
  passRate: RateWithInterval
  /** No other target passes at least as often for at most as many points (and better in one). */
  onFrontier: boolean
}

/** Points spent against pass rate per target: the cost/quality frontier. */
export function pointsAgainstPassRate(run: RunCells): PointsAgainstPassRate[] {
  const entries = run.targets.map((target): PointsAgainstPassRate => {
    const totals = totalsForTarget(run, target.id)
    const entry: PointsAgainstPassRate = {
      targetId: target.id,
      name: targetName(target),
      cellsWithoutPoints: totals.cellsWithoutPoints,
      passRate: rateWithInterval(totals.passed, totals.cells),
      onFrontier: false,
    }
    if (totals.cells > totals.cellsWithoutPoints)
      entry.points = { exact: totals.points, value: Number(totals.points) }
    return entry
  })
  for (const entry of entries) {
    const points = entry.points?.value
    if (points === undefined) continue
    entry.onFrontier = !entries.some((other) => {
      const otherPoints = other.points?.value
      if (other === entry || otherPoints === undefined) return false
      const asGood = otherPoints <= points && other.passRate.rate >= entry.passRate.rate
      return asGood && (otherPoints < points || other.passRate.rate > entry.passRate.rate)
    })
  }
  return entries
}
