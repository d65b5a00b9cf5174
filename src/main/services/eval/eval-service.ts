import { randomUUID } from 'node:crypto'
import {
  checkCasesAgainstPrompt,
  runEvaluation,
  type EvalRun,
  type EvalTarget,
  type TestSet,
} from '@shared/eval'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import { UserFacingError } from '../user-facing-error'
import type { Logger } from '../log/logger'
import type { RunTarget } from '../runs/run-registry-options'
import { createEvalProgressBatcher, PROGRESS_FRAME_MS } from './eval-progress-batcher'
import { openEvalRunStore, type EvalRunStore } from './eval-run-store'
import { createRegistryCellExecutor } from './registry-cell-executor'
import { openTestSetStore } from './test-set-store'
import { createVmRegexTester } from './vm-regex-tester'

const DEFAULT_CONCURRENCY = 4

export type EvalService = Awaited<ReturnType<typeof createEvalService>>

type StartInput = { set: TestSet; targets: EvalTarget[]; concurrency?: number; resumeRunId?: string }

/**
 * The workbench's evaluations in main: one run at a time on the run registry (same dialect layer,
 * retries, timeouts and key handling as a chat run; keys never leave main), progress batched to at
 * most one event per frame, stop and resume, and runs and test sets saved as JSON files under the
 * app's data dir (`eval-runs/`, `eval-sets/`, atomic writes, corrupt files set aside) so a run can be
 * re-opened and compared with a later one.
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
  const sets = await openTestSetStore(options)
  const { execute, registry } = createRegistryCellExecutor({
    logger: options.logger,
    resolveTarget: options.resolveTarget,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const testRegex = createVmRegexTester()
  const frameMs = options.progressFrameMs ?? PROGRESS_FRAME_MS

  let active: { runId: string; controller: AbortController; done: Promise<void> } | null = null

  async function start(input: StartInput): Promise<{ runId: string }> {
    if (active) throw new UserFacingError('busy', 'An evaluation is already running; stop it first.')
    checkRunnable(input.set)
    const resume = input.resumeRunId === undefined ? undefined : await runs.read(input.resumeRunId)
    if (resume?.status === 'finished')
      throw new UserFacingError('finished', 'That run has finished; there is nothing to resume.')
    const runId = resume?.id ?? `${Date.now()}-${randomUUID().slice(0, 8)}`
    const controller = new AbortController()
    const batcher = createEvalProgressBatcher({ runId, emit: options.emit, frameMs })
    const run = runEvaluation({
      set: input.set,
      targets: input.targets,
      execute,
      concurrency: input.concurrency ?? DEFAULT_CONCURRENCY,
      testRegex,
      signal: controller.signal,
      newRunId: () => runId,
      onProgress: batcher.onProgress,
      ...(resume ? { resume } : {}),
    })
    const done = run.then(
      async (finished) => batcher.flush(finished.status, await saveFinished(runs, finished, options.logger)),
      (error: unknown) => {
        batcher.flush('failed', (error as Error).message)
      },
    )
    active = { runId, controller, done }
    void done.finally(() => {
      if (active?.runId === runId) active = null
    })
    return { runId }
  }

  return {
    start,
    async stop(runId: string): Promise<void> {
      if (active?.runId !== runId) return
      active.controller.abort()
      await active.done
    },
    listRuns: () => runs.list(),
    getRun: (id: string) => runs.read(id),
    listSets: () => sets.list(),
    getSet: (id: string) => sets.get(id),
    saveSet: (id: string | undefined, set: TestSet) => sets.save(id, set),
    exportRun: (input: Parameters<EvalRunStore['export']>[0]) => runs.export(input),
    async review(input: Parameters<EvalRunStore['review']>[0]): Promise<void> {
      if (active?.runId === input.runId)
        throw new UserFacingError('run_active', 'Cells can be reviewed once the run has ended.')
      await runs.review(input)
    },
    cancelAll(): void {
      active?.controller.abort()
      registry.cancelAll()
    },
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

/**
 * Saves a finished run: undefined when saved, else why not. The grid has every cell already; a run
 * too large to save is still shown, and said so.
 */
async function saveFinished(runs: EvalRunStore, run: EvalRun, logger: Logger): Promise<string | undefined> {
  const problem = await runs.write(run).then(
    () => undefined,
    (error: unknown) => `The run could not be saved: ${(error as Error).message}`,
  )
  if (problem !== undefined) logger.warn(problem)
  return problem
}
