/**
 * How long the user wants the answer, from the words of the last message:
 * - "500 words" / "2,000 tokens" → that many tokens (words × 4/3, the usual English ratio);
 * - "long", "longer", "lengthy", "essay", "detailed", "in depth", "elaborate" → open-ended: the reply
 *   runs until max_tokens (a fixed default when the request has none);
 * - otherwise a normal reply.
 */
export type LengthRequest = { kind: 'normal' } | { kind: 'tokens'; tokens: number } | { kind: 'open-ended' }

/** Only the head of a message is searched: a pasted 4 MB document says "long" somewhere. */
const SEARCHED_CHARS = 2_000

export function readLengthRequest(text: string): LengthRequest {
  const head = text.slice(0, SEARCHED_CHARS)
  const counted = /\b(\d{1,3}(?:,\d{3})+|\d+)\s*(words?|tokens?)\b/i.exec(head)
  if (counted?.[1] !== undefined && counted[2] !== undefined) {
    const amount = Number(counted[1].replace(/,/g, ''))
    const tokens = /^word/i.test(counted[2]) ? Math.ceil((amount * 4) / 3) : amount
    if (tokens > 0) return { kind: 'tokens', tokens }
  }
  if (/\b(long|longer|lengthy|essay|detailed|in[- ]depth|elaborate)\b/i.test(head))
    return { kind: 'open-ended' }
  return { kind: 'normal' }
}
