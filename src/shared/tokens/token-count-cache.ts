/**
 * Remembers the token count of long texts, so a conversation sent again costs only its new text.
 * Each send of a chat carries the whole history; its settled turns are the same strings every time,
 * and tokenizing them again is the one cost that grows with the conversation (524k tokens of
 * history took ~0.5 s per pane per send). One cache belongs to one tokenizer (its `countText`):
 * counts of different tokenizers never share entries.
 *
 * Keyed by the text itself: a Map compares keys by value, so the decoded strings of the next request
 * find the counts of the previous one (no digest to compute; V8 hashes a long string by its length and
 * compares the candidates, which stops at the first differing character). Bounded by the characters
 * it holds, least recently used first out, so memory stays capped whatever the traffic.
 */
export interface TokenCountCacheLimits {
  /** Texts shorter than this are counted each time: cheap, and they would crowd the map. */
  minChars: number
  /** The most characters held over all entries; a text longer than this alone is never kept. */
  maxChars: number
}

const DEFAULT_TOKEN_COUNT_CACHE_LIMITS: TokenCountCacheLimits = {
  minChars: 256,
  // 16M characters (≤ 32 MB): the 1M-token conversation of both panes four times over.
  maxChars: 16 * 1024 * 1024,
}

export type CountText = (text: string) => number

export function createTokenCountCache(
  countText: CountText,
  limits: TokenCountCacheLimits = DEFAULT_TOKEN_COUNT_CACHE_LIMITS,
): CountText {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const counts = new Map<string, number>()
  let heldChars = 0

  return (text) => {
    if (text.length < limits.minChars || text.length > limits.maxChars) return countText(text)
    const cached = counts.get(text)
    if (cached !== undefined) {
      counts.delete(text)
      counts.set(text, cached)
      return cached
    }
    const tokens = countText(text)
    counts.set(text, tokens)
    heldChars += text.length
    for (const oldest of counts.keys()) {
      if (heldChars <= limits.maxChars) break
      counts.delete(oldest)
      heldChars -= oldest.length
    }
    return tokens
  }
}
