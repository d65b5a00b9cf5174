/**
 * What a BPE tokenizer's cost depends on, for tests that must show "stays linear" without a stopwatch
 * (a time limit fails on a slow or busy machine and passes a quadratic algorithm on a fast one).
 * BPE work grows faster than linearly with the length of one pre-tokenized piece, and a piece never
 * reaches across whitespace; so if every text handed to the tokenizer has only short runs without
 * whitespace, and the texts add up to about the input once, the total work is linear in the input.
 */

/** The longest stretch of `text` without whitespace (an upper bound on its longest BPE piece). */
export function longestRunWithoutWhitespace(text: string): number {
  let longest = 0
  for (const run of text.split(/[\s]+/)) longest = Math.max(longest, run.length)
  return longest
}

/** The texts a tokenizer function was called with, from a vitest spy's `mock.calls`. */
export function tokenizedTexts(calls: ReadonlyArray<readonly unknown[]>): string[] {
  return calls.map(([text]) => String(text))
}

export function totalLength(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + text.length, 0)
}
