/** One frame of a 60 Hz display: a commit whose frame fits in it costs nothing to the frames after. */
export const FRAME_MS = 1000 / 60

export type PacerOptions = {
  /**
   * The share of the main thread that commits of run updates may take when their frames overrun:
   * after a commit whose frame took `cost` ms, the next waits until the overrun is this share of the
   * time since. The rest is frames that paint input, scrolling and the worker's markdown at once.
   */
  share: number
  /** No update waits longer than this for its commit: the text never falls further behind. */
  maxDelayMs: number
}

const DEFAULT_PACER_OPTIONS: PacerOptions = { share: 0.25, maxDelayMs: 250 }

export type CommitPacer = {
  /** A key or pointer press arrived: the next frame should paint it without a commit. */
  noteInput(now: number): void
  /** At an animation frame, with updates waiting since `waitingSince`: commit them in this frame? */
  shouldCommit(now: number, waitingSince: number): boolean
  /** The frame of a commit made at `committedAt` finished rendering at `renderedAt`. */
  noteCommitRendered(committedAt: number, renderedAt: number): void
}

/**
 * When the run pump commits the updates it buffered (performance.md R1 and R4 on a slow machine).
 * A commit costs a fixed part (React's render of both panes, style, layout, paint) besides the text
 * it adds: on a fast machine it fits in a frame and every frame commits, as before; where it does not
 * (at 4× CPU throttle, several frames), committing every frame left no frame free, so every key
 * waited behind a commit. Here a commit whose frame overran makes the next wait in proportion, and the
 * frame right after a key press commits nothing, so the key paints at once. Neither can hold an
 * update back longer than `maxDelayMs`. Pure: the pump gives it the times.
 */
export function createCommitPacer(options: PacerOptions = DEFAULT_PACER_OPTIONS): CommitPacer {
  let notBefore = -Infinity
  let lastInput = -Infinity
  let lastFrame = -Infinity
  return {
    noteInput(now) {
      lastInput = Math.max(lastInput, now)
    },
    shouldCommit(now, waitingSince) {
      const previousFrame = lastFrame
      lastFrame = now
      if (now - waitingSince >= options.maxDelayMs) return true
      if (lastInput > previousFrame) return false
      return now >= notBefore
    },
    noteCommitRendered(committedAt, renderedAt) {
      const overrun = Math.max(0, renderedAt - committedAt - FRAME_MS)
      notBefore = Math.max(notBefore, renderedAt + overrun * (1 / options.share - 1))
    },
  }
}
