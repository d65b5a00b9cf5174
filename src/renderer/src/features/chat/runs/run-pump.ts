import type { RunUpdate } from '@shared/runs/run-types'
import { api } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { createCommitPacer, type CommitPacer } from './commit-pacer'

/** When the page is hidden, animation frames stop; updates still land at this pace. */
const HIDDEN_FLUSH_MS = 250

export type FrameHost = {
  requestFrame(callback: () => void): void
  setTimer(callback: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
  /**
   * What pacing commits needs (commit-pacer.ts): a clock, a callback once the current frame has
   * been rendered, and key and pointer presses. A host without them commits every frame.
   */
  pacing?: {
    now(): number
    afterRendering(callback: () => void): void
    onInput(listener: () => void): () => void
  }
}

/** A task posted from an animation frame runs once that frame has been rendered (style, layout, paint). */
function createAfterRendering(): (callback: () => void) => void {
  const channel = new MessageChannel()
  let queued: Array<() => void> = []
  channel.port1.onmessage = () => {
    const run = queued
    queued = []
    for (const callback of run) callback()
  }
  return (callback) => {
    queued.push(callback)
    if (queued.length === 1) channel.port2.postMessage(null)
  }
}

const INPUT_EVENTS = ['keydown', 'pointerdown'] as const

function browserFrames(): FrameHost {
  return {
    requestFrame: (callback) => {
      requestAnimationFrame(callback)
    },
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    pacing: {
      now: () => performance.now(),
      afterRendering: createAfterRendering(),
      onInput: (listener) => {
        const options = { capture: true, passive: true }
        for (const type of INPUT_EVENTS) window.addEventListener(type, listener, options)
        return () => {
          for (const type of INPUT_EVENTS) window.removeEventListener(type, listener, options)
        }
      },
    },
  }
}

/**
 * Buffers `chat:update` events and hands them to the store at most once per animation frame
 * (performance.md: commit once per frame), every buffered update in arrival order. Main already sends
 * at most one update per run per frame; with two panes streaming that is still one commit, not two.
 * Where a commit costs more than a frame, the pacer spaces commits out (commit-pacer.ts): the updates
 * wait in the buffer, never longer than its `maxDelayMs`. Returns the unsubscribe.
 */
export function startRunPump(
  options: {
    subscribe?: (listener: (update: RunUpdate) => void) => () => void
    apply?: (updates: RunUpdate[]) => void
    frames?: FrameHost
    pacer?: CommitPacer
  } = {},
): () => void {
  const subscribe = options.subscribe ?? ((listener) => api.on('chat:update', listener))
  const apply = options.apply ?? ((updates) => useAppStore.getState().applyRunUpdates(updates))
  const frames = options.frames ?? browserFrames()
  const pacing = frames.pacing
  const pacer = pacing ? (options.pacer ?? createCommitPacer()) : undefined
  let buffer: RunUpdate[] = []
  let scheduled = false
  /** One frame callback pending at most (a timer's commit can leave one behind). */
  let frameRequested = false
  let waitingSince = 0
  let fallback: unknown

  const commit = (): void => {
    scheduled = false
    frames.clearTimer(fallback)
    const batch = buffer
    buffer = []
    if (batch.length === 0) return
    const committedAt = pacing?.now()
    apply(batch)
    if (pacing && pacer && committedAt !== undefined) {
      pacing.afterRendering(() => pacer.noteCommitRendered(committedAt, pacing.now()))
    }
  }

  const requestFrame = (): void => {
    if (frameRequested) return
    frameRequested = true
    frames.requestFrame(onFrame)
  }

  const onFrame = (): void => {
    frameRequested = false
    if (!scheduled) return
    if (pacing && pacer && !pacer.shouldCommit(pacing.now(), waitingSince)) {
      // Carried to a later frame, whole: nothing is dropped or reordered, and the timer still runs.
      requestFrame()
      return
    }
    commit()
  }

  const onTimer = (): void => {
    // A hidden page gets no frames: the timer makes sure the reply still completes and is saved.
    if (scheduled) commit()
  }

  const stopInput = pacing && pacer ? pacing.onInput(() => pacer.noteInput(pacing.now())) : undefined
  const unsubscribe = subscribe((update) => {
    buffer.push(update)
    if (scheduled) return
    scheduled = true
    waitingSince = pacing?.now() ?? 0
    requestFrame()
    fallback = frames.setTimer(onTimer, HIDDEN_FLUSH_MS)
  })
  return () => {
    unsubscribe()
    stopInput?.()
    frames.clearTimer(fallback)
    buffer = []
    scheduled = false
  }
}
