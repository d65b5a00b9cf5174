import { randomUUID } from 'node:crypto'
import path from 'node:path'
import {
  checkCasesAgainstPrompt,
  evalRunSchema,
  parseRunJson,
  runEvaluation,
  runToJson,
  runToJunitXml,
  testSetSchema,
  type CellResult,
  type EvalProgress,
  type EvalRun,
  type EvalTarget,
  type TestSet,
} from '@shared/eval'
import type { EvalProgressEvent, EvalRunSummary, TestSetSummary } from '@shared/ipc/eval-schemas'
import { UserFacingError } from '../user-facing-error'
import { createJsonDirectoryStore } from '../json-store'
import type { Logger } from '../log/logger'
import type { RunTarget } from '../runs/run-registry-options'
import { createRegistryCellExecutor } from './registry-cell-executor'
import { createVmRegexTester } from './vm-regex-tester'

/** One progress event per this many ms at most (a frame): 2,000 cells do not make 2,000 IPC messages. */
const PROGRESS_FRAME_MS = 16
const DEFAULT_CONCURRENCY = 4

export type EvalService = Awaited<ReturnType<typeof createEvalService>>

function summarizeRun(run: EvalRun): EvalRunSummary {
  const summary: EvalRunSummary = {
    id: run.id,
    setName: run.setName,
    startedAt: run.startedAt,
    status: run.status,
    cells: run.cells.length,
    passed: run.cells.filter((cell) => cell.passed).length,
    total: run.caseIds.length * run.targets.length,
  }
  if (run.finishedAt !== undefined) summary.finishedAt = run.finishedAt
  return summary
}

function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'run'
}

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
  const runs = await createJsonDirectoryStore({
    dir: path.join(options.userDataDir, 'eval-runs'),
    schema: evalRunSchema,
    summarize: summarizeRun,
    ...(options.maxRunFileBytes === undefined ? {} : { maxFileBytes: options.maxRunFileBytes }),
  })
  const sets = await createJsonDirectoryStore({
    dir: path.join(options.userDataDir, 'eval-sets'),
    schema: testSetSchema,
    summarize: (set: TestSet) => ({ name: set.name, cases: set.cases.length }),
  })
  const { execute, registry } = createRegistryCellExecutor({
    logger: options.logger,
    resolveTarget: options.resolveTarget,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  const testRegex = createVmRegexTester()
  const frameMs = options.progressFrameMs ?? PROGRESS_FRAME_MS

  let active: { runId: string; controller: AbortController; done: Promise<void> } | null = null

  async function readRun(id: string): Promise<EvalRun> {
    const run = await runs.read(id).catch(() => null)
    if (!run) throw new UserFacingError('not_found', `There is no saved run ${JSON.stringify(id)}.`)
    return run
  }

  /** Collects finished cells and sends them at most once per frame; the last event says how it ended. */
  function progressBatcher(runId: string) {
    let pending: CellResult[] = []
    let latest: EvalProgress = { done: 0, total: 0, passed: 0, failed: 0 }
    let timer: ReturnType<typeof setTimeout> | undefined
    const flush = (status: EvalProgressEvent['status'], error?: string): void => {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      const { done, total, passed, failed, etaMs } = latest
      const event: EvalProgressEvent = { runId, done, total, passed, failed, cells: pending, status }
      if (etaMs !== undefined) event.etaMs = etaMs
      if (error !== undefined) event.error = error
      pending = []
      options.emit(event)
    }
    return {
      onProgress(progress: EvalProgress): void {
        latest = progress
        if (progress.cell) pending.push(progress.cell)
        timer ??= setTimeout(() => flush('running'), frameMs)
      },
      flush,
    }
  }

  async function start(input: {
    set: TestSet
    targets: EvalTarget[]
    concurrency?: number
    resumeRunId?: string
  }): Promise<{ runId: string }> {
    if (active) throw new UserFacingError('busy', 'An evaluation is already running; stop it first.')
    // Bad input (no prompt, a case missing a variable) is the caller's answer, not a failed run.
    if (input.set.prompt === undefined)
      throw new UserFacingError('invalid_set', 'The test set has no prompt.')
    try {
      checkCasesAgainstPrompt(input.set.prompt, input.set.cases)
    } catch (error) {
      throw new UserFacingError('invalid_set', (error as Error).message)
    }
    const resume = input.resumeRunId === undefined ? undefined : await readRun(input.resumeRunId)
    if (resume?.status === 'finished')
      throw new UserFacingError('finished', 'That run has finished; there is nothing to resume.')
    const runId = resume?.id ?? `${Date.now()}-${randomUUID().slice(0, 8)}`
    const controller = new AbortController()
    const batcher = progressBatcher(runId)
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
      async (finished) => {
        // The grid has every cell already; a run too large to save is still shown, and said so.
        const saved = await runs.write(finished.id, finished).then(
          () => undefined,
          (error: unknown) => `The run could not be saved: ${(error as Error).message}`,
        )
        if (saved !== undefined) options.logger.warn(saved)
        batcher.flush(finished.status, saved)
      },
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
    async listRuns(): Promise<EvalRunSummary[]> {
      const list = await runs.summaries()
      return list.map((entry) => entry.summary).sort((a, b) => b.startedAt - a.startedAt)
    },
    getRun: readRun,
    async listSets(): Promise<TestSetSummary[]> {
      return (await sets.summaries()).map(({ id, summary }) => ({ id, ...summary }))
    },
    async getSet(id: string): Promise<TestSet> {
      const set = await sets.read(id).catch(() => null)
      if (!set) throw new UserFacingError('not_found', `There is no saved test set ${JSON.stringify(id)}.`)
      return set
    },
    async saveSet(id: string | undefined, set: TestSet): Promise<{ id: string }> {
      const fileId = id ?? `${fileSafe(set.name)}-${randomUUID().slice(0, 8)}`
      await sets.write(fileId, set)
      return { id: fileId }
    },
    async exportRun(input: {
      runId: string
      format: 'json' | 'junit'
      previousRunId?: string
    }): Promise<{ fileName: string; text: string }> {
      const run = await readRun(input.runId)
      const base = `${fileSafe(run.setName)}-${run.id}`
      if (input.format === 'junit') return { fileName: `${base}.junit.xml`, text: runToJunitXml(run) }
      const previous = input.previousRunId === undefined ? undefined : await readRun(input.previousRunId)
      const text = runToJson(run, previous)
      parseRunJson(text) // what we hand out must read back
      return { fileName: `${base}.json`, text }
    },
    cancelAll(): void {
      active?.controller.abort()
      registry.cancelAll()
    },
  }
}
