import type { CellResult, EvalProgress } from '@shared/eval'
import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'

/** One progress event per this many ms at most (a frame): 2,000 cells do not make 2,000 IPC messages. */
export const PROGRESS_FRAME_MS = 16

export type EvalProgressBatcher = {
  /** The runner's progress: a finished cell is kept for the next event. */
  onProgress(progress: EvalProgress): void
  /** Sends what is pending at once; the last event of a run says how it ended. */
  flush(status: EvalProgressEvent['status'], error?: string): void
}

/** Collects one run's finished cells and sends them at most once per frame. */
export function createEvalProgressBatcher(options: {
  runId: string
  emit: (event: EvalProgressEvent) => void
  frameMs: number
}): EvalProgressBatcher {
  const { runId } = options
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
    onProgress(progress) {
      latest = progress
      if (progress.cell) pending.push(progress.cell)
      timer ??= setTimeout(() => flush('running'), options.frameMs)
    },
    flush,
  }
}
