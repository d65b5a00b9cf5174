import type { ChatResult } from '../../chat/chat-result'
import type { EncodeContext } from '../dialect'
import { openaiFinishReasonFor } from './map-openai-finish-reason'
import { openaiUsageFrom } from './convert-openai-usage'
import { toOpenaiToolCall, type OpenaiWireToolCall } from './openai-tool-call'

/**
 * Server half: a finished result as the `chat.completion` body of A2, with every field the OpenAPI
 * spec marks required (`id, object, created, model, choices`; per choice `index, message, logprobs,
 * finish_reason`; per message `content, refusal`).
 *
 * What the body cannot carry: the order of text relative to tool calls (all text goes in `content`,
 * calls in `tool_calls`), the stop sequence that fired, and a finish reason this dialect has no value
 * for (mapped by `openaiFinishReasonFor`), thinking signatures and redacted thinking. Reasoning text
 * goes in the non-standard `reasoning_content`, which official clients ignore and LiteLLM-style
 * clients read.
 */
export function encodeOpenaiResponse(result: ChatResult, context: EncodeContext): unknown {
  let text: string | null = null
  let reasoning = ''
  const toolCalls: OpenaiWireToolCall[] = []
  for (const part of result.content) {
    switch (part.type) {
      case 'text':
        text = (text ?? '') + part.text
        break
      case 'reasoning':
        reasoning += part.text
        break
      case 'redacted-reasoning':
        // Encrypted thinking has no form here (nor does a signature).
        break
      case 'tool-call':
        toolCalls.push(toOpenaiToolCall(part))
        break
      default: {
        const unreachable: never = part
        throw new Error(`unknown content part ${JSON.stringify(unreachable)}`)
      }
    }
  }
  const message: Record<string, unknown> = { role: 'assistant', content: text, refusal: null }
  if (reasoning.length > 0) message['reasoning_content'] = reasoning
  if (toolCalls.length > 0) message['tool_calls'] = toolCalls
  message['annotations'] = []

  // `finish_reason` is required: a result without one ended on its own, which is a `stop` (or
  // `tool_calls` when it called tools, the form clients act on).
  const finishReason =
    result.finish !== undefined
      ? openaiFinishReasonFor(result.finish)
      : toolCalls.length > 0
        ? 'tool_calls'
        : 'stop'

  return {
    id: context.id,
    object: 'chat.completion',
    created: context.created,
    model: context.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    // Always present in a non-streaming reply; zeros when the engine did not count.
    usage: openaiUsageFrom(result.usage ?? { inputTokens: 0, outputTokens: 0 }),
  }
}
