import type { EvalProgressEvent } from '@shared/ipc/eval-schemas'
import { api } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'

/**
 * Feeds `eval:progress` events into the store at most once per animation frame: main batches per
 * frame already, but events can bunch up behind a busy frame, and one store update (one grid render)
 * per frame is what keeps a 2,000-cell run responsive. Returns the unsubscribe function.
 */
export function subscribeToEvalProgress(
  scheduleFrame: (flush: () => void) => void = (flush) => requestAnimationFrame(flush),
): () => void {
  let queued: EvalProgressEvent[] = []
  const flush = (): void => {
    const events = queued
    queued = []
    if (events.length > 0) useAppStore.getState().applyEvalProgress(events)
  }
  return api.on('eval:progress', (event) => {
    if (queued.length === 0) scheduleFrame(flush)
    queued.push(event)
  })
}
