import type { FrameScheduler } from '../run-update-batcher'

/** A frame clock the test drives: nothing is flushed until `runFrame()`, which fires every pending callback. */
export function createManualFrames() {
  const pending = new Set<() => void>()
  let frames = 0
  const schedule: FrameScheduler = (callback) => {
    pending.add(callback)
    return () => pending.delete(callback)
  }
  return {
    schedule,
    runFrame(): void {
      frames++
      const due = [...pending]
      pending.clear()
      for (const callback of due) callback()
    },
    get frames() {
      return frames
    },
    get pending() {
      return pending.size
    },
  }
}
