import { compareRuns } from '../run/compare-runs'
import type { CellResult } from '../run/eval-run-types'
import type { RunCells } from './run-cells'
import { targetName } from './target-name'

export type TargetChanges = {
  targetId: string
  name: string
  /** Passed in the compared run, fail now. */
  regressions: number
  /** Failed in the compared run, pass now. */
  fixes: number
}

/** Regressions and fixes against a compared run (compareRuns' verdicts), per target of the shown run. */
export function changesByTarget(previous: { cells: readonly CellResult[] }, run: RunCells): TargetChanges[] {
  const comparison = compareRuns(previous, run)
  const counts = new Map(
    run.targets.map((target) => [
      target.id,
      { targetId: target.id, name: targetName(target), regressions: 0, fixes: 0 },
    ]),
  )
  for (const change of comparison.regressions) {
    const entry = counts.get(change.targetId)
    if (entry) entry.regressions++
  }
  for (const change of comparison.fixes) {
    const entry = counts.get(change.targetId)
    if (entry) entry.fixes++
  }
  return [...counts.values()]
}
