import { addDecimal, DECIMAL_ZERO, formatDecimal, parseDecimal } from '../../catalog/decimal'
import { percentile } from '../../stats/percentile'
import type { CellResult, EvalRun } from './eval-run-types'

/** The footer of a target's column: pass rate, latency percentiles, points, speed. */
export type TargetTotals = {
  targetId: string
  cells: number
  passed: number
  failed: number
  /** passed / cells, 0..1; 0 for no cells. */
  passRate: number
  /** Nearest-rank percentiles of total time and time to first token, over cells that have them. */
  p50TotalMs?: number
  p95TotalMs?: number
  p50TtftMs?: number
  p95TtftMs?: number
  /** Mean tokens/s of the cells that measured one. */
  meanTokensPerSecond?: number
  /** Exact sum of the cells' points. */
  points: string
  /** Cells without points (no usage reported): the sum leaves them out. */
  cellsWithoutPoints: number
  /** Reasoning tokens of all cells (counted from the thinking text where the server gave none). */
  reasoningTokens: number
  /** Input tokens read from the provider's prompt cache, over all cells. */
  cacheReadTokens: number
}

function numbers(cells: readonly CellResult[], pick: (c: CellResult) => number | undefined): number[] {
  return cells.flatMap((c) => {
    const v = pick(c)
    return v === undefined ? [] : [v]
  })
}

export function totalsForTarget(run: Pick<EvalRun, 'cells'>, targetId: string): TargetTotals {
  const cells = run.cells.filter((c) => c.targetId === targetId)
  const passed = cells.filter((c) => c.passed).length
  const total = numbers(cells, (c) => c.totalMs)
  const ttft = numbers(cells, (c) => c.ttftMs)
  const speeds = numbers(cells, (c) => c.tokensPerSecond)
  let points = DECIMAL_ZERO
  let cellsWithoutPoints = 0
  let reasoningTokens = 0
  let cacheReadTokens = 0
  for (const cell of cells) {
    if (cell.points === undefined) cellsWithoutPoints++
    else points = addDecimal(points, parseDecimal(cell.points))
    reasoningTokens += cell.reasoningTokens ?? cell.usage?.reasoningTokens ?? 0
    cacheReadTokens += cell.usage?.cacheReadTokens ?? 0
  }
  const totals: TargetTotals = {
    targetId,
    cells: cells.length,
    passed,
    failed: cells.length - passed,
    passRate: cells.length === 0 ? 0 : passed / cells.length,
    points: formatDecimal(points),
    cellsWithoutPoints,
    reasoningTokens,
    cacheReadTokens,
  }
  const set = (key: keyof TargetTotals, value: number | undefined) => {
    if (value !== undefined) (totals as Record<string, unknown>)[key] = value
  }
  set('p50TotalMs', percentile(total, 50))
  set('p95TotalMs', percentile(total, 95))
  set('p50TtftMs', percentile(ttft, 50))
  set('p95TtftMs', percentile(ttft, 95))
  set(
    'meanTokensPerSecond',
    speeds.length === 0 ? undefined : speeds.reduce((a, b) => a + b, 0) / speeds.length,
  )
  return totals
}

/** Totals of every target of the run, in the run's target order. */
export function runTotals(run: Pick<EvalRun, 'cells' | 'targets'>): TargetTotals[] {
  return run.targets.map((target) => totalsForTarget(run, target.id))
}
