import type { CellResult, EvalTarget } from '../run/eval-run-types'

/** What the per-run charts read: the targets in column order and the cells finished so far. */
export type RunCells = { targets: readonly EvalTarget[]; cells: readonly CellResult[] }

/** The cells of each target, in the run's target order (cells of unknown targets are left out). */
export function cellsByTarget(run: RunCells): Map<string, CellResult[]> {
  const groups = new Map<string, CellResult[]>(run.targets.map((target) => [target.id, []]))
  for (const cell of run.cells) groups.get(cell.targetId)?.push(cell)
  return groups
}
