import { describe, expect, it } from 'vitest'
import type { ReplyTimeline } from '@shared/runs/reply-timeline'
import { timelineData } from './timeline-data'

/** A reply of `count` events, one token each, `gapMs` apart starting at `startMs`. */
function reply(count: number, startMs: number, gapMs: number): ReplyTimeline {
  const events = Array.from({ length: count }, (_, index) => ({
    index,
    atMs: startMs + index * gapMs,
    phase: 'text' as const,
    chars: 4,
    tokens: index + 1,
  }))
  return { events, endMs: startMs + count * gapMs, stalls: [], phases: [], tokens: count }
}

describe('timelineData', () => {
  it('puts short replies on one time axis, each stepping at its own events', () => {
    const [x, a, b] = timelineData([reply(2, 10, 10), reply(1, 15, 1)])
    expect(x).toEqual([0, 10, 15, 20])
    expect(a).toEqual([0, 1, null, 2])
    expect(b).toEqual([0, null, 1, null])
  })

  it('draws a long reply at the chart resolution: ends where it ends, never above its tokens', () => {
    // 45,000 tokens at 3,000 tokens/s: an event every third of a millisecond.
    const long = reply(45_000, 100, 1 / 3)
    const [x, y] = timelineData([long, reply(30_000, 50, 0.5)])
    expect(x.length).toBeLessThanOrEqual(2 * 1_001 + 1)
    const points = (y ?? []).filter((value): value is number => value !== null && value !== undefined)
    expect(points.at(-1)).toBe(45_000)
    expect(x[(y ?? []).lastIndexOf(45_000)]).toBe(long.events.at(-1)?.atMs)
    // Still a step line going up.
    expect(points).toEqual([...points].sort((p, q) => p - q))
  })
})
