import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import {
  checkCasesAgainstPrompt,
  type CellReview,
  type EvalRun,
  type EvalTarget,
  type TestSet,
} from '@shared/eval'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import { UserFacingError } from '../user-facing-error'
import type { Logger } from '../log/logger'
import type { RunTarget } from '../runs/run-registry-options'
import { PROGRESS_FRAME_MS } from './eval-progress-batcher'
import { openEvalRunStore, type EvalRunStore } from './eval-run-store'
import { startJournaledEvalRun, type JournaledEvalRun } from './journaled-eval-run'
import { createRegistryCellExecutor } from './registry-cell-executor'
import { openTestSetStore } from './test-set-store'
import { createVmRegexTester } from './vm-regex-tester'
import { openEvalJournalFolder } from './journal/eval-journal-folder'
import { readRunJournal } from './journal/run-journal-reader'

const DEFAULT_CONCURRENCY = 4

export type EvalService = Awaited<ReturnType<typeof createEvalService>>

type StartInput = {
  set: TestSet
  targets: EvalTarget[]
  concurrency?: number
  resumeRunId?: string
  graderTarget?: EvalTarget
}

type ReviewInput = { runId: string; caseId: string; targetId: string; review: CellReview | null }

/**
 * The workbench's evaluations in main: one run at a time on the run registry (same dialect layer,
 * retries, timeouts and key handling as a chat run; keys never leave main), progress batched to at
 * most one event per frame, stop and resume, and runs and test sets saved as JSON files under the
 * app's data dir (`eval-runs/`, `eval-sets/`, atomic writes, corrupt files set aside) so a run can be
 * re-opened and compared with a later one. While a run goes, each cell is appended to its journal
 * (`eval-journals/`) as it finishes: main holds no cells, a renderer reloaded mid-run re-attaches from
 * it, and a run the app did not live to save is recovered as a stopped run at the next start.
 */
export async function createEvalService(options: {
  userDataDir: string
  logger: Logger
  resolveTarget: (profileId: string) => Promise<RunTarget>
  emit: (event: EvalProgressEvent) => void
  fetch?: typeof fetch
  progressFrameMs?: number
  /** Larger run files are refused (the json-store's cap; default its 256 MiB). */
  maxRunFileBytes?: number
}) {
  const runs = await openEvalRunStore(options)
  const journals = await openEvalJournalFolder(options)
  await journals.recover((run) => runs.write(run))
  const sets = await openTestSetStore(options)
  const { execute, registry } = createRegistryCellExecutor({
    logger: options.logger,
    resolveTarget: options.resolveTarget,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const testRegex = createVmRegexTester()
  const frameMs = options.progressFrameMs ?? PROGRESS_FRAME_MS

  let active: JournaledEvalRun | null = null

  async function start(input: StartInput): Promise<{ runId: string }> {
    if (active) throw new UserFacingError('busy', 'An evaluation is already running; stop it first.')
    const plan = await planStart(runs, input)
    const journalFile = journals.pathOf(plan.runId)
    // A journal left by a save that failed: the saved run (or the resume's) is what goes on.
    await rm(journalFile, { force: true })
    const current = startJournaledEvalRun(
      { execute, testRegex, runs, logger: options.logger, emit: options.emit, frameMs },
      {
        ...plan,
        journalFile,
        concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
        graderTarget: input.graderTarget,
      },
    )
    active = current
    void current.done.finally(() => {
      if (active?.runId === plan.runId) active = null
    })
    return { runId: plan.runId }
  }

  /** A manual verdict on a cell: into the journal of the run under way, else into the saved run. */
  async function review(input: ReviewInput): Promise<void> {
    const journal = active?.runId === input.runId ? active.journal() : undefined
    if (journal === undefined) await runs.review(input)
    else journal.review(input.caseId, input.targetId, input.review)
  }

  return {
    start,
    async stop(runId: string): Promise<void> {
      if (active?.runId !== runId) return
      active.controller.abort()
      await active.done
    },
    review,
    /** The run under way with the cells it has so far (a reloaded renderer re-attaches), or null. */
    async active(): Promise<EvalRun | null> {
      if (active?.journal() === undefined) return null
      return readRunJournal(active.journalFile)
    },
    listRuns: () => runs.list(),
    getRun: (id: string) => runs.read(id),
    listSets: () => sets.list(),
    getSet: (id: string) => sets.get(id),
    saveSet: (id: string | undefined, set: TestSet) => sets.save(id, set),
    exportRun: (input: Parameters<EvalRunStore['export']>[0]) => runs.export(input),
    cancelAll(): void {
      active?.controller.abort()
      registry.cancelAll()
    },
  }
}

/**
 * What a start runs: a new run of the draft, or the resumed run as it was started (after a restart
 * the draft may be another). A finished run or a set that cannot run is refused.
 */
async function planStart(
  runs: EvalRunStore,
  input: StartInput,
): Promise<{ runId: string; set: TestSet; targets: EvalTarget[]; resume: EvalRun | undefined }> {
  const resume = input.resumeRunId === undefined ? undefined : await runs.read(input.resumeRunId)
  if (resume?.status === 'finished')
    throw new UserFacingError('finished', 'That run has finished; there is nothing to resume.')
  const set = resume?.set ?? input.set
  checkRunnable(set)
  return {
    runId: resume?.id ?? `${Date.now()}-${randomUUID().slice(0, 8)}`,
    set,
    targets: resume?.set === undefined ? input.targets : resume.targets,
    resume,
  }
}

/** Bad input (no prompt, a case missing a variable) is the caller's answer, not a failed run. */
function checkRunnable(set: TestSet): void {
  if (set.prompt === undefined) throw new UserFacingError('invalid_set', 'The test set has no prompt.')
  try {
    checkCasesAgainstPrompt(set.prompt, set.cases)
  } catch (error) {
    throw new UserFacingError('invalid_set', (error as Error).message)
  }
}
