import fc from 'fast-check'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tokenizerCalls as calls } from './__fixtures__/tokenizer-calls'
import {
  countTextTokens,
  createTokenWindower,
  forEachTokenWindow,
  MAX_RUN_CHARS,
  PLAIN_TEXT,
  WINDOW_CHARS,
} from './count-text-tokens'

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) =>
  (await import('./__fixtures__/tokenizer-calls')).recordingTokenizer(await importOriginal()),
)
afterEach(() => {
  calls.lengths = []
})

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Text made of short fragments, with spaces between words often enough that no stretch is forced. */
const ordinaryText = fc
  .array(
    fc.tuple(
      fc.constantFrom('', ' ', '  ', '\n', '\n\n', '\r\n', '\t', ' - ', '. ', ', ', '.\n'),
      fc.constantFrom(
        'word',
        'the',
        'Zebra',
        '42',
        '1234567',
        'é',
        '日本語',
        '😀',
        "it's",
        '(x)',
        '<|endoftext|>',
      ),
    ),
    { maxLength: 1500, size: 'max' },
  )
  .map((pairs) => pairs.map(([separator, word]) => ` ${word}${separator}`).join(''))

describe('countTextTokens', () => {
  it('equals one unbounded tokenizer call on ordinary text, windows and all (property)', () => {
    fc.assert(
      fc.property(ordinaryText, (text) => {
        expect(countTextTokens(text)).toBe(countTokens(text, PLAIN_TEXT))
      }),
      { numRuns: 60 },
    )
  })

  it('is off by at most two tokens per forced cut on runs it has to cut (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('a', ' ', '\n', '.', '7', '日', 'ab', 'xyz', '\t\n'),
        fc.integer({ min: 200, max: 3000 }),
        (unit, repeat) => {
          const text = `start ${unit.repeat(repeat)} end`
          const exact = countTokens(text, PLAIN_TEXT)
          const forcedCuts = Math.ceil(text.length / MAX_RUN_CHARS)
          expect(Math.abs(countTextTokens(text) - exact)).toBeLessThanOrEqual(2 * forcedCuts)
        },
      ),
      { numRuns: 60 },
    )
  })

  it.each([
    ['one letter', 'a'],
    ['spaces', ' '],
    ['line breaks', '\n'],
    ['a CJK character', '日'],
    ['an emoji', '😀'],
  ])('counts a 200 KB run of %s without ever tokenizing more than a bounded piece', (_, unit) => {
    const text = unit.repeat(Math.ceil(200_000 / unit.length))
    expect(countTextTokens(text)).toBeGreaterThan(0)
    // The tokenizer's cost is quadratic in one piece: bounded pieces make the whole count linear.
    expect(Math.max(...calls.lengths)).toBeLessThanOrEqual(MAX_RUN_CHARS + 1)
    expect(calls.lengths.reduce((a, b) => a + b, 0)).toBe(text.length)
  })
})

describe('forEachTokenWindow', () => {
  it('cuts text into slices that concatenate back, bounded, never between surrogates (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 6000 }), ordinaryText),
        (text) => {
          const windows: string[] = []
          forEachTokenWindow(text, (window) => windows.push(window))
          expect(windows.join('')).toBe(text)
          for (const window of windows) {
            expect(window).not.toMatch(LONE_SURROGATE)
            expect(window.length).toBeGreaterThan(0)
            expect(window.length).toBeLessThanOrEqual(WINDOW_CHARS + 1)
          }
        },
      ),
      { numRuns: 50 },
    )
  })
})

describe('createTokenWindower', () => {
  it('cuts text pushed in any pieces into the very windows of the whole text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 6000 }),
          fc.string({
            unit: fc.constantFrom('a', ' ', '\n', '.', '\ud83d\ude00', 'é'),
            maxLength: 5000,
            size: 'max',
          }),
          ordinaryText,
        ),
        fc.array(fc.nat(), { maxLength: 40 }),
        (text, cutSeeds) => {
          // Pieces cut anywhere: inside surrogate pairs, empty ones, one-character ones.
          const cuts = [...new Set(cutSeeds.map((seed) => seed % (text.length + 1)))].sort((a, b) => a - b)
          const pieces = [0, ...cuts].map((from, k) => text.slice(from, [...cuts, text.length][k]))
          const whole: string[] = []
          forEachTokenWindow(text, (window) => whole.push(window))
          const pushed: string[] = []
          const windower = createTokenWindower((window) => pushed.push(window))
          for (const piece of pieces) windower.push(piece)
          windower.end()
          expect(pushed).toEqual(whole)
        },
      ),
      { numRuns: 300 },
    )
  })
})
