import type { AnthropicImageMediaType } from './anthropic-constants'

/** `cache_control` as the wire spells a breakpoint (B1.3). */
export type AnthropicCacheControl = { type: 'ephemeral'; ttl?: '5m' | '1h' }

/** The request blocks and messages this gateway writes (client half), as the wire spells them. */
type AnthropicTextBlock = { type: 'text'; text: string; cache_control?: AnthropicCacheControl }
export type AnthropicImageBlock = {
  type: 'image'
  source: { type: 'base64'; media_type: AnthropicImageMediaType; data: string } | { type: 'url'; url: string }
  cache_control?: AnthropicCacheControl
}
type AnthropicToolUseBlock = {
  type: 'tool_use'
  id: string
  name: string
  input: Record<string, unknown>
  cache_control?: AnthropicCacheControl
}
export type AnthropicToolResultBlock = {
  type: 'tool_result'
  tool_use_id: string
  content: string
  is_error?: boolean
  cache_control?: AnthropicCacheControl
}
type AnthropicThinkingBlock = { type: 'thinking'; thinking: string; signature: string }
type AnthropicRedactedThinkingBlock = { type: 'redacted_thinking'; data: string }
export type AnthropicUserBlock = AnthropicTextBlock | AnthropicImageBlock | AnthropicToolResultBlock
export type AnthropicAssistantBlock =
  AnthropicTextBlock | AnthropicToolUseBlock | AnthropicThinkingBlock | AnthropicRedactedThinkingBlock

export type AnthropicWireMessage =
  | { role: 'user'; content: string | AnthropicUserBlock[] }
  | { role: 'assistant'; content: string | AnthropicAssistantBlock[] }

export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' }

export type AnthropicThinking =
  | { type: 'enabled'; budget_tokens: number; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' }
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
