import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DialectId } from '../chat/chat-request'
import type { StreamPart } from '../chat/stream-part'
import { dialects } from '../dialects'
import { replyTimeline, STALL_MS, createTimelineBuilder } from './reply-timeline'
import type { RawSseEvent } from './run-types'

/** What a server writes for these parts, as the inspector keeps it: each event with its arrival time. */
function rawEvents(dialect: DialectId, parts: StreamPart[], times: (i: number) => number): RawSseEvent[] {
  const encoder = dialects[dialect].encodeStream({ id: 'r1', model: 'm', created: 0, includeUsage: true })
  const frames = [...parts.flatMap((part) => encoder.push(part)), ...encoder.end()]
  return frames
    .flatMap((frame) => ('comment' in frame ? [] : [frame]))
    .map((frame, i) => ({
      atMs: times(i),
      data: frame.data,
      ...(frame.event === undefined ? {} : { event: frame.event }),
    }))
}

const stream = (...middle: StreamPart[]): StreamPart[] => [
  { type: 'start', id: 'r1', model: 'm' },
  ...middle,
  { type: 'finish', reason: { unified: 'stop', raw: 'stop' } },
  { type: 'end' },
]

describe('replyTimeline', () => {
  it.each<DialectId>(['openai-chat', 'anthropic-messages'])(
    '%s: thinking then text, a stall of STALL_MS marked, tokens spread by characters up to the reply count',
    (dialect) => {
      const parts = stream(
        { type: 'reasoning-delta', text: 'Let me think' },
        { type: 'reasoning-delta', text: ' about it.' },
        { type: 'text-delta', text: 'Hello' },
        { type: 'text-delta', text: ' world, again.' },
      )
      const events = rawEvents(dialect, parts, (i) => i * 10)
      // The last text event comes after a pause of exactly the stall threshold.
      const lastText = events.findLastIndex((e) => e.data.includes('again'))
      for (let i = lastText; i < events.length; i++) (events[i] as RawSseEvent).atMs += STALL_MS
      const timeline = replyTimeline(dialect, events, 40)

      expect(timeline.events.map((e) => e.phase)).toEqual(['reasoning', 'reasoning', 'text', 'text'])
      // Each piece is the raw event the inspector lists at that position and time.
      for (const event of timeline.events) expect(events[event.index]?.atMs).toBe(event.atMs)
      expect(timeline.ttftMs).toBe(timeline.events[0]?.atMs)
      expect(timeline.events.at(-1)?.tokens).toBe(40)
      expect(timeline.tokens).toBe(40)
      // 22 of 41 characters are reasoning.
      expect(timeline.phases.map((p) => [p.phase, p.tokens])).toEqual([
        ['reasoning', Math.round((40 * 22) / 41)],
        ['text', 40 - Math.round((40 * 22) / 41)],
      ])
      const [before, after] = timeline.events.slice(-2)
      expect(timeline.stalls).toEqual([{ fromMs: before?.atMs, toMs: after?.atMs }])
      expect(timeline.endMs).toBe(events.at(-1)?.atMs)
    },
  )

  it('a tool call is its own phase; a pause just under STALL_MS is no stall', () => {
    const parts = stream(
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Oslo"}' },
      { type: 'tool-call-end', index: 0 },
    )
    const events = rawEvents('openai-chat', parts, (i) => i * (STALL_MS - 1))
    const timeline = replyTimeline('openai-chat', events, 12)
    expect(timeline.phases.map((p) => p.phase)).toEqual(['text', 'tool'])
    expect(timeline.stalls).toEqual([])
  })

  it('without a token count: a quarter of the characters; no reply at all: an empty timeline', () => {
    const events = rawEvents('openai-chat', stream({ type: 'text-delta', text: 'x'.repeat(10) }), () => 5)
    expect(replyTimeline('openai-chat', events).tokens).toBe(3)
    const empty = replyTimeline(
      'openai-chat',
      rawEvents('openai-chat', stream(), () => 5),
      0,
    )
    expect(empty.events).toEqual([])
    expect(empty.ttftMs).toBeUndefined()
  })

  it('read in any slices as they arrive, the same timeline as read at once; tokens never fall', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.string({ minLength: 1, maxLength: 12 })), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 64, maxLength: 64 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 5000 }),
        (deltas, gaps, cuts, tokens) => {
          const parts = stream(
            ...deltas.map(([thinking, text]): StreamPart =>
              thinking ? { type: 'reasoning-delta', text } : { type: 'text-delta', text },
            ),
          )
          let at = 0
          const events = rawEvents('anthropic-messages', parts, (i) => (at += gaps[i % gaps.length] ?? 0))
          const whole = replyTimeline('anthropic-messages', events, tokens)
          const builder = createTimelineBuilder('anthropic-messages')
          let start = 0
          for (let c = 0; start < events.length; c++) {
            const end = start + (cuts[c % cuts.length] ?? 1)
            builder.push(events.slice(start, end))
            start = end
          }
          expect(builder.seen).toBe(events.length)
          expect(builder.timeline(tokens)).toEqual(whole)
          expect(whole.events).toHaveLength(deltas.length)
          whole.events.forEach((e, i) =>
            expect(e.tokens).toBeGreaterThanOrEqual(whole.events[i - 1]?.tokens ?? 0),
          )
          if (deltas.length > 0) expect(whole.events.at(-1)?.tokens).toBe(tokens)
        },
      ),
    )
  })
})
