import type { Usage } from '../../chat/chat-result'
import type { OpenaiUsageRead } from './openai-read-schemas'

/**
 * `prompt_tokens` already includes cached tokens, which is the canonical meaning of `inputTokens`, so
 * the counts map one to one. Detail counts are kept only when the server sent them.
 */
export function usageFromOpenai(wire: OpenaiUsageRead): Usage {
  const usage: Usage = { inputTokens: wire.prompt_tokens ?? 0, outputTokens: wire.completion_tokens ?? 0 }
  const cached = wire.prompt_tokens_details?.cached_tokens
  if (cached != null) usage.cacheReadTokens = cached
  const cacheWrite = wire.prompt_tokens_details?.cache_write_tokens
  if (cacheWrite != null) usage.cacheWriteTokens = cacheWrite
  const reasoning = wire.completion_tokens_details?.reasoning_tokens
  if (reasoning != null) usage.reasoningTokens = reasoning
  return usage
}

export type OpenaiUsage = {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
  prompt_tokens_details: { cached_tokens: number; cache_write_tokens?: number }
  completion_tokens_details: { reasoning_tokens: number }
}

/**
 * The usage object as OpenAI writes it: both detail objects always present (clients read
 * `prompt_tokens_details.cached_tokens` without guarding), so an unknown count is written as 0.
 * `cache_write_tokens` (newer API snapshot) only when known, since most clients do not expect it.
 */
export function openaiUsageFrom(usage: Usage): OpenaiUsage {
  const promptDetails: OpenaiUsage['prompt_tokens_details'] = { cached_tokens: usage.cacheReadTokens ?? 0 }
  if (usage.cacheWriteTokens !== undefined) promptDetails.cache_write_tokens = usage.cacheWriteTokens
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: promptDetails,
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
  }
}
