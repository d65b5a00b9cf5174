import { describe, expect, it } from 'vitest'
import type { StreamPart } from '../../shared/chat/stream-part'
import { paceParts } from './pace-parts'

const text = (t: string): StreamPart => ({ type: 'text-delta', text: t })

async function collect(iterable: AsyncIterable<StreamPart[]>): Promise<StreamPart[][]> {
  const batches: StreamPart[][] = []
  for await (const batch of iterable) batches.push(batch)
  return batches
}

describe('paceParts', () => {
  it('yields every part once, in order, whatever the batching', async () => {
    const parts = Array.from({ length: 500 }, (_, i) => text(String(i)))
    const delays = parts.map((_, i) => (i === 0 ? 5 : 1000 / 3000))
    const batches = await collect(paceParts(parts, delays, new AbortController().signal))
    expect(batches.flat()).toEqual(parts)
    // 3,000 parts/s cannot be one timer each: parts due together travel together.
    expect(batches.length).toBeLessThan(parts.length / 2)
  })

  it('takes about the scheduled time (due times are absolute, lateness does not accumulate)', async () => {
    const parts = Array.from({ length: 100 }, (_, i) => text(String(i)))
    const delays = parts.map((_, i) => (i === 0 ? 50 : 2))
    const started = performance.now()
    await collect(paceParts(parts, delays, new AbortController().signal))
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(50 + 99 * 2 - 5)
    expect(elapsed).toBeLessThan(50 + 99 * 2 + 400)
  })

  it('stops promptly when aborted, mid-wait', async () => {
    const controller = new AbortController()
    const parts = [text('a'), text('b'), text('c')]
    const seen: StreamPart[] = []
    const started = performance.now()
    setTimeout(() => controller.abort(), 30)
    for await (const batch of paceParts(parts, [0, 10_000, 0], controller.signal)) seen.push(...batch)
    expect(seen).toEqual([text('a')])
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
