import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isLargeText, LARGE_TEXT_BYTES, summarizeLargeText } from './large-text'

describe('isLargeText', () => {
  it('is over LARGE_TEXT_BYTES of UTF-8, whatever the characters', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', 'é', '中', '😀'),
        fc.integer({ min: 0, max: 2 * LARGE_TEXT_BYTES }),
        (char, bytes) => {
          const size = new TextEncoder().encode(char).length
          const text = char.repeat(Math.floor(bytes / size))
          expect(isLargeText(text)).toBe(new TextEncoder().encode(text).length > LARGE_TEXT_BYTES)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('summarizeLargeText', () => {
  it('gives the byte size, the line count and the first lines, each cut short', () => {
    const text = `first line\n${'x'.repeat(500)}\nthird\nfourth\n`
    expect(summarizeLargeText(text)).toEqual({
      bytes: text.length,
      lines: 5,
      firstLines: ['first line', 'x'.repeat(160) + '…', 'third'],
    })
    expect(summarizeLargeText('one line')).toEqual({ bytes: 8, lines: 1, firstLines: ['one line'] })
  })

  it('agrees with a plain split on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', 'é', ' ') }), (text) => {
        const lines = text.split('\n')
        const summary = summarizeLargeText(text, 3, 1000)
        expect(summary.lines).toBe(lines.length)
        expect(summary.firstLines).toEqual(lines.slice(0, 3))
      }),
    )
  })
})
