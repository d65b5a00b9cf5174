import { createStreamAccumulator, type StreamAccumulator } from '@shared/chat/reduce-stream-part'
import type { RunUpdate } from '@shared/runs/run-types'

/**
 * What a run needs between frames that is not UI state, kept OUT of the store: the accumulator each
 * run's parts are reduced into (mutated in place: copying a long reply per part would make a delta's
 * cost grow with the reply, performance.md R2), and updates that arrived before `chat:start` answered
 * with their run id (main starts streaming at once, so the first update can beat the reply).
 */
const accumulators = new Map<string, StreamAccumulator>()
const early = new Map<string, RunUpdate[]>()

/** Updates of runs nobody claimed are kept for this many runs at most (another window's, a late one). */
const MAX_UNCLAIMED_RUNS = 64

export function accumulatorFor(runId: string): StreamAccumulator {
  let accumulator = accumulators.get(runId)
  if (accumulator === undefined) {
    accumulator = createStreamAccumulator()
    accumulators.set(runId, accumulator)
  }
  return accumulator
}

export function peekAccumulator(runId: string): StreamAccumulator | undefined {
  return accumulators.get(runId)
}

export function dropAccumulator(runId: string): void {
  accumulators.delete(runId)
}

export function holdEarlyUpdate(update: RunUpdate): void {
  let held = early.get(update.runId)
  if (held === undefined) {
    if (early.size >= MAX_UNCLAIMED_RUNS) {
      const oldest = early.keys().next().value
      if (oldest !== undefined) early.delete(oldest)
    }
    held = []
    early.set(update.runId, held)
  }
  held.push(update)
}

/** The updates that arrived before the run was known, in arrival order (and forgets them). */
export function takeEarlyUpdates(runId: string): RunUpdate[] {
  const held = early.get(runId) ?? []
  early.delete(runId)
  return held
}

/** Tests: forget everything. */
export function resetRunStreams(): void {
  accumulators.clear()
  early.clear()
}
