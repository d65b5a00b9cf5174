import { rm } from 'node:fs/promises'
import {
  runEvaluation,
  type EvalRun,
  type EvalTarget,
  type ExecuteCell,
  type RegexTester,
  type TestSet,
} from '@shared/eval'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import type { Logger } from '../log/logger'
import { createEvalProgressBatcher } from './eval-progress-batcher'
import type { EvalRunStore } from './eval-run-store'
import { readRunJournal } from './journal/run-journal-reader'
import { createRunJournal, type RunJournalWriter } from './journal/run-journal-writer'

/** A run under way in main: how to stop it, when it is saved, and its journal (once it has a head). */
export type JournaledEvalRun = {
  runId: string
  controller: AbortController
  /** Settles once the run has ended and been saved (or failed to be), its last event sent. */
  done: Promise<void>
  journal(): RunJournalWriter | undefined
  journalFile: string
}

/**
 * Starts one workbench run whose cells go to its journal as they finish (a resume's kept cells
 * first, so the journal holds the whole run) and to the renderer as batched progress; when it ends,
 * the run is saved from the journal and the journal removed.
 */
export function startJournaledEvalRun(
  deps: {
    execute: ExecuteCell
    testRegex: RegexTester
    runs: EvalRunStore
    logger: Logger
    emit: (event: EvalProgressEvent) => void
    frameMs: number
  },
  plan: {
    runId: string
    journalFile: string
    set: TestSet
    targets: EvalTarget[]
    concurrency: number
    resume: EvalRun | undefined
    graderTarget: EvalTarget | undefined
  },
): JournaledEvalRun {
  const { runId, journalFile, resume } = plan
  const controller = new AbortController()
  const batcher = createEvalProgressBatcher({ runId, emit: deps.emit, frameMs: deps.frameMs })
  let journal: RunJournalWriter | undefined
  const run = runEvaluation({
    set: plan.set,
    targets: plan.targets,
    execute: deps.execute,
    concurrency: plan.concurrency,
    testRegex: deps.testRegex,
    signal: controller.signal,
    newRunId: () => runId,
    onProgress: batcher.onProgress,
    begin(head) {
      journal = createRunJournal(journalFile, head)
      for (const cell of resume?.cells ?? []) journal.record(cell)
    },
    record: (cell) => journal?.record(cell),
    ...(resume ? { resume } : {}),
    ...(plan.graderTarget ? { graderTarget: plan.graderTarget } : {}),
  })
  const done = run.then(
    async (head) => {
      journal?.status(head.status, head.finishedAt ?? Date.now())
      journal?.close()
      batcher.flush(head.status, await saveFromJournal(deps.runs, journalFile, deps.logger))
    },
    (error: unknown) => {
      journal?.close()
      batcher.flush('failed', (error as Error).message)
    },
  )
  return { runId, controller, done, journal: () => journal, journalFile }
}

/**
 * Saves a run that ended from its journal, then removes the journal: undefined when saved, else why
 * not. The grid has every cell already; a run too large to save is still shown, and said so (its
 * journal stays, and the next start tries again).
 */
async function saveFromJournal(
  runs: EvalRunStore,
  file: string,
  logger: Logger,
): Promise<string | undefined> {
  const problem = await readRunJournal(file)
    .then((run) => runs.write(run))
    .then(
      () => rm(file, { force: true }).then(() => undefined),
      (error: unknown) => `The run could not be saved: ${(error as Error).message}`,
    )
  if (problem !== undefined) logger.warn(problem)
  return problem
}
