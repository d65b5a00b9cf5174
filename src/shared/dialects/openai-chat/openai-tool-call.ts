import type { ToolCallPart } from '../../chat/chat-request'

/** A completed tool call as the Chat Completions wire writes it, in requests and responses alike. */
export type OpenaiWireToolCall = {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export function toOpenaiToolCall(part: ToolCallPart): OpenaiWireToolCall {
  return { id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } }
}
