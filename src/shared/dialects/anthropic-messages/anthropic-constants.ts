/** The API version this dialect speaks (the spec's version header value). */
export const ANTHROPIC_VERSION = '2023-06-01'

/**
 * Messages requires `max_tokens`; when the canonical request has none we send this (LiteLLM's
 * `DEFAULT_ANTHROPIC_CHAT_MAX_TOKENS`, and Vercel's cap for unknown models).
 */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096

/** The only image media types Messages accepts in a base64 source. */
export const ANTHROPIC_IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export type AnthropicImageMediaType = (typeof ANTHROPIC_IMAGE_MEDIA_TYPES)[number]

export function isAnthropicImageMediaType(mediaType: string): mediaType is AnthropicImageMediaType {
  return (ANTHROPIC_IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType)
}

/** `tool_use` ids (and the `tool_use_id` of results) must match this, or the API answers 400. */
export const ANTHROPIC_TOOL_ID_PATTERN = /^[a-zA-Z0-9_-]+$/

/** Messages allows tool names up to 128 characters (OpenAI stops at 64; the canonical form takes both). */
export const ANTHROPIC_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/

/** `thinking.budget_tokens` must be at least this (and below `max_tokens`), or the API answers 400. */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024

/** At most this many blocks (system, messages, tools) may carry `cache_control`, or the API answers 400. */
export const ANTHROPIC_MAX_CACHE_BREAKPOINTS = 4
