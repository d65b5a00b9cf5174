import type { RunUpdate } from '@shared/runs/run-types'
import { api } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'

/** When the page is hidden, animation frames stop; updates still land at this pace. */
const HIDDEN_FLUSH_MS = 250

export type FrameHost = {
  requestFrame(callback: () => void): void
  setTimer(callback: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
}

const browserFrames: FrameHost = {
  requestFrame: (callback) => {
    requestAnimationFrame(callback)
  },
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/**
 * Buffers `chat:update` events and hands them to the store once per animation frame (performance.md:
 * commit once per frame), in arrival order. Main already sends at most one update per run per frame;
 * with two panes streaming that is still one commit, not two. Returns the unsubscribe.
 */
export function startRunPump(
  options: {
    subscribe?: (listener: (update: RunUpdate) => void) => () => void
    apply?: (updates: RunUpdate[]) => void
    frames?: FrameHost
  } = {},
): () => void {
  const subscribe = options.subscribe ?? ((listener) => api.on('chat:update', listener))
  const apply = options.apply ?? ((updates) => useAppStore.getState().applyRunUpdates(updates))
  const frames = options.frames ?? browserFrames
  let buffer: RunUpdate[] = []
  let scheduled = false
  let fallback: unknown

  const flush = (): void => {
    if (!scheduled) return
    scheduled = false
    frames.clearTimer(fallback)
    const batch = buffer
    buffer = []
    if (batch.length > 0) apply(batch)
  }

  const unsubscribe = subscribe((update) => {
    buffer.push(update)
    if (scheduled) return
    scheduled = true
    frames.requestFrame(flush)
    // A hidden page gets no frames: the timer makes sure the reply still completes and is saved.
    fallback = frames.setTimer(flush, HIDDEN_FLUSH_MS)
  })
  return () => {
    unsubscribe()
    frames.clearTimer(fallback)
    buffer = []
    scheduled = false
  }
}
