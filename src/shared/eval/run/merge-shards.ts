import { EvalInputError } from '../eval-input-error'
import { cellKey, type CellResult, type EvalRun } from './eval-run-types'

/**
 * The parts of a sharded run (`--shard i/n`, one results file each) as the one run they split: the
 * cases back in the set's order (case k was in shard k mod n + 1), every cell once, `finished` only
 * when every part finished. Refuses parts of different runs (set, targets, shard count), a shard
 * given twice or missing, and a cell in two parts: the totals must equal an unsharded run's.
 */
export function mergeShardRuns(parts: ReadonlyArray<{ file: string; run: EvalRun }>): EvalRun {
  const first = parts[0]
  if (first === undefined) throw new EvalInputError('merge: no parts given')
  const count = first.run.shard?.count
  const byIndex = new Map<number, EvalRun>()
  const targetIds = first.run.targets.map((t) => t.id).join('\0')
  for (const { file, run } of parts) {
    if (run.shard === undefined || run.shard.count !== count)
      throw new EvalInputError(
        `${file}: not shard i/${count ?? 'n'} of a run (run each part with --shard i/n)`,
      )
    if (run.setName !== first.run.setName || run.targets.map((t) => t.id).join('\0') !== targetIds)
      throw new EvalInputError(`${file}: another set or other targets than ${first.file}`)
    if (byIndex.has(run.shard.index))
      throw new EvalInputError(`${file}: shard ${run.shard.index} is given twice`)
    byIndex.set(run.shard.index, run)
  }
  const shards = Array.from({ length: count as number }, (_, i) => {
    const run = byIndex.get(i + 1)
    if (run === undefined) throw new EvalInputError(`merge: shard ${i + 1} of ${count} is missing`)
    return run
  })
  const caseIds = interleave(shards.map((run) => run.caseIds))
  const cells = new Map<string, CellResult>()
  for (const run of shards) {
    for (const cell of run.cells) {
      const key = cellKey(cell.caseId, cell.targetId)
      if (cells.has(key))
        throw new EvalInputError(`merge: the cell ${cell.caseId} × ${cell.targetId} is in two parts`)
      cells.set(key, cell)
    }
  }
  const ordered = caseIds.flatMap((caseId) =>
    first.run.targets.flatMap((t) => cells.get(cellKey(caseId, t.id)) ?? []),
  )
  const finished = shards.every((run) => run.status === 'finished')
  const merged: EvalRun = {
    id: `merged-${first.run.id}`,
    setName: first.run.setName,
    startedAt: Math.min(...shards.map((run) => run.startedAt)),
    status: finished ? 'finished' : 'stopped',
    targets: first.run.targets,
    caseIds,
    cells: ordered,
  }
  if (finished) merged.finishedAt = Math.max(...shards.map((run) => run.finishedAt ?? run.startedAt))
  if (first.run.set !== undefined) merged.set = first.run.set
  return merged
}

/** Shard i's j-th case was case j·n + i − 1: reading the shards' lists round-robin restores the order. */
function interleave(lists: ReadonlyArray<readonly string[]>): string[] {
  const out: string[] = []
  const longest = Math.max(...lists.map((list) => list.length))
  for (let j = 0; j < longest; j++) for (const list of lists) if (j < list.length) out.push(list[j] as string)
  return out
}
