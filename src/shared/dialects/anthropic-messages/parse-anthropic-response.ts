import type { ReasoningPart, TextPart, ToolCallPart } from '../../chat/chat-request'
import type { ChatResult } from '../../chat/chat-result'
import {
  anthropicContentBlockReadSchema,
  anthropicErrorBodyReadSchema,
  anthropicMessageReadSchema,
} from './anthropic-read-schemas'
import { argumentsFromToolInput } from './anthropic-tool-input'
import { usageFromAnthropic } from './convert-anthropic-usage'
import { kindFromAnthropicErrorType } from './map-anthropic-error-kind'
import { finishFromAnthropic } from './map-anthropic-stop-reason'

/**
 * A non-streaming Messages reply (B2) as a ChatResult. Content keeps its order; adjacent text blocks
 * are joined into one text part, exactly as the same reply streamed and reduced would be, so the
 * two paths agree. Thinking and redacted thinking blocks become reasoning parts (signature kept);
 * blocks with no canonical form (server tools) are skipped.
 */
export function parseAnthropicResponse(json: unknown): ChatResult {
  if (looksLikeErrorBody(json)) return notAMessage(json)
  const parsed = anthropicMessageReadSchema.safeParse(json)
  if (!parsed.success) return notAMessage(json)
  const message = parsed.data
  const result: ChatResult = { content: [], status: 'completed' }
  if (message.id != null) result.id = message.id
  if (message.model != null) result.model = message.model
  for (const item of message.content ?? []) {
    const block = anthropicContentBlockReadSchema.safeParse(item)
    if (!block.success) continue
    const { type, text, thinking, signature, data, id, name, input } = block.data
    if (type === 'text' && text) {
      const last = result.content[result.content.length - 1]
      if (last?.type === 'text') last.text += text
      else result.content.push({ type: 'text', text } satisfies TextPart)
    } else if (type === 'tool_use') {
      const call: ToolCallPart = {
        type: 'tool-call',
        id: id ?? '',
        name: name ?? '',
        arguments: argumentsFromToolInput(input),
      }
      result.content.push(call)
    } else if (type === 'thinking') {
      const part: ReasoningPart = { type: 'reasoning', text: thinking ?? '' }
      // Kept exactly as sent: it has to go back unchanged with the next turn. An empty one is what a
      // server writes when it has none (a translating gateway), the same as no signature.
      if (signature) part.signature = signature
      if (part.text !== '' || part.signature !== undefined) result.content.push(part)
    } else if (type === 'redacted_thinking' && data != null) {
      result.content.push({ type: 'redacted-reasoning', data })
    }
  }
  if (message.stop_reason != null)
    result.finish = finishFromAnthropic(message.stop_reason, message.stop_sequence)
  if (message.usage != null) result.usage = usageFromAnthropic(message.usage)
  return result
}

function looksLikeErrorBody(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false
  const body = json as Record<string, unknown>
  return body['type'] === 'error' || (body['error'] != null && body['content'] == null)
}

/** A 200 body that is not a message: an error body sent with the wrong status, or garbage. */
function notAMessage(json: unknown): ChatResult {
  const errorBody = anthropicErrorBodyReadSchema.safeParse(json)
  if (errorBody.success) {
    const type = errorBody.data.error.type ?? 'api_error'
    const kind = kindFromAnthropicErrorType(type)
    return {
      content: [],
      status: 'provider_error',
      error: {
        type,
        message: errorBody.data.error.message ?? 'The server answered with an error.',
        ...(kind === undefined ? {} : { kind }),
        ...(errorBody.data.request_id == null ? {} : { requestId: errorBody.data.request_id }),
      },
    }
  }
  return {
    content: [],
    status: 'provider_error',
    error: { type: 'api_error', message: 'The response body is not a Messages reply.', kind: 'server_error' },
  }
}
