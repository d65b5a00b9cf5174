import type { EvalRun } from '@shared/eval/run/eval-run-types'
import { runJsonPieces } from '@shared/eval/run/export-json'
import {
  countJunitCell,
  createJunitCounts,
  JUNIT_CLOSING,
  JUNIT_SUITE_CLOSING,
  junitOpening,
  junitSuiteOpening,
  junitTestCase,
} from '@shared/eval/run/export-junit'
import { journalCells, type JournalIndex } from '../services/eval/journal/run-journal-reader'

/**
 * The results file of a journaled run, piece by piece (the same bytes runToJson writes for the run
 * held whole), so a run of any size is written without holding its cells.
 */
export async function* journalJsonChunks(
  index: JournalIndex,
  previous: EvalRun | undefined,
): AsyncGenerator<string, void, undefined> {
  const pieces = runJsonPieces(index.head, previous)
  yield pieces.opening
  for await (const cell of journalCells(index)) yield pieces.cell(cell)
  yield pieces.closing()
}

/** JUnit XML of a journaled run, piece by piece: each target's cells read twice (counts, then cases). */
export async function* journalJunitChunks(index: JournalIndex): AsyncGenerator<string, void, undefined> {
  const { head } = index
  yield junitOpening(head)
  for (const target of head.targets) {
    const counts = createJunitCounts()
    for await (const cell of journalCells(index, target.id)) countJunitCell(counts, cell)
    yield junitSuiteOpening(head, target, counts)
    // Both in the run's case order: a case without a cell (a stopped run) is `skipped`.
    const cells = journalCells(index, target.id)
    let next = await cells.next()
    for (const caseId of head.caseIds) {
      const cell = next.done === true || next.value.caseId !== caseId ? undefined : next.value
      if (cell !== undefined) next = await cells.next()
      yield `${junitTestCase(cell, caseId, target.id)}\n`
    }
    yield JUNIT_SUITE_CLOSING
  }
  yield JUNIT_CLOSING
}
