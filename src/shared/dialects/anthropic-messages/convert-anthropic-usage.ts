import type { Usage } from '../../chat/chat-result'

/** Usage counters as Messages writes them; every one may be missing or null (lenient reading). */
export type AnthropicUsageCounters = {
  input_tokens?: number | null
  output_tokens?: number | null
  cache_creation_input_tokens?: number | null
  cache_read_input_tokens?: number | null
  output_tokens_details?: { thinking_tokens?: number | null } | null
}

/**
 * Messages' `input_tokens` EXCLUDES cached tokens (total input = input + cache read + cache write);
 * the canonical `inputTokens` includes them, like OpenAI's `prompt_tokens`.
 */
export function usageFromAnthropic(counters: AnthropicUsageCounters): Usage {
  const cacheRead = counters.cache_read_input_tokens ?? undefined
  const cacheWrite = counters.cache_creation_input_tokens ?? undefined
  const usage: Usage = {
    inputTokens: (counters.input_tokens ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0),
    outputTokens: counters.output_tokens ?? 0,
  }
  if (cacheRead !== undefined) usage.cacheReadTokens = cacheRead
  if (cacheWrite !== undefined) usage.cacheWriteTokens = cacheWrite
  const thinking = counters.output_tokens_details?.thinking_tokens
  if (thinking != null) usage.reasoningTokens = thinking
  return usage
}

export type AnthropicUsage = {
  input_tokens: number
  cache_creation_input_tokens: number
  cache_read_input_tokens: number
  output_tokens: number
  output_tokens_details?: { thinking_tokens: number }
}

/**
 * The wire usage object for a canonical one. Always all four counters: the official stream helper
 * writes into `usage` and Vercel validates `input_tokens` as a number. `input_tokens` never goes
 * negative, even when an upstream reports more cached tokens than prompt tokens.
 */
export function anthropicUsageFrom(usage: Usage | undefined): AnthropicUsage {
  const cacheRead = usage?.cacheReadTokens ?? 0
  const cacheWrite = usage?.cacheWriteTokens ?? 0
  const wire: AnthropicUsage = {
    input_tokens: Math.max(0, (usage?.inputTokens ?? 0) - cacheRead - cacheWrite),
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
    output_tokens: usage?.outputTokens ?? 0,
  }
  // Newer API versions report thinking tokens here; additive, so older clients ignore it.
  if (usage?.reasoningTokens !== undefined)
    wire.output_tokens_details = { thinking_tokens: usage.reasoningTokens }
  return wire
}
