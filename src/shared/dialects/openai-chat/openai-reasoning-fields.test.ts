import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { reasoningPartsFrom } from './openai-reasoning-fields'

const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 20 })

describe('reasoningPartsFrom', () => {
  it('never throws on whatever a server puts in reasoning_details, and keeps only well-formed entries', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }), (details) => {
        const parts = reasoningPartsFrom({ reasoning_details: details })
        for (const part of parts) {
          if (part.type === 'reasoning') expect(typeof part.text).toBe('string')
          else expect(typeof part.data).toBe('string')
        }
      }),
    )
  })

  it('takes the text from reasoning_content first, then reasoning, then the details, never twice', () => {
    fc.assert(
      fc.property(
        fc.option(text, { nil: undefined }),
        fc.option(text, { nil: undefined }),
        fc.array(text, { maxLength: 3 }),
        (reasoningContent, reasoning, detailTexts) => {
          const details = detailTexts.map((t) => ({ type: 'reasoning.text', text: t }))
          const parts = reasoningPartsFrom({
            reasoning_content: reasoningContent,
            reasoning,
            reasoning_details: details,
          })
          const expected = reasoningContent ?? reasoning ?? detailTexts.join('')
          if (expected === '') expect(parts).toEqual([])
          else expect(parts).toEqual([{ type: 'reasoning', text: expected }])
        },
      ),
    )
  })

  it('keeps a detail’s signature and its encrypted entries, after the text', () => {
    expect(
      reasoningPartsFrom({
        reasoning_details: [
          { type: 'reasoning.encrypted', data: 'ZW5j' },
          { type: 'reasoning.summary', summary: 'In short.' },
          { type: 'reasoning.text', text: ' More.', signature: 'c2ln' },
          { type: 'reasoning.text', text: 7 },
          'junk',
        ],
      }),
    ).toEqual([
      { type: 'reasoning', text: 'In short. More.', signature: 'c2ln' },
      { type: 'redacted-reasoning', data: 'ZW5j' },
    ])
  })

  it('reads nothing from null or absent fields', () => {
    expect(reasoningPartsFrom({ reasoning_content: null, reasoning: null, reasoning_details: null })).toEqual(
      [],
    )
    expect(reasoningPartsFrom({})).toEqual([])
  })
})
