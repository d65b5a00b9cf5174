import type { StreamPart } from '@shared/chat/stream-part'
import type { RawSseEvent, RunUpdate } from '@shared/runs/run-types'

/** Fields that replace the pending value when set again within a frame (the latest one counts). */
type LatestFields = Pick<RunUpdate, 'request' | 'adjustments' | 'response' | 'retry'>

/** What a run's news adds to its next update (the batcher's own methods, and `take`). */
export type PendingRunUpdate = {
  set<K extends keyof LatestFields>(field: K, value: NonNullable<LatestFields[K]>): void
  /** Appends in order; nothing is ever dropped or reordered across batches. */
  addParts(parts: readonly StreamPart[]): void
  addRawEvent(event: RawSseEvent): void
  markRawEventsTruncated(): void
  /** The update of everything gathered, numbered `seq` 0, 1, 2…; the next one starts empty. */
  take(): RunUpdate
}

/** What one run's next update will carry, gathered in order until it goes out. */
export function createPendingRunUpdate(runId: string): PendingRunUpdate {
  let seq = 0
  let latest: LatestFields = {}
  let parts: StreamPart[] = []
  let rawEvents: RawSseEvent[] = []
  let rawEventsTruncated = false
  return {
    set(field, value) {
      latest[field] = value
    },
    addParts(newParts) {
      for (const part of newParts) parts.push(part)
    },
    addRawEvent(event) {
      rawEvents.push(event)
    },
    markRawEventsTruncated() {
      rawEventsTruncated = true
    },
    take() {
      const update: RunUpdate = { runId, seq: seq++, ...latest }
      if (parts.length > 0) update.parts = parts
      if (rawEvents.length > 0) update.rawEvents = rawEvents
      if (rawEventsTruncated) update.rawEventsTruncated = true
      latest = {}
      parts = []
      rawEvents = []
      rawEventsTruncated = false
      return update
    },
  }
}
