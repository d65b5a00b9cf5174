import { cellKey, type CellResult } from './eval-run-types'

type CellChange = {
  caseId: string
  targetId: string
  before: CellResult
  after: CellResult
}

/** How a run differs from an earlier one, cell by cell (matched by case id and target id). */
export type RunComparison = {
  /** Passed before, fails now: what a change broke. */
  regressions: CellChange[]
  /** Failed before, passes now. */
  fixes: CellChange[]
  /** Same verdict both times. */
  unchanged: number
  /** Cells of this run that the earlier one did not have (new cases or targets). */
  added: number
  /** Cells of the earlier run that this one does not have. */
  removed: number
}

type ComparisonAccumulator = {
  /** Compares one cell of the current run with its counterpart in the earlier one. */
  add(after: CellResult): void
  comparison(): RunComparison
}

/** A comparison built as the current run's cells stream past (the CLI reads them from its journal). */
export function createComparison(previous: { cells: readonly CellResult[] }): ComparisonAccumulator {
  const before = new Map(previous.cells.map((cell) => [cellKey(cell.caseId, cell.targetId), cell]))
  const result: RunComparison = { regressions: [], fixes: [], unchanged: 0, added: 0, removed: 0 }
  const seen = new Set<string>()
  return {
    add(after) {
      const key = cellKey(after.caseId, after.targetId)
      seen.add(key)
      const old = before.get(key)
      if (old === undefined) result.added++
      else if (old.passed && !after.passed)
        result.regressions.push({ caseId: after.caseId, targetId: after.targetId, before: old, after })
      else if (!old.passed && after.passed)
        result.fixes.push({ caseId: after.caseId, targetId: after.targetId, before: old, after })
      else result.unchanged++
    },
    comparison() {
      let removed = 0
      for (const key of before.keys()) if (!seen.has(key)) removed++
      return { ...result, removed }
    },
  }
}

export function compareRuns(
  previous: { cells: readonly CellResult[] },
  current: { cells: readonly CellResult[] },
): RunComparison {
  const accumulator = createComparison(previous)
  for (const cell of current.cells) accumulator.add(cell)
  return accumulator.comparison()
}
