import type * as Tokenizer from 'gpt-tokenizer/encoding/o200k_base'

/**
 * The length of every text gpt-tokenizer is asked to count or encode. Its cost is quadratic in one
 * piece (a long run of one character), so the tests of linear counting assert on these lengths, not
 * on time; and they say how much of a text was tokenized by a given moment.
 * Used from a `vi.mock` factory in `*.isolated.test.ts` files:
 *   vi.mock('gpt-tokenizer/encoding/o200k_base', async (original) =>
 *     (await import('…/__fixtures__/tokenizer-calls')).recordingTokenizer(await original()))
 */
export const tokenizerCalls = { lengths: [] as number[] }

export function recordingTokenizer(original: typeof Tokenizer): typeof Tokenizer {
  return {
    ...original,
    countTokens: (input, options) => {
      if (typeof input === 'string') tokenizerCalls.lengths.push(input.length)
      return original.countTokens(input, options)
    },
    encode: (input, options) => {
      tokenizerCalls.lengths.push(input.length)
      return original.encode(input, options)
    },
  }
}
