import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import { api } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'

/**
 * How long progress events gather before they go into the store: a grid cell is not read faster than
 * that, and every store update repaints the status line, the progress bar and the rows in view, which
 * on a 2,000-cell run took the frames the charts and the user needed (performance.md, the workbench
 * at 500 × 4).
 */
const GATHER_MS = 100

/**
 * Feeds `eval:progress` events into the store in one update per `GATHER_MS`, in an animation frame:
 * main batches per frame already (performance.md I1), but the grid does not need every frame, and
 * events can bunch up behind a busy one. Returns the unsubscribe function.
 */
export function subscribeToEvalProgress(
  scheduleFlush: (flush: () => void) => void = (flush) =>
    setTimeout(() => requestAnimationFrame(flush), GATHER_MS),
): () => void {
  let queued: EvalProgressEvent[] = []
  const flush = (): void => {
    const events = queued
    queued = []
    if (events.length > 0) useAppStore.getState().applyEvalProgress(events)
  }
  return api.on('eval:progress', (event) => {
    if (queued.length === 0) scheduleFlush(flush)
    queued.push(event)
  })
}
