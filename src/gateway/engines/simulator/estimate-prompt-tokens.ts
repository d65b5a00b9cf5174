import type { ChatRequest } from '@shared/chat/chat-request'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { createTokenCountCache } from '@shared/tokens/token-count-cache'
import { forEachTextInSlices } from '@node/async/for-each-text-in-slices'
import { countPromptTokens } from '@shared/tokens/count-prompt-tokens'
import { forEachPromptSegment, type PromptSegment } from '@shared/tokens/prompt-segments'

/**
 * The prompt's size in tokens (shared/tokens/prompt-segments.ts says how each piece is priced; the app's context meter counts the same way), as the simulated model would see it. The gateway also uses it to refuse
 * prompts over the context length, so it must stay linear (each text is tokenized in bounded windows,
 * see shared/tokens/count-text-tokens.ts) and cheap on every send into a long chat: each text's count
 * is remembered (countCached), so the settled turns a chat sends again cost a lookup, not a tokenizer
 * pass, and a send costs only its new text.
 */
export function estimatePromptTokens(request: ChatRequest): number {
  // The gateway checks the context length and then simulates the same request object: count once.
  // (Decoded requests are never mutated afterwards; a WeakMap lets them go with their request.)
  const cached = promptTokenCache.get(request)
  if (cached !== undefined) return cached
  const tokens = countPromptTokens(request, countCached)
  promptTokenCache.set(request, tokens)
  return tokens
}

/**
 * A bound estimatePromptTokens never exceeds, in time linear in the characters and with no
 * tokenizer: the same sum with every text priced at its most. A byte-level BPE token is at least one
 * UTF-8 byte, and a UTF-16 code unit is at most three bytes (a pair of surrogates: four for two), so
 * a text has at most 3 × length tokens. The context check needs only "fits or not": a request under
 * the limit by this bound (every ordinary one) skips the tokenizer, a measurable share of a proxied
 * request's work (performance.md G1; texts under the cache's minimum are counted each time).
 */
export function promptTokensAtMost(request: ChatRequest): number {
  return countPromptTokens(request, textTokensAtMost)
}

const textTokensAtMost = (text: string): number => 3 * text.length

const promptTokenCache = new WeakMap<ChatRequest, number>()

/** o200k counts of the texts of recent requests (one cache: one tokenizer). */
const countCached = createTokenCountCache(countTextTokens)

/**
 * Readies the counts of texts a prompt is expected to carry soon (the turns of a conversation just
 * opened), so its first send finds them counted, a slice at a time (requests arriving meanwhile wait
 * for one slice).
 */
export function readyPromptTextCounts(texts: readonly string[]): Promise<void> {
  return forEachTextInSlices(texts, countCached)
}

/** The prompt's segments counted as estimatePromptTokens counts them (what the prompt cache walks). */
export function forEachCountedPromptSegment(
  request: ChatRequest,
  visit: (segment: PromptSegment) => void,
): void {
  forEachPromptSegment(request, countCached, visit)
}
