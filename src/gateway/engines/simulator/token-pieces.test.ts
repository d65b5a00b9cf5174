import fc from 'fast-check'
import { countTokens, encode } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { longestRunWithoutWhitespace } from '../../../../test/support/tokenizer-work'
import { countTextTokens, forEachTokenWindow, splitIntoTokenPieces, wellFormed } from './token-pieces'

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

describe('countTextTokens', () => {
  it('equals the tokenizer count for ordinary text, also across window boundaries', () => {
    const paragraph = 'The quick brown fox jumps over the lazy dog, again and again. '
    for (const text of [paragraph, paragraph.repeat(200)]) {
      expect(countTextTokens(text)).toBe(countTokens(text))
    }
  })

  it('stays linear on a long run without whitespace (plain BPE is quadratic there)', () => {
    // 1 MB of pseudo-random lowercase letters: a single pre-token piece, like a pasted blob.
    let run = ''
    for (let i = 0; i < 1_000_000; i++)
      run += String.fromCharCode(97 + ((Math.imul(i, 2654435761) >>> 27) % 26))
    // Linear by construction, whatever the machine's speed: the tokenizer only ever sees short
    // windows, and each character once (see test/support/tokenizer-work.ts).
    const windows: string[] = []
    forEachTokenWindow(run, (window) => windows.push(window))
    expect(windows.join('')).toBe(run)
    expect(Math.max(...windows.map(longestRunWithoutWhitespace))).toBeLessThanOrEqual(256)
    // And it is still counted as text: a model sees a blob as several letters per token.
    const blob = run.slice(0, 100_000)
    expect(countTextTokens(blob)).toBeGreaterThan(blob.length / 6)
  })
})

describe('forEachTokenWindow', () => {
  it('cuts text into slices that concatenate back, never between surrogates (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 6000 }), (text) => {
        const windows: string[] = []
        forEachTokenWindow(text, (window) => windows.push(window))
        expect(windows.join('')).toBe(text)
        for (const window of windows) expect(window).not.toMatch(LONE_SURROGATE)
      }),
      { numRuns: 50 },
    )
  })
})

describe('wellFormed', () => {
  it('replaces lone surrogates only', () => {
    expect(wellFormed('a\ud800b\udc00c👋')).toBe('a\ufffdb\ufffdc👋')
  })
})
