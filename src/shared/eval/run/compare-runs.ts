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

export function compareRuns(
  previous: { cells: readonly CellResult[] },
  current: { cells: readonly CellResult[] },
): RunComparison {
  const before = new Map(previous.cells.map((cell) => [cellKey(cell.caseId, cell.targetId), cell]))
  const comparison: RunComparison = { regressions: [], fixes: [], unchanged: 0, added: 0, removed: 0 }
  const seen = new Set<string>()
  for (const after of current.cells) {
    const key = cellKey(after.caseId, after.targetId)
    seen.add(key)
    const old = before.get(key)
    if (old === undefined) comparison.added++
    else if (old.passed && !after.passed)
      comparison.regressions.push({ caseId: after.caseId, targetId: after.targetId, before: old, after })
    else if (!old.passed && after.passed)
      comparison.fixes.push({ caseId: after.caseId, targetId: after.targetId, before: old, after })
    else comparison.unchanged++
  }
  for (const key of before.keys()) if (!seen.has(key)) comparison.removed++
  return comparison
}
