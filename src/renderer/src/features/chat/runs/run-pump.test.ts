// @vitest-environment happy-dom
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import type { RunUpdate } from '@shared/runs/run-types'
import { createCommitPacer, FRAME_MS } from './commit-pacer'
import { startRunPump, type FrameHost } from './run-pump'

vi.mock('@renderer/lib/api', () => ({
  shell: 'browser',
  api: { invoke: vi.fn(), on: vi.fn(() => () => undefined) },
}))

const MAX_DELAY_MS = 250

/**
 * A page on a fake clock: frames every `FRAME_MS` unless the last one's rendering overran, a timer
 * queue, key presses, and what each commit costs to render. Everything runs in time order.
 */
function createFakePage(costOf: (batch: number) => number) {
  let now = 0
  let frameCallbacks: Array<() => void> = []
  let timers: Array<{ at: number; callback: () => void; id: number }> = []
  let afterRendering: Array<() => void> = []
  let inputListener: (() => void) | undefined
  let nextId = 1
  /** The time the current frame's rendering ends (a commit in it makes it longer). */
  let frameEnd = 0
  const host: FrameHost = {
    requestFrame: (callback) => {
      frameCallbacks.push(callback)
    },
    setTimer: (callback, ms) => {
      const id = nextId++
      timers.push({ at: now + ms, callback, id })
      return id
    },
    clearTimer: (handle) => {
      timers = timers.filter((timer) => timer.id !== handle)
    },
    pacing: {
      now: () => now,
      afterRendering: (callback) => {
        afterRendering.push(callback)
      },
      onInput: (listener) => {
        inputListener = listener
        return () => (inputListener = undefined)
      },
    },
  }
  return {
    host,
    now: () => now,
    /** Runs timers due before `until`, then a frame at `until` (or later, if the last frame overran). */
    frameAt(until: number, committedBefore: () => number) {
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > until) break
        timers = timers.filter((t) => t !== timer)
        now = Math.max(now, timer.at)
        timer.callback()
      }
      now = Math.max(until, frameEnd)
      const before = committedBefore()
      const run = frameCallbacks
      frameCallbacks = []
      for (const callback of run) callback()
      const committed = committedBefore() - before
      frameEnd = now + (committed > 0 ? costOf(committed) : FRAME_MS)
      now = frameEnd
      const rendered = afterRendering
      afterRendering = []
      for (const callback of rendered) callback()
    },
    press() {
      inputListener?.()
    },
  }
}

const update = (seq: number): RunUpdate => ({ runId: 'r', seq })

describe('startRunPump', () => {
  it('commits every update once, in arrival order, none later than the pacer allows, however the updates, keys and commit costs fall', () => {
    const scenario = fc.record({
      arrivals: fc.array(fc.tuple(fc.nat({ max: 40 }), fc.boolean()), { minLength: 1, maxLength: 120 }),
      cost: fc.integer({ min: 1, max: 140 }),
    })
    fc.assert(
      fc.property(scenario, ({ arrivals, cost }) => {
        const page = createFakePage(() => cost)
        let emit: (u: RunUpdate) => void = () => undefined
        const commits: Array<{ at: number; updates: RunUpdate[] }> = []
        const arrivedAt = new Map<number, number>()
        const stop = startRunPump({
          subscribe: (listener) => {
            emit = listener
            return () => undefined
          },
          apply: (updates) => commits.push({ at: page.now(), updates }),
          frames: page.host,
          pacer: createCommitPacer({ share: 0.25, maxDelayMs: MAX_DELAY_MS }),
        })
        let seq = 0
        let t = 0
        const committedCount = (): number => commits.length
        for (const [gap, key] of arrivals) {
          t += gap
          page.frameAt(t, committedCount)
          if (key) page.press()
          arrivedAt.set(seq, page.now())
          emit(update(seq++))
        }
        // Frames go on until everything is committed (bounded: the pacer's delay is).
        for (let i = 0; i < 1000 && commits.flatMap((c) => c.updates).length < seq; i++) {
          page.frameAt(page.now() + FRAME_MS, committedCount)
        }
        stop()

        const delivered = commits.flatMap((c) => c.updates.map((u) => u.seq))
        expect(delivered).toEqual([...Array(seq).keys()])
        for (const c of commits) {
          for (const u of c.updates) {
            // At most the pacer's delay, plus the frame (or overrunning commit) the delay ends in.
            expect(c.at - (arrivedAt.get(u.seq) ?? NaN)).toBeLessThanOrEqual(MAX_DELAY_MS + cost + FRAME_MS)
          }
        }
      }),
    )
  })

  it('commits in every frame while commits fit in a frame', () => {
    const page = createFakePage(() => FRAME_MS / 2)
    let emit: (u: RunUpdate) => void = () => undefined
    let commits = 0
    startRunPump({
      subscribe: (listener) => {
        emit = listener
        return () => undefined
      },
      apply: () => commits++,
      frames: page.host,
    })
    for (let i = 0; i < 20; i++) {
      emit(update(i))
      page.frameAt(page.now() + FRAME_MS, () => commits)
    }
    expect(commits).toBe(20)
  })

  it('leaves frames free between commits that overrun, and commits nothing in the frame after a key', () => {
    const page = createFakePage(() => 80)
    let emit: (u: RunUpdate) => void = () => undefined
    const commitTimes: number[] = []
    startRunPump({
      subscribe: (listener) => {
        emit = listener
        return () => undefined
      },
      apply: () => commitTimes.push(page.now()),
      frames: page.host,
    })
    let frames = 0
    for (let i = 0; i < 60; i++) {
      emit(update(i))
      page.frameAt(page.now() + FRAME_MS, () => commitTimes.length)
      frames++
    }
    // An 80 ms commit overruns its frame by ~63 ms: the next waits until that is a quarter of the time.
    expect(commitTimes.length).toBeLessThan(frames / 3)
    for (let i = 1; i < commitTimes.length; i++) {
      expect((commitTimes[i] ?? 0) - (commitTimes[i - 1] ?? 0)).toBeGreaterThan(80)
    }

    // Wait out the spacing, then press a key: the next frame paints the key alone, the one after commits.
    for (let i = 0; i < 20; i++) page.frameAt(page.now() + FRAME_MS, () => commitTimes.length)
    const before = commitTimes.length
    emit(update(100))
    page.press()
    page.frameAt(page.now() + FRAME_MS, () => commitTimes.length)
    expect(commitTimes.length).toBe(before)
    page.frameAt(page.now() + FRAME_MS, () => commitTimes.length)
    expect(commitTimes.length).toBe(before + 1)
  })
})
