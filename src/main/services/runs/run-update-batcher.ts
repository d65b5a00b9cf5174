import type { StreamPart } from '@shared/chat/stream-part'
import type { RunMetrics, RunUpdate } from '@shared/runs/run-types'
import { createPendingRunUpdate, type PendingRunUpdate } from './pending-run-update'

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

type Terminal = NonNullable<RunUpdate['terminal']>

export type RunUpdateBatcher = Omit<PendingRunUpdate, 'take'> & {
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
 * ago it was), so two updates of a run are always at least a frame apart, however fast tokens arrive.
 * `seq` counts updates 0, 1, 2… so the renderer can prove nothing was lost. Only the terminal update
 * skips the wait: the reply is over, and the user should see it at once.
 */
export function createRunUpdateBatcher(options: {
  runId: string
  emit: (update: RunUpdate) => void
  scheduleFrame: FrameScheduler
  metrics: () => RunMetrics | undefined
  /** A clock in ms (monotonic): when the last update went out. */
  now?: () => number
}): RunUpdateBatcher {
  const { emit } = options
  const now = options.now ?? (() => performance.now())
  const pending = createPendingRunUpdate(options.runId)
  const flushes = createFlushWaiters()
  let metricsChanged = false
  let finished = false
  const clock = createFlushClock(options.scheduleFrame, now, () => {
    if (finished) return
    const update = pending.take()
    if (metricsChanged) {
      metricsChanged = false
      const metrics = options.metrics()
      if (metrics !== undefined) update.metrics = metrics
    }
    clock.flushedNow()
    emit(update)
    flushes.resolveAll()
  })
  const schedule = (content: boolean): void => {
    if (!finished) clock.schedule(content)
  }

  return {
    set(field, value) {
      pending.set(field, value)
      // A retry's notice ("retrying in 2 s") is what the user reads next.
      schedule(field === 'retry')
    },
    addParts(newParts) {
      if (newParts.length === 0) return
      pending.addParts(newParts)
      schedule(newParts.some(isContent))
    },
    addRawEvent(event) {
      pending.addRawEvent(event)
      schedule(false)
    },
    markRawEventsTruncated() {
      pending.markRawEventsTruncated()
      schedule(false)
    },
    touchMetrics() {
      metricsChanged = true
      schedule(false)
    },
    finish(terminal, metrics) {
      if (finished) return
      clock.cancel()
      const update = pending.take()
      if (metrics !== undefined) update.metrics = metrics
      update.terminal = terminal
      finished = true
      emit(update)
      flushes.resolveAll()
    },
    flushed() {
      if (finished || !clock.scheduled()) return Promise.resolve()
      return flushes.next()
    },
  }
}

/**
 * When a run's next update goes out: one frame after the last one at the earliest. News nobody is
 * waiting on (the request shown, response headers, metrics, a start part) waits a frame after a quiet
 * one instead of going out at once: else the reply's first text, which follows within the frame, would
 * wait out the frame that news opened. Content cuts that wait short.
 */
function createFlushClock(scheduleFrame: FrameScheduler, now: () => number, flush: () => void) {
  let lastFlushAt = -Infinity
  let cancelFrame: (() => void) | undefined
  let waitingForContent = false
  const fire = (): void => {
    cancelFrame = undefined
    flush()
  }
  return {
    /** A flush is due (scheduled and not yet run). */
    scheduled: (): boolean => cancelFrame !== undefined,
    /** Something changed; `content` is what a reader of the reply waits for. */
    schedule(content: boolean): void {
      if (cancelFrame !== undefined) {
        if (!content || !waitingForContent) return
        cancelFrame()
      }
      waitingForContent = !content
      cancelFrame = scheduleFrame(fire, content ? now() - lastFlushAt : 0)
    },
    /** An update went out just now: the next waits a frame from here. */
    flushedNow(): void {
      lastFlushAt = now()
    },
    cancel(): void {
      cancelFrame?.()
      cancelFrame = undefined
    },
  }
}

/** Promises that resolve at the next flush. */
function createFlushWaiters(): { next(): Promise<void>; resolveAll(): void } {
  let waiters: Array<() => void> = []
  return {
    next: () => new Promise((resolve) => waiters.push(resolve)),
    resolveAll() {
      const resolving = waiters
      waiters = []
      for (const resolve of resolving) resolve()
    },
  }
}
