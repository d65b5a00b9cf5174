import fc from 'fast-check'
import type * as O200kBase from 'gpt-tokenizer/encoding/o200k_base'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it, vi } from 'vitest'
import {
  longestRunWithoutWhitespace,
  tokenizedTexts,
  totalLength,
} from '../../../../test/support/tokenizer-work'
import { createOutputTokenEstimator } from './output-token-estimator'
import type * as OutputTokenEstimatorModule from './output-token-estimator'

// The real tokenizer, watched: the linearity test checks what it is handed.
vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  const actual = await importOriginal<typeof O200kBase>()
  return { ...actual, countTokens: vi.fn(actual.countTokens) }
})

/**
 * The module under test, loaded again so that it imports the watched tokenizer: the unit project
 * shares its module cache between files, and an earlier file may have loaded it with the real one.
 */
async function freshWithWatchedTokenizer(): Promise<typeof OutputTokenEstimatorModule> {
  vi.resetModules()
  return import('./output-token-estimator')
}

const PROSE =
  'The quick brown fox jumps over the lazy dog. Streaming replies arrive as small deltas, ' +
  'sometimes a word, sometimes half of one, and the counter must keep up without re-reading.\n\n' +
  '- a list item\n- another one with `code`\n'

function feed(text: string, cuts: number[]): number {
  const estimator = createOutputTokenEstimator()
  let start = 0
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    estimator.add('text', text.slice(start, cut))
    start = cut
  }
  estimator.add('text', text.slice(start))
  return estimator.total()
}

describe('createOutputTokenEstimator', () => {
  it('counts prose exactly like tokenizing the whole text, however it is split into deltas', () => {
    const whole = countTokens(PROSE)
    expect(feed(PROSE, [])).toBe(whole)
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: PROSE.length - 1 }), { maxLength: 40 }),
        (cuts) => {
          expect(feed(PROSE, cuts)).toBe(whole)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('stays close on text without whitespace (minified JSON arguments) and never throws on special tokens', () => {
    const json = JSON.stringify({
      items: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `item-${i}` })),
    })
    const estimate = feed(
      json,
      Array.from({ length: 200 }, (_, i) => (i + 1) * 7),
    )
    const exact = countTokens(json)
    expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.05)
    expect(feed('say <|endoftext|> now', [5])).toBeGreaterThan(0)
  })

  it('keeps channels apart: text and tool arguments are separate texts', () => {
    const estimator = createOutputTokenEstimator()
    estimator.add('text', 'Hello')
    estimator.add('tool:0', '{"city":')
    estimator.add('text', ' world')
    estimator.add('tool:0', '"Paris"}')
    expect(estimator.total()).toBe(countTokens('Hello world') + countTokens('{"city":"Paris"}'))
  })

  it('does not split a surrogate pair when a long run is committed', () => {
    const emoji = '😀'.repeat(100)
    const estimator = createOutputTokenEstimator()
    for (let i = 0; i < emoji.length; i++) estimator.add('text', emoji[i] as string)
    // Splitting a pair would count U+FFFD pieces: a bound that holds only for whole characters.
    expect(estimator.total()).toBeLessThanOrEqual(countTokens(emoji) + 2)
  })

  it('costs the delta, not the reply: a long reply in many deltas is tokenized about once', async () => {
    const estimator = (await freshWithWatchedTokenizer()).createOutputTokenEstimator()
    vi.mocked(countTokens).mockClear()
    let length = 0
    let totals = 0
    for (let i = 0; i < 20_000; i++) {
      const delta = i % 3 === 0 ? ' word' : 'ing'
      estimator.add('text', delta)
      length += delta.length
      if (i % 50 === 49) {
        estimator.total() // as the app asks, about once a frame
        totals += 1
      }
    }
    expect(estimator.total()).toBeGreaterThan(6_000)
    totals += 1
    // Linear whatever the machine's speed (no stopwatch: see test/support/tokenizer-work.ts): the
    // reply once, plus a short tail per total, never the reply so far again on every delta.
    const texts = tokenizedTexts(vi.mocked(countTokens).mock.calls)
    expect(Math.max(...texts.map(longestRunWithoutWhitespace))).toBeLessThanOrEqual(256)
    expect(totalLength(texts)).toBeLessThanOrEqual(length + totals * 256)
  })
})
