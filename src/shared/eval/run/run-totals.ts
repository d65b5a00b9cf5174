import { addDecimal, DECIMAL_ZERO, formatDecimal, parseDecimal, type Decimal } from '../../catalog/decimal'
import { percentile } from '../../stats/percentile'
import type { CellResult, EvalTarget } from './eval-run-types'

/** The footer of a target's column: pass rate, latency percentiles, points, speed, reviews. */
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
  /** Cells a person marked pass or fail by hand: counted apart, they never change `passed`. */
  reviewedPass: number
  reviewedFail: number
}

type Tally = {
  cells: number
  passed: number
  totalMs: number[]
  ttftMs: number[]
  speedSum: number
  speeds: number
  points: Decimal
  cellsWithoutPoints: number
  reviewedPass: number
  reviewedFail: number
  reasoningTokens: number
  cacheReadTokens: number
}

type TotalsAccumulator = {
  /** Counts one cell (a cell of a target the run does not have is ignored). */
  add(cell: CellResult): void
  /** The totals so far, in the run's target order. */
  totals(): TargetTotals[]
}

/**
 * Totals built one cell at a time, holding only numbers: the CLI sums a 20,000-cell run as the
 * cells stream past from its journal, without holding them.
 */
export function createTotalsAccumulator(targets: ReadonlyArray<Pick<EvalTarget, 'id'>>): TotalsAccumulator {
  const tallies = new Map<string, Tally>(
    targets.map((t) => [
      t.id,
      {
        cells: 0,
        passed: 0,
        totalMs: [],
        ttftMs: [],
        speedSum: 0,
        speeds: 0,
        points: DECIMAL_ZERO,
        cellsWithoutPoints: 0,
        reviewedPass: 0,
        reviewedFail: 0,
        reasoningTokens: 0,
        cacheReadTokens: 0,
      },
    ]),
  )
  return {
    add(cell) {
      const tally = tallies.get(cell.targetId)
      if (tally === undefined) return
      tally.cells++
      if (cell.passed) tally.passed++
      if (cell.totalMs !== undefined) tally.totalMs.push(cell.totalMs)
      if (cell.ttftMs !== undefined) tally.ttftMs.push(cell.ttftMs)
      if (cell.tokensPerSecond !== undefined) {
        tally.speedSum += cell.tokensPerSecond
        tally.speeds++
      }
      if (cell.points === undefined) tally.cellsWithoutPoints++
      else tally.points = addDecimal(tally.points, parseDecimal(cell.points))
      if (cell.review?.verdict === 'pass') tally.reviewedPass++
      if (cell.review?.verdict === 'fail') tally.reviewedFail++
      tally.reasoningTokens += cell.reasoningTokens ?? cell.usage?.reasoningTokens ?? 0
      tally.cacheReadTokens += cell.usage?.cacheReadTokens ?? 0
    },
    totals: () => [...tallies].map(([targetId, tally]) => totalsOf(targetId, tally)),
  }
}

function totalsOf(targetId: string, tally: Tally): TargetTotals {
  const totals: TargetTotals = {
    targetId,
    cells: tally.cells,
    passed: tally.passed,
    failed: tally.cells - tally.passed,
    passRate: tally.cells === 0 ? 0 : tally.passed / tally.cells,
    points: formatDecimal(tally.points),
    cellsWithoutPoints: tally.cellsWithoutPoints,
    reviewedPass: tally.reviewedPass,
    reviewedFail: tally.reviewedFail,
    reasoningTokens: tally.reasoningTokens,
    cacheReadTokens: tally.cacheReadTokens,
  }
  const set = (key: keyof TargetTotals, value: number | undefined) => {
    if (value !== undefined) (totals as Record<string, unknown>)[key] = value
  }
  set('p50TotalMs', percentile(tally.totalMs, 50))
  set('p95TotalMs', percentile(tally.totalMs, 95))
  set('p50TtftMs', percentile(tally.ttftMs, 50))
  set('p95TtftMs', percentile(tally.ttftMs, 95))
  set('meanTokensPerSecond', tally.speeds === 0 ? undefined : tally.speedSum / tally.speeds)
  return totals
}

export function totalsForTarget(run: { cells: readonly CellResult[] }, targetId: string): TargetTotals {
  return runTotals({ cells: run.cells, targets: [{ id: targetId }] })[0] as TargetTotals
}

/** Totals of every target of the run, in the run's target order. */
export function runTotals(run: {
  cells: readonly CellResult[]
  targets: ReadonlyArray<Pick<EvalTarget, 'id'>>
}): TargetTotals[] {
  const accumulator = createTotalsAccumulator(run.targets)
  for (const cell of run.cells) accumulator.add(cell)
  return accumulator.totals()
}
