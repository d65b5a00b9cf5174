import { createStreamAccumulator, type StreamAccumulator } from '@shared/chat/reduce-stream-part'
import type { RunUpdate } from '@shared/runs/run-types'

/**
 * What a run needs between frames besides its `LiveRun`, as plain store data: the stream its parts
 * were reduced into, and updates that arrived before `chat:start` answered with their run id (main
 * starts streaming at once, so the first update can beat the reply). Both are changed only by
 * returning new values, so the reducer that uses them stays pure.
 */
export type RunStreams = Readonly<Record<string, StreamAccumulator>>
export type HeldUpdates = Readonly<Record<string, readonly RunUpdate[]>>

/** Updates of runs nobody claimed are kept for this many runs at most (another window's, a late one). */
export const MAX_UNCLAIMED_RUNS = 64

/**
 * A copy of a stream that parts can be reduced into (`reduceStreamPart` mutates) without touching the
 * original, or a new stream. Shallow per content part (strings are immutable): the cost is the number
 * of parts, once per run per frame, not the reply's length per delta (performance.md R2).
 */
export function copyStream(stream: StreamAccumulator | undefined): StreamAccumulator {
  if (stream === undefined) return createStreamAccumulator()
  return {
    result: { ...stream.result, content: stream.result.content.map((part) => ({ ...part })) },
    toolCallSlots: new Map(stream.toolCallSlots),
    ended: stream.ended,
  }
}

/**
 * Held updates with these (of runs not known yet) added in arrival order. When more runs than
 * `MAX_UNCLAIMED_RUNS` are waiting, the runs held longest are forgotten.
 */
export function holdUpdates(held: HeldUpdates, updates: readonly RunUpdate[]): HeldUpdates {
  if (updates.length === 0) return held
  // Grouped first: each run's list is copied once per frame, not once per update.
  const arrived = new Map<string, RunUpdate[]>()
  for (const update of updates) {
    const list = arrived.get(update.runId)
    if (list === undefined) arrived.set(update.runId, [update])
    else list.push(update)
  }
  const next: Record<string, readonly RunUpdate[]> = { ...held }
  for (const [runId, list] of arrived) {
    const waiting = next[runId]
    if (waiting !== undefined) {
      next[runId] = waiting.concat(list)
      continue
    }
    const ids = Object.keys(next)
    // Insertion order is arrival order: the first key is the run held longest.
    if (ids.length >= MAX_UNCLAIMED_RUNS && ids[0] !== undefined) delete next[ids[0]]
    next[runId] = list
  }
  return next
}

/** The updates held for a run, and what stays held without them. */
export function takeHeldUpdates(
  held: HeldUpdates,
  runId: string,
): { updates: readonly RunUpdate[]; held: HeldUpdates } {
  const updates = held[runId]
  if (updates === undefined) return { updates: [], held }
  const { [runId]: _taken, ...rest } = held
  return { updates, held: rest }
}
