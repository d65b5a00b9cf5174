import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { arbitraryChunking, utf8 } from '@test/support/chunking'
import { reduceStreamParts } from '../../chat/reduce-stream-part'
import type { StreamPart } from '../../chat/stream-part'
import { dialectList, type Dialect } from '..'
import { createPartDecoder } from './part-decoder'
import { encodeSseFrame } from './sse-encode'
import type { SseMessage } from './sse-message'

/** A reply with text, a multi-byte character and a tool call, as the dialect's own server writes it. */
function encodedReply(dialect: Dialect): string {
  const encoder = dialect.encodeStream({ id: 'reply-1', model: 'model-a', created: 1, includeUsage: true })
  const parts: StreamPart[] = [
    { type: 'start', id: 'reply-1', model: 'model-a' },
    { type: 'text-delta', text: 'Hello wörld 👋' },
    { type: 'tool-call-start', index: 0, id: 'call_1', name: 'lookup' },
    { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":"ü"}' },
    { type: 'tool-call-end', index: 0 },
    { type: 'usage', usage: { inputTokens: 3, outputTokens: 5 } },
    { type: 'finish', reason: { unified: 'tool-calls', raw: 'tool_calls' } },
    { type: 'end' },
  ]
  return [...parts.flatMap((part) => encoder.push(part)), ...encoder.end()].map(encodeSseFrame).join('')
}

function decode(
  dialect: Dialect,
  chunks: Array<Uint8Array | string>,
  onEvent?: (event: SseMessage) => boolean,
): StreamPart[][] {
  const calls: StreamPart[][] = []
  const decoder = createPartDecoder(dialect, {
    ...(onEvent ? { onEvent } : {}),
    onParts: (parts) => calls.push(parts),
  })
  for (const chunk of chunks) decoder.feed(chunk)
  decoder.end()
  return calls
}

describe.each(dialectList.map((dialect) => [dialect.id, dialect] as const))(
  'createPartDecoder (%s)',
  (_, dialect) => {
    const wire = encodedReply(dialect)

    it('decodes the same reply however the bytes are cut, never calling back with no parts', () => {
      const whole = decode(dialect, [wire]).flat()
      const result = reduceStreamParts(whole)
      expect(result.status).toBe('completed')
      expect(result.content).toContainEqual({ type: 'text', text: 'Hello wörld 👋' })
      expect(whole.filter((part) => part.type === 'end')).toHaveLength(1)
      fc.assert(
        fc.property(arbitraryChunking(utf8(wire)), (chunks) => {
          const calls = decode(dialect, chunks)
          expect(calls.every((parts) => parts.length > 0)).toBe(true)
          expect(calls.flat()).toEqual(whole)
        }),
      )
    })

    it('invents no end when the body stops before the end marker, and closes the open tool call', () => {
      const cut = wire.slice(0, wire.indexOf('ü'))
      const parts = decode(dialect, [cut]).flat()
      expect(parts.some((part) => part.type === 'end')).toBe(false)
      expect(parts).toContainEqual({ type: 'tool-call-end', index: 0 })
      expect(reduceStreamParts(parts).status).toBe('incomplete')
    })

    it('drops the events its caller refuses: no parts come of them', () => {
      const seen: SseMessage[] = []
      const firstOnly = decode(dialect, [wire], (event) => seen.push(event) === 1).flat()
      const firstEventOnly = decode(dialect, [wire.slice(0, wire.indexOf('\n\n') + 2)]).flat()
      expect(seen.length).toBeGreaterThan(2)
      expect(firstOnly).toEqual(firstEventOnly)
    })
  },
)
