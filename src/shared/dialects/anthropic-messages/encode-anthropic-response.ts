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
  | { type: 'redacted_thinking'; data: string }
  | { type: 'text'; text: string }
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
 * A finished reply as the non-streaming Messages body (B2), every required field present, blocks in
 * the order they were produced. Reasoning becomes thinking blocks (an empty signature when the
 * reply has none to give, e.g. translated from Chat Completions' `reasoning_content`); tool arguments
 * become the `input` object, invalid JSON wrapped as `{"rawInvalidInput": …}`. Text blocks carry no
 * `citations` key: the API leaves it out when there are none, and `@ai-sdk/anthropic` 3.x refuses
 * `citations: null`.
 */
export function encodeAnthropicResponse(result: ChatResult, context: EncodeContext): AnthropicResponseBody {
  const content: AnthropicResponseBlock[] = []
  let toolOrdinal = 0
  for (const part of result.content) {
    switch (part.type) {
      case 'text':
        if (part.text !== '') content.push({ type: 'text', text: part.text })
        break
      case 'reasoning':
        content.push({ type: 'thinking', thinking: part.text, signature: part.signature ?? '' })
        break
      case 'redacted-reasoning':
        content.push({ type: 'redacted_thinking', data: part.data })
        break
      case 'tool-call':
        content.push({
          type: 'tool_use',
          id: anthropicToolUseId(part.id, toolOrdinal++, context),
          name: part.name,
          input: toolInputFromArguments(part.arguments).input,
        })
        break
      default: {
        const unreachable: never = part
        throw new Error(`unknown content part ${JSON.stringify(unreachable)}`)
      }
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
