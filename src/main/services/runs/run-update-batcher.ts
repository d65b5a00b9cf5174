import type { StreamPart } from '@shared/chat/stream-part'
import type { RawSseEvent, RunMetrics, RunUpdate } from '@shared/runs/run-types'

/**
 * Schedules `callback` once, one frame after the previous flush (`sinceFlushMs` ago; Infinity before
 * the first); returns a function that cancels it.
 */
export type FrameScheduler = (callback: () => void, sinceFlushMs: number) => () => void

/**
 * Timers: a change right after a flush waits out the rest of the frame; content after a quiet frame
 * (the first token after the wait for it) goes out at the end of the current task instead of a
 * frame later, so no reply's first token waits a frame for nothing.
 */
export function timeoutFrameScheduler(frameMs: number): FrameScheduler {
  return (callback, sinceFlushMs) => {
    // Whole ms, rounded up: a timer rounded down could fire a fraction of a ms inside the frame.
    const timer = setTimeout(callback, Math.max(0, Math.ceil(frameMs - sinceFlushMs)))
    return () => clearTimeout(timer)
  }
}

/** What a reader of the reply waits for: its text, reasoning, tool calls, an error. */
function isContent(part: StreamPart): boolean {
  return part.type !== 'start' && part.type !== 'usage' && part.type !== 'raw'
}

/** Fields that replace the pending value when set again within a frame (the latest one counts). */
type LatestFields = Pick<RunUpdate, 'request' | 'adjustments' | 'response' | 'retry'>
type Terminal = NonNullable<RunUpdate['terminal']>

export type RunUpdateBatcher = {
  set<K extends keyof LatestFields>(field: K, value: NonNullable<LatestFields[K]>): void
  /** Appends in order; nothing is ever dropped or reordered across batches. */
  addParts(parts: readonly StreamPart[]): void
  addRawEvent(event: RawSseEvent): void
  markRawEventsTruncated(): void
  /** Metrics changed; they are read (once) when the batch goes out. */
  touchMetrics(): void
  /** Sends everything pending plus the terminal state at once, then never sends again. */
  finish(terminal: Terminal, metrics: RunMetrics | undefined): void
  /**
   * Resolves once everything pending went out (at once when nothing is pending). A retry waits for
   * it, so its notice and the failed response reach the renderer instead of being replaced, within
   * the same frame, by the next attempt's.
   */
  flushed(): Promise<void>
}

/**
 * Coalesces one run's news into at most one update per frame (performance.md I1): the first change
 * after a flush schedules the next flush one frame after that flush (the scheduler is told how long
 * ago it was), so two updates of a run are always at least a frame apart, however fast tokens arrive. `seq` counts updates 0, 1, 2… so the renderer can prove
 * nothing was lost. Only the terminal update skips the wait: the reply is over, and the user should
 * see it at once.
 */
export function createRunUpdateBatcher(options: {
  runId: string
  emit: (update: RunUpdate) => void
  scheduleFrame: FrameScheduler
  metrics: () => RunMetrics | undefined
  /** A clock in ms (monotonic): when the last update went out. */
  now?: () => number
}): RunUpdateBatcher {
  const { runId, emit, scheduleFrame } = options
  const now = options.now ?? (() => performance.now())
  let lastFlushAt = -Infinity
  let seq = 0
  let latest: LatestFields = {}
  let parts: StreamPart[] = []
  let rawEvents: RawSseEvent[] = []
  let rawEventsTruncated = false
  let metricsChanged = false
  let cancelFrame: (() => void) | undefined
  let finished = false
  let flushWaiters: Array<() => void> = []

  function notifyFlushed(): void {
    const waiters = flushWaiters
    flushWaiters = []
    for (const resolve of waiters) resolve()
  }

  function build(): RunUpdate {
    const update: RunUpdate = { runId, seq: seq++, ...latest }
    if (parts.length > 0) update.parts = parts
    if (rawEvents.length > 0) update.rawEvents = rawEvents
    if (rawEventsTruncated) update.rawEventsTruncated = true
    latest = {}
    parts = []
    rawEvents = []
    rawEventsTruncated = false
    return update
  }

  function flush(): void {
    cancelFrame = undefined
    if (finished) return
    const update = build()
    if (metricsChanged) {
      metricsChanged = false
      const metrics = options.metrics()
      if (metrics !== undefined) update.metrics = metrics
    }
    lastFlushAt = now()
    emit(update)
    notifyFlushed()
  }

  /**
   * News nobody is waiting on (the request shown, response headers, metrics, a start part) waits a
   * frame after a quiet one instead of going out at once: else the reply's first text, which follows
   * within a few ms, would wait out the frame that news opened. Content cuts that wait short.
   */
  let waitingForContent = false

  function schedule(content: boolean): void {
    if (finished) return
    if (cancelFrame !== undefined) {
      if (!content || !waitingForContent) return
      cancelFrame()
    }
    waitingForContent = !content
    cancelFrame = scheduleFrame(flush, content ? now() - lastFlushAt : 0)
  }

  return {
    set(field, value) {
      latest[field] = value
      // A retry's notice ("retrying in 2 s") is what the user reads next.
      schedule(field === 'retry')
    },
    addParts(newParts) {
      if (newParts.length === 0) return
      for (const part of newParts) parts.push(part)
      schedule(newParts.some(isContent))
    },
    addRawEvent(event) {
      rawEvents.push(event)
      schedule(false)
    },
    markRawEventsTruncated() {
      rawEventsTruncated = true
      schedule(false)
    },
    touchMetrics() {
      metricsChanged = true
      schedule(false)
    },
    finish(terminal, metrics) {
      if (finished) return
      cancelFrame?.()
      cancelFrame = undefined
      const update = build()
      if (metrics !== undefined) update.metrics = metrics
      update.terminal = terminal
      finished = true
      emit(update)
      notifyFlushed()
    },
    flushed() {
      if (finished || cancelFrame === undefined) return Promise.resolve()
      return new Promise((resolve) => flushWaiters.push(resolve))
    },
  }
}
