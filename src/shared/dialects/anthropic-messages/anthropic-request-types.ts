import type { AnthropicImageMediaType } from './anthropic-constants'

/** The request blocks and messages this gateway writes (client half), as the wire spells them. */
type AnthropicTextBlock = { type: 'text'; text: string }
export type AnthropicImageBlock = {
  type: 'image'
  source: { type: 'base64'; media_type: AnthropicImageMediaType; data: string } | { type: 'url'; url: string }
}
type AnthropicToolUseBlock = {
  type: 'tool_use'
  id: string
  name: string
  input: Record<string, unknown>
}
export type AnthropicToolResultBlock = {
  type: 'tool_result'
  tool_use_id: string
  content: string
  is_error?: boolean
}
export type AnthropicUserBlock = AnthropicTextBlock | AnthropicImageBlock | AnthropicToolResultBlock
export type AnthropicAssistantBlock = AnthropicTextBlock | AnthropicToolUseBlock

export type AnthropicWireMessage =
  | { role: 'user'; content: string | AnthropicUserBlock[] }
  | { role: 'assistant'; content: string | AnthropicAssistantBlock[] }

export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' }
