import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatResult } from './chat-result'
import { reduceStreamParts } from './reduce-stream-part'
import { resultToParts } from './result-to-parts'

const usage = fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() })
const finish = fc.record({
  unified: fc.constantFrom('stop', 'length', 'tool-calls', 'content-filter', 'error', 'other' as const),
  raw: fc.string({ minLength: 1 }),
})
// Adjacent text parts merge when streamed, and so does thinking that follows unsigned thinking (only
// a signature ends a thinking block): generate content where neither happens.
const content = fc
  .array(
    fc.oneof(
      fc.record({ type: fc.constant('text' as const), text: fc.string({ minLength: 1 }) }),
      fc.record({
        type: fc.constant('tool-call' as const),
        id: fc.string({ minLength: 1 }),
        name: fc.string({ minLength: 1 }),
        arguments: fc.string(),
      }),
      fc.record({
        type: fc.constant('reasoning' as const),
        text: fc.string(),
        signature: fc.string({ minLength: 1 }),
      }),
      fc.record({ type: fc.constant('reasoning' as const), text: fc.string({ minLength: 1 }) }),
      fc.record({ type: fc.constant('redacted-reasoning' as const), data: fc.string() }),
    ),
    { maxLength: 6 },
  )
  .filter((items) =>
    items.every((item, i) => {
      const before = items[i - 1]
      if (item.type === 'text') return before?.type !== 'text'
      if (item.type === 'reasoning') return !(before?.type === 'reasoning' && !('signature' in before))
      return true
    }),
  )

describe('resultToParts', () => {
  it('is the inverse of reduceStreamParts for completed and incomplete results', () => {
    fc.assert(
      fc.property(
        content,
        fc.option(usage, { nil: undefined }),
        fc.option(finish, { nil: undefined }),
        fc.constantFrom('completed', 'incomplete' as const),
        (items, u, f, status) => {
          const result: ChatResult = { id: 'x', model: 'm', content: items, status }
          if (u) result.usage = u
          if (f) result.finish = f
          expect(reduceStreamParts(resultToParts(result))).toEqual(result)
        },
      ),
    )
  })

  it('carries a provider error as an error part, never as a completed stream', () => {
    const result: ChatResult = {
      content: [{ type: 'text', text: 'partial' }],
      status: 'provider_error',
      error: { type: 'overloaded_error', message: 'Overloaded', kind: 'overloaded' },
    }
    const parts = resultToParts(result)
    expect(parts.some((p) => p.type === 'end')).toBe(false)
    expect(reduceStreamParts(parts)).toEqual(result)
  })
})
