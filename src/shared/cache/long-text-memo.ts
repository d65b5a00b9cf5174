/**
 * A function of long texts, remembered: a conversation sent again carries the same settled turns,
 * and whatever was computed from each (its token count, its escaped JSON) is looked up instead of
 * computed again over megabytes.
 *
 * Keyed by the text itself: a Map compares keys by value, so the decoded strings of the next request
 * find the results of the previous one (no digest to compute; V8 hashes a long string by its length
 * and compares the candidates, which stops at the first differing character). Bounded by the
 * characters it holds, least recently used first out, so memory stays capped whatever the traffic.
 * Hand-written because the LRU packages count entries, not the characters their keys hold.
 */
export interface LongTextMemoLimits {
  /** Texts shorter than this are computed each time: cheap, and they would crowd the map. */
  minChars: number
  /** The most characters held over all entries; a text longer than this alone is never kept. */
  maxChars: number
}

export function memoizeLongText<T>(
  compute: (text: string) => T,
  limits: LongTextMemoLimits,
): (text: string) => T {
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  const results = new Map<string, T>()
  let heldChars = 0

  return (text) => {
    if (text.length < limits.minChars || text.length > limits.maxChars) return compute(text)
    // get before has: each lookup of a text equal to a key (not the same string) compares it whole.
    const cached = results.get(text)
    if (cached !== undefined || results.has(text)) {
      results.delete(text)
      results.set(text, cached as T)
      return cached as T
    }
    const result = compute(text)
    results.set(text, result)
    heldChars += text.length
    for (const oldest of results.keys()) {
      if (heldChars <= limits.maxChars) break
      results.delete(oldest)
      heldChars -= oldest.length
    }
    return result
  }
}
