import fc from 'fast-check'
import { encode } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { splitIntoTokenPieces, wellFormed } from './token-pieces'

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

describe('splitIntoTokenPieces', () => {
  it('gives one piece per token for plain text, concatenating to the text', () => {
    const text =
      'This is a simulated reply from the local gateway, with `code` and **markdown**.\n\n- one\n- two'
    const pieces = splitIntoTokenPieces(text)
    expect(pieces.join('')).toBe(text)
    expect(pieces).toHaveLength(encode(text).length)
  })

  it('never splits a character: tokens ending inside one are merged with the next', () => {
    const text = 'héllo 👋 wörld 日本語 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👨‍👩‍👧 ok'
    const pieces = splitIntoTokenPieces(text)
    expect(pieces.join('')).toBe(text)
    for (const piece of pieces) {
      expect(piece).not.toMatch(LONE_SURROGATE)
      expect(piece).not.toContain('\ufffd')
      expect(piece.length).toBeGreaterThan(0)
    }
    // Some emoji and rare CJK take several tokens: fewer pieces than tokens, never more.
    expect(pieces.length).toBeLessThanOrEqual(encode(text).length)
  })

  it('concatenates to the exact text for any well-formed string, including window-sized ones (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.integer({ min: 0, max: 2500 }),
        (text, pad) => {
          const long = 'x'.repeat(pad) + text + ' y'.repeat(pad % 1500)
          const pieces = splitIntoTokenPieces(long)
          expect(pieces.join('')).toBe(long)
          for (const piece of pieces) expect(piece).not.toMatch(LONE_SURROGATE)
        },
      ),
      { numRuns: 100 },
    )
  })

  it('treats special-token text as plain text instead of throwing', () => {
    const text = 'before <|endoftext|> after <|im_start|>'
    expect(splitIntoTokenPieces(text).join('')).toBe(text)
    expect(countTextTokens(text)).toBeGreaterThan(5)
  })
})

describe('wellFormed', () => {
  it('replaces lone surrogates only', () => {
    expect(wellFormed('a\ud800b\udc00c👋')).toBe('a\ufffdb\ufffdc👋')
  })
})
