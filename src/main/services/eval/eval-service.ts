import { randomUUID } from 'node:crypto'
import type { RegexTester } from '../../../shared/eval/graders/regex-guard'
import type { CellResult, EvalProgress, EvalRun, EvalTarget } from '../../../shared/eval/run/eval-run-types'
import { runEvaluation, type ExecuteCell } from '../../../shared/eval/run/run-evaluation'
import type { PromptTemplate, TestSet } from '../../../shared/eval/test-set-schema'
import { timeoutFrameScheduler, type FrameScheduler } from '../runs/run-update-batcher'
import { createVmRegexTester } from './vm-regex-tester'

/**
 * News of one evaluation for the renderer, at most one per frame: the cells finished since the last
 * update (in order, none dropped: `seq` counts updates 0, 1, 2…), the latest progress, and at the
 * end the whole run. A 2,000-cell run sends at most a frame's worth of updates, not 2,000 events.
 */
export type EvalUpdate = {
  evalId: string
  seq: number
  cells: CellResult[]
  progress: EvalProgress
  /** Last update only: the run as it ended (`finished` or `stopped`), or why it could not start. */
  end?: { run: EvalRun } | { error: string }
}

export type EvalStartInput = {
  set: TestSet
  prompt?: PromptTemplate
  targets: EvalTarget[]
  concurrency?: number
  graderTarget?: EvalTarget
  /** A stopped run to continue: its finished cells are kept. */
  resume?: EvalRun
  /** Ignore values for variables the prompt does not use (notes columns) instead of refusing the set. */
  allowUnusedVariables?: boolean
}

export type EvalService = {
  /** Returns at once; updates follow through `emit`. Errors (variables that do not fit) end it with `error`. */
  start(input: EvalStartInput): { evalId: string }
  /** Stops: no new cell starts, cells in flight are cancelled; the run ends `stopped` (resumable). */
  stop(evalId: string): void
  stopAll(): void
}

/**
 * Evaluation runs for the app's main process, on the same core and transport as the CLI. The IPC
 * layer validates `EvalStartInput` (testSetSchema, evalTargetSchema, evalRunSchema) and forwards
 * `emit` as an event; `execute` is createRegistryCellExecutor's, whose `resolveTarget` maps a
 * target's `connection` (a profile id) to its base URL and key from the SecretStore.
 */
export function createEvalService(options: {
  execute: ExecuteCell
  emit: (update: EvalUpdate) => void
  scheduleFrame?: FrameScheduler
  testRegex?: RegexTester
  newId?: () => string
}): EvalService {
  const scheduleFrame = options.scheduleFrame ?? timeoutFrameScheduler(16)
  const testRegex = options.testRegex ?? createVmRegexTester()
  const running = new Map<string, AbortController>()

  return {
    start(input) {
      const evalId = (options.newId ?? randomUUID)()
      const controller = new AbortController()
      running.set(evalId, controller)
      let seq = 0
      let pending: CellResult[] = []
      let latest: EvalProgress = { done: 0, total: 0, passed: 0, failed: 0 }
      let cancelFrame: (() => void) | undefined
      const flush = (end?: EvalUpdate['end']): void => {
        cancelFrame?.()
        cancelFrame = undefined
        const update: EvalUpdate = { evalId, seq: seq++, cells: pending, progress: latest }
        if (end !== undefined) update.end = end
        pending = []
        options.emit(update)
      }
      const onProgress = (progress: EvalProgress): void => {
        const { cell, ...rest } = progress
        latest = rest
        if (cell !== undefined) pending.push(cell)
        cancelFrame ??= scheduleFrame(() => {
          cancelFrame = undefined
          flush()
        })
      }
      queueMicrotask(() => {
        runEvaluation({
          ...input,
          execute: options.execute,
          testRegex,
          signal: controller.signal,
          onProgress,
        })
          .then((run) => flush({ run }))
          .catch((error: unknown) => flush({ error: error instanceof Error ? error.message : String(error) }))
          .finally(() => running.delete(evalId))
      })
      return { evalId }
    },
    stop(evalId) {
      running.get(evalId)?.abort()
    },
    stopAll() {
      for (const controller of running.values()) controller.abort()
    },
  }
}
