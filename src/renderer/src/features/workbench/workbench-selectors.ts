import { cellKey, type CellResult, type EvalRun } from '@shared/eval/run/eval-run-types'
import { runTotals, type TargetTotals } from '@shared/eval/run/run-totals'
import type { WorkbenchRun } from './state/workbench-state'

export type GridFilter = { failedOnly: boolean; differsOnly: boolean }

/** The cells of a case, one per target in column order (undefined: not run yet). */
export function rowCells(run: WorkbenchRun, caseId: string): Array<CellResult | undefined> {
  return run.targets.map((target) => run.cells[cellKey(caseId, target.id)])
}

/**
 * The case ids the grid shows: all, or only rows with a failed cell, or only rows whose finished
 * cells do not all agree (the dialects or models differ on that case).
 */
export function visibleCaseIds(run: WorkbenchRun, filter: GridFilter): string[] {
  if (!filter.failedOnly && !filter.differsOnly) return run.caseIds
  return run.caseIds.filter((caseId) => {
    const cells = rowCells(run, caseId).filter((cell): cell is CellResult => cell !== undefined)
    if (filter.failedOnly && !cells.some((cell) => !cell.passed)) return false
    if (filter.differsOnly && new Set(cells.map((cell) => cell.passed)).size < 2) return false
    return true
  })
}

/**
 * Runs of one set can be compared; another set's cells may share case ids (`row-1`) and targets, yet
 * they are other questions.
 */
export function sameSet(run: Pick<WorkbenchRun, 'setName'>, previous: Pick<EvalRun, 'setName'>): boolean {
  return run.setName === previous.setName
}

/** Keys (cellKey) of cells that passed in the previous run (of the same set) and fail in this one. */
export function regressionKeys(run: WorkbenchRun, previous: EvalRun | null): Set<string> {
  const keys = new Set<string>()
  if (previous === null || !sameSet(run, previous)) return keys
  for (const before of previous.cells) {
    if (!before.passed) continue
    const after = run.cells[cellKey(before.caseId, before.targetId)]
    if (after !== undefined && !after.passed) keys.add(cellKey(before.caseId, before.targetId))
  }
  return keys
}

/** Totals per target of the shown run, in column order. */
export function totalsOf(run: WorkbenchRun): TargetTotals[] {
  return runTotals({ cells: Object.values(run.cells), targets: run.targets })
}
