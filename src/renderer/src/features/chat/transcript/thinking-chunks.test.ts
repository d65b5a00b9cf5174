import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { thinkingChunks } from './thinking-chunks'

// Lines of thinking: words, blank lines, long lines without a break.
const thinking = fc
  .array(
    fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.constantFrom('\n', '\n\n', '\n\n\n'),
      fc.string({ minLength: 900, maxLength: 1500 }),
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''))

describe('thinkingChunks', () => {
  it('loses nothing: the chunks join back to the text', () => {
    fc.assert(
      fc.property(thinking, (text) => {
        expect(thinkingChunks(text).join('')).toBe(text)
      }),
    )
  })

  it('cuts only after a line break, so each chunk laid out as a block keeps the lines of the whole', () => {
    fc.assert(
      fc.property(thinking, (text) => {
        const chunks = thinkingChunks(text)
        for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/\n$/)
        // A run of line breaks stays in one chunk (a blank line is not split across two blocks).
        for (const chunk of chunks.slice(1)) expect(chunk.startsWith('\n')).toBe(false)
      }),
    )
  })

  it('keeps earlier chunks as they were while the text grows, so a frame lays out only its end', () => {
    fc.assert(
      fc.property(thinking, thinking, (before, added) => {
        const earlier = thinkingChunks(before)
        const later = thinkingChunks(before + added)
        // The last chunk grows; the one before it may take more line breaks of the same run.
        expect(later.slice(0, Math.max(0, earlier.length - 2))).toEqual(earlier.slice(0, -2))
      }),
    )
  })

  it('holds a long thinking in few blocks', () => {
    const paragraph = `${'Check the sums once more. '.repeat(10)}\n\n`
    const text = paragraph.repeat(200)
    const chunks = thinkingChunks(text)
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(text.length / 1_000) + 1)
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(1_000 + paragraph.length)
  })
})
