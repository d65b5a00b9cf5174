import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import type { StreamPart } from '@shared/chat/stream-part'
import { runUpdateSchema, type RunMetrics, type RunUpdate } from '@shared/runs/run-types'
import { createManualFrames } from './__fixtures__/manual-frames'
import { createRunUpdateBatcher, timeoutFrameScheduler, type RunUpdateBatcher } from './run-update-batcher'

function setup(metrics: RunMetrics | undefined = undefined) {
  const frames = createManualFrames()
  const updates: RunUpdate[] = []
  const batcher = createRunUpdateBatcher({
    runId: 'run-1',
    emit: (update) => updates.push(update),
    scheduleFrame: frames.schedule,
    metrics: () => metrics,
  })
  return { frames, updates, batcher }
}

const text = (t: string): StreamPart => ({ type: 'text-delta', text: t })

describe('createRunUpdateBatcher', () => {
  it('sends nothing until the frame, then everything since the last frame in one update', () => {
    const { frames, updates, batcher } = setup()
    batcher.set('adjustments', [])
    batcher.addParts([text('a'), text('b')])
    batcher.addParts([text('c')])
    batcher.addRawEvent({ atMs: 1, data: 'x' })
    expect(updates).toHaveLength(0)
    expect(frames.pending).toBe(1)
    frames.runFrame()
    expect(updates).toEqual([
      {
        runId: 'run-1',
        seq: 0,
        adjustments: [],
        parts: [text('a'), text('b'), text('c')],
        rawEvents: [{ atMs: 1, data: 'x' }],
      },
    ])
    frames.runFrame()
    expect(updates).toHaveLength(1) // nothing new, nothing sent
  })

  it('keeps order and loses nothing across frames, with contiguous seq', () => {
    const { frames, updates, batcher } = setup()
    const sent: string[] = []
    for (let i = 0; i < 1000; i++) {
      sent.push(String(i))
      batcher.addParts([text(String(i))])
      if (i % 37 === 0) frames.runFrame()
    }
    batcher.finish({ state: 'completed' }, undefined)
    const received = updates
      .flatMap((u) => u.parts ?? [])
      .map((p) => (p.type === 'text-delta' ? p.text : '?'))
    expect(received).toEqual(sent)
    expect(updates.map((u) => u.seq)).toEqual(updates.map((_, i) => i))
    for (const update of updates) expect(runUpdateSchema.safeParse(update).success).toBe(true)
  })

  it('flushes pending news with the terminal state at once, and never sends after it', () => {
    const metrics: RunMetrics = { startedAt: 1, outputTokens: 3, outputTokensEstimated: true }
    const { frames, updates, batcher } = setup(metrics)
    batcher.addParts([text('partial')])
    batcher.touchMetrics()
    batcher.finish({ state: 'aborted' }, { ...metrics, totalMs: 9 })
    expect(frames.pending).toBe(0)
    expect(updates).toEqual([
      {
        runId: 'run-1',
        seq: 0,
        parts: [text('partial')],
        metrics: { ...metrics, totalMs: 9 },
        terminal: { state: 'aborted' },
      },
    ])
    batcher.addParts([text('late')])
    batcher.finish({ state: 'completed' }, undefined)
    frames.runFrame()
    expect(updates).toHaveLength(1)
  })

  it('reads metrics once per frame, only when they changed', () => {
    let reads = 0
    const frames = createManualFrames()
    const updates: RunUpdate[] = []
    const batcher = createRunUpdateBatcher({
      runId: 'r',
      emit: (u) => updates.push(u),
      scheduleFrame: frames.schedule,
      metrics: () => {
        reads++
        return { startedAt: 0, outputTokens: reads, outputTokensEstimated: true }
      },
    })
    for (let i = 0; i < 50; i++) batcher.touchMetrics()
    frames.runFrame()
    batcher.addParts([text('x')])
    frames.runFrame()
    expect(reads).toBe(1)
    expect(updates[0]?.metrics?.outputTokens).toBe(1)
    expect(updates[1]?.metrics).toBeUndefined()
  })

  it('reports the raw-event cap once, and keeps the latest of a replaced field', () => {
    const { frames, updates, batcher } = setup()
    batcher.set('retry', { attempt: 1, delayMs: 500, reason: 'HTTP 429' })
    batcher.set('retry', { attempt: 2, delayMs: 1000, reason: 'HTTP 429' })
    batcher.markRawEventsTruncated()
    frames.runFrame()
    batcher.addParts([text('x')])
    frames.runFrame()
    expect(updates[0]).toMatchObject({ retry: { attempt: 2 }, rawEventsTruncated: true })
    expect(updates[1]?.rawEventsTruncated).toBeUndefined()
  })
})

describe('flushed', () => {
  it('resolves when the pending update went out, at once when nothing is pending', async () => {
    const { frames, updates, batcher } = setup()
    await batcher.flushed()
    batcher.set('retry', { attempt: 1, delayMs: 0, reason: 'HTTP 429' })
    let resolved = false
    const waiting = batcher.flushed().then(() => (resolved = true))
    await Promise.resolve()
    expect(resolved).toBe(false)
    frames.runFrame()
    await waiting
    expect(updates).toHaveLength(1)
    expect(resolved).toBe(true)
  })
})

describe('timeoutFrameScheduler: the real cadence', () => {
  const FRAME_MS = 16

  /** Changes at the given times (ms, fake clock); the times updates went out. */
  function emitTimes(
    changeTimes: readonly number[],
    change: (batcher: RunUpdateBatcher, at: number) => void = (batcher) => batcher.addParts([text('x')]),
  ): { sent: number[]; parts: number } {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    try {
      const sent: number[] = []
      let parts = 0
      const batcher = createRunUpdateBatcher({
        runId: 'r',
        emit: (update) => {
          sent.push(performance.now())
          parts += update.parts?.length ?? 0
        },
        scheduleFrame: timeoutFrameScheduler(FRAME_MS),
        metrics: () => undefined,
      })
      const start = performance.now()
      for (const at of [...changeTimes].sort((a, b) => a - b)) {
        vi.advanceTimersByTime(start + at - performance.now())
        change(batcher, at)
      }
      vi.advanceTimersByTime(10 * FRAME_MS)
      return { sent: sent.map((t) => t - start), parts }
    } finally {
      vi.useRealTimers()
    }
  }

  it('sends a change after a quiet frame at once (the first token does not wait a frame)', () => {
    expect(emitTimes([0]).sent).toEqual([0])
    expect(emitTimes([0, 100]).sent).toEqual([0, 100])
    // Right after a flush, the next change waits out the frame.
    expect(emitTimes([0, 5]).sent).toEqual([0, FRAME_MS])
  })

  it("sends a reply's first text at once after news nobody waits on (headers, a start part)", () => {
    // The response's headers and the stream's start part, then the first text 3 ms later.
    const atStart = (batcher: RunUpdateBatcher, at: number): void => {
      if (at === 0) batcher.set('response', { status: 200, headers: {} })
      else if (at === 1) batcher.addParts([{ type: 'start' }])
      else batcher.addParts([text('x')])
    }
    const { sent, parts } = emitTimes([0, 1, 4], atStart)
    expect(sent).toEqual([4])
    expect(parts).toBe(2)
    // News alone still goes out, a frame later.
    expect(emitTimes([0], (batcher) => batcher.touchMetrics()).sent).toEqual([FRAME_MS])
  })

  it('never sends two updates of a run less than a frame apart, and loses no change', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.boolean()), { minLength: 1, maxLength: 60 }),
        (changes) => {
          // Content and news nobody waits on, mixed.
          const content = new Map(changes)
          const times = changes.map(([at]) => at)
          const { sent } = emitTimes(times, (batcher, at) =>
            content.get(at) ? batcher.addParts([text('x')]) : batcher.touchMetrics(),
          )
          const parts = emitTimes(times).parts
          expect(parts).toBe(times.length)
          for (let i = 1; i < sent.length; i++)
            expect(sent[i]! - sent[i - 1]!).toBeGreaterThanOrEqual(FRAME_MS)
        },
      ),
      { numRuns: 100 },
    )
  })
})
