import fc from 'fast-check'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tokenizerCalls as calls } from '@shared/tokens/__fixtures__/tokenizer-calls'
import { MAX_RUN_CHARS } from '@shared/tokens/count-text-tokens'
import { createOutputTokenEstimator } from './output-token-estimator'

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) =>
  (await import('@shared/tokens/__fixtures__/tokenizer-calls')).recordingTokenizer(await importOriginal()),
)
afterEach(() => {
  calls.lengths = []
})

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

  it('costs the delta, not the reply: a long reply in many deltas is tokenized about once', () => {
    const estimator = createOutputTokenEstimator()
    let length = 0
    for (let i = 0; i < 20_000; i++) {
      const delta = i % 3 === 0 ? ' word' : 'ing'
      estimator.add('text', delta)
      length += delta.length
    }
    calls.lengths = []
    const total = estimator.total()
    expect(total).toBeGreaterThan(6_000)
    // Counting the total re-reads only the uncommitted tail, not the reply.
    expect(calls.lengths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_RUN_CHARS)
    expect(length).toBeGreaterThan(60_000)
  })

  it.each([
    ['one 200 KB delta', ['a'.repeat(200_000)]],
    ['one 200 KB delta ending in a word', ['a'.repeat(200_000) + ' end']],
    ['a 200 KB delta after a word', ['start ', 'b'.repeat(200_000), ' end']],
    ['200 KB of spaces', [' '.repeat(200_000), 'x']],
    ['200 KB in 1 KB deltas', Array.from({ length: 200 }, () => 'c'.repeat(1000))],
  ])('counts a run of one repeated character (%s) in bounded tokenizer calls', (_, deltas) => {
    const estimator = createOutputTokenEstimator()
    for (const delta of deltas) estimator.add('text', delta)
    const total = estimator.total()
    expect(total).toBeGreaterThan(0)
    // Each call is at most one run long (+1 keeps a surrogate pair whole): linear in the text.
    expect(Math.max(...calls.lengths)).toBeLessThanOrEqual(MAX_RUN_CHARS + 1)
    expect(calls.lengths.reduce((a, b) => a + b, 0)).toBe(deltas.join('').length)
  })
})
