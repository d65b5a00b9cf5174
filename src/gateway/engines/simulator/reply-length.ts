import type { ChatRequest } from '@shared/chat/chat-request'
import type { ConversationFacts } from './conversation-facts'
import type { Sampler } from './sampler'

/** A normal reply aims for this many tokens, chosen by the seed. */
const NORMAL_REPLY_TOKENS = { min: 60, max: 200 } as const
/** An open-ended long reply ("write a long essay") without max_tokens stops near this length. */
export const DEFAULT_LONG_REPLY_TOKENS = 4096
/**
 * The simulated model's own output limit, like a real model's. It also bounds the memory of one
 * reply (one part per token). max_tokens above it ends the reply here, with finish `length`.
 */
export const SIMULATOR_MAX_OUTPUT_TOKENS = 131_072

/**
 * How long the user wants the answer, from the words of the last message:
 * - "500 words" / "2,000 tokens" → that many tokens (words × 4/3, the usual English ratio);
 * - "long", "longer", "lengthy", "essay", "detailed", "in depth", "elaborate" → open-ended: the reply
 *   runs until max_tokens (a fixed default when the request has none);
 * - otherwise a normal reply.
 */
type LengthRequest = { kind: 'normal' } | { kind: 'tokens'; tokens: number } | { kind: 'open-ended' }

/** Only the head of a message is searched: a pasted 4 MB document says "long" somewhere. */
const SEARCHED_CHARS = 2_000

function readLengthRequest(text: string): LengthRequest {
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

/** How many tokens the reply aims for, and whether it is long (numbered sections). */
export function replyLength(
  facts: ConversationFacts,
  request: ChatRequest,
  sampler: Sampler,
  outputCap: number,
): { targetTokens: number; long: boolean } {
  // Drawn first and always, so the rest of the text does not shift with the kind of request.
  const normal = sampler.int(NORMAL_REPLY_TOKENS.min, NORMAL_REPLY_TOKENS.max)
  const asked = readLengthRequest(facts.lastUserText)
  switch (asked.kind) {
    case 'normal':
      return { targetTokens: normal, long: false }
    case 'tokens':
      return { targetTokens: Math.min(asked.tokens, SIMULATOR_MAX_OUTPUT_TOKENS), long: asked.tokens > 400 }
    case 'open-ended':
      // Runs into max_tokens (or the room left) when there is one: finish `length`, as with a real
      // model asked for an essay. The margin covers the composer's block-by-block estimate. Without
      // max_tokens it ends on its own near the default.
      return {
        targetTokens:
          request.maxTokens === undefined
            ? DEFAULT_LONG_REPLY_TOKENS
            : outputCap + Math.max(64, Math.ceil(outputCap / 20)),
        long: true,
      }
    default: {
      const unreachable: never = asked
      throw new Error(`unknown length request ${JSON.stringify(unreachable)}`)
    }
  }
}
