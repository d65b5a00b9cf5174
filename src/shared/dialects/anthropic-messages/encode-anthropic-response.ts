import type { ChatResult } from '../../chat/chat-result'
import type { EncodeContext } from '../dialect'
import { anthropicToolUseId } from './anthropic-tool-use-id'
import { toolInputFromArguments } from './anthropic-tool-input'
import type { AnthropicUsage } from './convert-anthropic-usage'
import { anthropicUsageFrom } from './convert-anthropic-usage'
import type { AnthropicStopReason } from './map-anthropic-stop-reason'
import { anthropicStopFromFinish } from './map-anthropic-stop-reason'

type AnthropicResponseBlock =
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'text'; text: string; citations: null }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }

export type AnthropicResponseBody = {
  id: string
  type: 'message'
  role: 'assistant'
  model: string
  content: AnthropicResponseBlock[]
  stop_reason: AnthropicStopReason
  stop_sequence: string | null
  usage: AnthropicUsage
  container: null
}

/**
 * A finished reply as the non-streaming Messages body (B2), every required field present. Reasoning
 * becomes a leading thinking block with an empty signature (the canonical form has none to give);
 * tool arguments become the `input` object, invalid JSON wrapped as `{"rawInvalidInput": …}`.
 */
export function encodeAnthropicResponse(result: ChatResult, context: EncodeContext): AnthropicResponseBody {
  const content: AnthropicResponseBlock[] = []
  if (result.reasoning) content.push({ type: 'thinking', thinking: result.reasoning, signature: '' })
  let toolOrdinal = 0
  for (const part of result.content) {
    if (part.type === 'text') {
      if (part.text !== '') content.push({ type: 'text', text: part.text, citations: null })
    } else {
      content.push({
        type: 'tool_use',
        id: anthropicToolUseId(part.id, toolOrdinal++, context),
        name: part.name,
        input: toolInputFromArguments(part.arguments).input,
      })
    }
  }
  const stop = anthropicStopFromFinish(result.finish)
  return {
    id: context.id,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content,
    stop_reason: stop.stop_reason,
    stop_sequence: stop.stop_sequence,
    usage: anthropicUsageFrom(result.usage),
    container: null,
  }
}
