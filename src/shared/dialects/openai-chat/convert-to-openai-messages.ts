import type { AssistantMessage, ChatMessage, UserMessage } from '../../chat/chat-request'
import type { ParamAdjustment } from '../dialect'
import { openaiImageUrlFrom } from './openai-image-url'
import type { OpenaiContentPart, OpenaiMessage } from './openai-request-types'
import { toOpenaiToolCall, type OpenaiWireToolCall } from './openai-tool-call'

/**
 * Canonical messages → Chat Completions `messages` (the caller puts the system prompt first),
 * recording every lossy step in `adjustments`.
 *
 * Dialect quirks handled here:
 * - a tool message has no error flag: an error result travels as text starting with "Error: ";
 * - an assistant message keeps text and tool calls in separate fields, so text that followed a tool
 *   call moves before it;
 * - content is `null` for a turn that is only tool calls, as the API itself returns it;
 * - thinking has no standard field in a request (dialects.md C1): it is not sent, and said once.
 */
export function toOpenaiMessages(messages: ChatMessage[], adjustments: ParamAdjustment[]): OpenaiMessage[] {
  const wire = messages.map((message, index) => wireMessage(message, index, adjustments))
  let thinking = 0
  for (const message of messages) {
    if (message.role !== 'assistant') continue
    for (const part of message.content)
      if (part.type === 'reasoning' || part.type === 'redacted-reasoning') thinking++
  }
  if (thinking > 0) {
    adjustments.push({
      param: 'messages',
      action: 'dropped',
      detail: `${thinking} thinking part(s) of earlier replies not sent: Chat Completions has no field for them in a request.`,
    })
  }
  return wire
}

function wireMessage(message: ChatMessage, index: number, adjustments: ParamAdjustment[]): OpenaiMessage {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: wireUserContent(message) }
    case 'assistant':
      return wireAssistantMessage(message, index, adjustments)
    case 'tool':
      if (message.isError === true) {
        // No error flag exists on a tool message (A5): the only way to carry it is in the text.
        adjustments.push({
          param: 'messages',
          action: 'converted',
          detail: `messages[${index}]: tool result marked as an error sent as text starting with "Error: " (Chat Completions has no error flag).`,
        })
        return { role: 'tool', tool_call_id: message.toolCallId, content: `Error: ${message.content}` }
      }
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
    default: {
      const unreachable: never = message
      throw new Error(`unknown message role ${JSON.stringify(unreachable)}`)
    }
  }
}

function wireUserContent(message: UserMessage): string | OpenaiContentPart[] {
  const only = message.content[0]
  // A lone text part is sent as a plain string: the form every compatible server understands.
  if (message.content.length === 1 && only !== undefined && only.type === 'text') return only.text
  // An empty turn: the API refuses an empty parts array, and an empty string means the same.
  if (message.content.length === 0) return ''
  return message.content.map((part): OpenaiContentPart => {
    switch (part.type) {
      case 'text':
        return { type: 'text', text: part.text }
      case 'image':
        return { type: 'image_url', image_url: { url: openaiImageUrlFrom(part.source) } }
      default: {
        const unreachable: never = part
        throw new Error(`unknown user content part ${JSON.stringify(unreachable)}`)
      }
    }
  })
}

function wireAssistantMessage(
  message: AssistantMessage,
  index: number,
  adjustments: ParamAdjustment[],
): OpenaiMessage {
  const texts: Array<{ type: 'text'; text: string }> = []
  const toolCalls: OpenaiWireToolCall[] = []
  let textAfterToolCall = false
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        if (toolCalls.length > 0) textAfterToolCall = true
        texts.push({ type: 'text', text: part.text })
        break
      case 'tool-call':
        toolCalls.push(toOpenaiToolCall(part))
        break
      case 'reasoning':
      case 'redacted-reasoning':
        // Counted and told by toOpenaiMessages.
        break
      default: {
        const unreachable: never = part
        throw new Error(`unknown assistant content part ${JSON.stringify(unreachable)}`)
      }
    }
  }
  if (textAfterToolCall) {
    adjustments.push({
      param: 'messages',
      action: 'converted',
      detail: `messages[${index}]: assistant text that followed a tool call sent before the tool calls (Chat Completions keeps text and tool calls in separate fields).`,
    })
  }
  // Content is null when the turn is only tool calls (what the API itself returns); several text
  // parts stay separate parts so their boundaries survive.
  const only = texts[0]
  const content =
    texts.length === 0 ? (toolCalls.length > 0 ? null : '') : texts.length === 1 && only ? only.text : texts
  return toolCalls.length > 0
    ? { role: 'assistant', content, tool_calls: toolCalls }
    : { role: 'assistant', content }
}
