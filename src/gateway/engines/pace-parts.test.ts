import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StreamPart } from '@shared/chat/stream-part'
import { paceParts } from './pace-parts'

const text = (t: string): StreamPart => ({ type: 'text-delta', text: t })
const paced = (parts: StreamPart[], delays: number[]) =>
  parts.map((part, i) => ({ part, delayMs: delays[i] ?? 0 }))

async function collect(iterable: AsyncIterable<StreamPart[]>): Promise<StreamPart[][]> {
  const batches: StreamPart[][] = []
  for await (const batch of iterable) batches.push(batch)
  return batches
}

describe('paceParts', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('yields every part once, in order, whatever the batching', async () => {
    const parts = Array.from({ length: 500 }, (_, i) => text(String(i)))
    const delays = parts.map((_, i) => (i === 0 ? 5 : 1000 / 3000))
    const batches = await collect(paceParts(paced(parts, delays), new AbortController().signal))
    expect(batches.flat()).toEqual(parts)
    // 3,000 parts/s cannot be one timer each: parts due together travel together.
    expect(batches.length).toBeLessThan(parts.length / 2)
  })

  // Fake timers from here on: the schedule is checked against a clock the test owns, so a busy or
  // slow machine cannot change the verdict; lateness is injected on purpose instead.
  it('releases each part at its due time, and a late wake-up does not delay the rest (due times are absolute)', async () => {
    vi.useFakeTimers()
    const parts = Array.from({ length: 100 }, (_, i) => text(String(i)))
    const delays = parts.map((_, i) => (i === 0 ? 50 : 2))
    const dueAt = (index: number) => 50 + index * 2
    let lag = 0 // how late the process runs, as on a busy machine
    const now = () => performance.now() + lag
    const start = now()
    const released: Array<{ index: number; at: number }> = []
    for await (const batch of runWithFakeTimers(
      paceParts(paced(parts, delays), new AbortController().signal, now),
    )) {
      for (const part of batch) released.push({ index: parts.indexOf(part), at: now() - start })
      // Once, after the 10th part, the process stalls for 100 ms.
      if (released.length >= 10 && lag === 0) lag = 100
    }
    expect(released.map((r) => r.index)).toEqual(parts.map((_, i) => i))
    for (const { index, at } of released) expect(at, `part ${index}`).toBeGreaterThanOrEqual(dueAt(index))
    // The parts that fell due during the stall go out together at once, and the stream still ends on
    // schedule: relative delays would have ended 100 ms late.
    const afterStall = released.filter((r) => r.index >= 10 && dueAt(r.index) <= dueAt(9) + 100)
    expect(new Set(afterStall.map((r) => r.at)).size).toBe(1)
    expect(released.at(-1)?.at).toBe(dueAt(99))
  })

  it('stops promptly when aborted, mid-wait, leaving no timer behind', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const parts = [text('a'), text('b'), text('c')]
    const seen: StreamPart[] = []
    let finished = false
    const loop = (async () => {
      for await (const batch of paceParts(paced(parts, [0, 10_000, 0]), controller.signal))
        seen.push(...batch)
      finished = true
    })()
    setTimeout(() => controller.abort(), 30)
    await vi.advanceTimersByTimeAsync(30)
    expect(finished).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    await loop
    expect(seen).toEqual([text('a')])
  })
})

/** Iterates `source`, running due fake timers whenever it waits, so it completes in no real time. */
async function* runWithFakeTimers<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]()
  for (;;) {
    const next = iterator.next()
    // Run timers until this step settles (each step needs at most one timer to fire).
    let settled = false
    void next.then(() => (settled = true))
    while (!settled) await vi.advanceTimersToNextTimerAsync()
    const result = await next
    if (result.done === true) return
    yield result.value
  }
}
