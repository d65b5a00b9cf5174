import { memoizeLongText, type LongTextMemoLimits } from '../cache/long-text-memo'

/**
 * Remembers the token count of long texts, so a conversation sent again costs only its new text.
 * Each send of a chat carries the whole history; its settled turns are the same strings every time,
 * and tokenizing them again is the one cost that grows with the conversation (performance.md S1). One cache belongs to one tokenizer (its `countText`):
 * counts of different tokenizers never share entries.
 */
const DEFAULT_TOKEN_COUNT_CACHE_LIMITS: LongTextMemoLimits = {
  minChars: 256,
  // 16M characters (≤ 32 MB): the 1M-token conversation of both panes four times over.
  maxChars: 16 * 1024 * 1024,
}

export type CountText = (text: string) => number

export function createTokenCountCache(
  countText: CountText,
  limits: LongTextMemoLimits = DEFAULT_TOKEN_COUNT_CACHE_LIMITS,
): CountText {
  return memoizeLongText(countText, limits)
}
