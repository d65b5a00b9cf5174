import fc from 'fast-check'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { createOutputTokenEstimator } from './output-token-estimator'

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

  it('costs the delta, not the reply: a long reply in many deltas stays fast', () => {
    const estimator = createOutputTokenEstimator()
    const started = performance.now()
    for (let i = 0; i < 20_000; i++) estimator.add('text', i % 3 === 0 ? ' word' : 'ing')
    const total = estimator.total()
    expect(total).toBeGreaterThan(6_000)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
