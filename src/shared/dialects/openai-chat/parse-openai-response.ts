import type { TextPart, ToolCallPart } from '../../chat/chat-request'
import type { ChatResult } from '../../chat/chat-result'
import { finishReasonFromOpenai } from './map-openai-finish-reason'
import { usageFromOpenai } from './convert-openai-usage'
import { dialectErrorFromOpenaiObject } from './parse-openai-error'
import { openaiResponseReadSchema, type OpenaiResponseRead } from './openai-read-schemas'
import { reasoningPartsFrom } from './openai-reasoning-fields'

type WireMessage = NonNullable<NonNullable<NonNullable<OpenaiResponseRead['choices']>[number]['message']>>

/**
 * Client half: a non-streaming `chat.completion` body. Only the first choice is read (the canonical
 * result has one reply; `n` > 1 is not something the playground asks for). A 200 whose body is an
 * `error` object (some compatible servers do that) becomes a provider error.
 */
export function parseOpenaiResponse(json: unknown): ChatResult {
  const parsed = openaiResponseReadSchema.safeParse(json)
  const wire: OpenaiResponseRead = parsed.success ? parsed.data : {}
  const result: ChatResult = { content: [], status: 'completed' }
  if (wire.id != null) result.id = wire.id
  if (wire.model != null) result.model = wire.model

  const choice = wire.choices?.find((c) => c.index == null || c.index === 0)
  const message = choice?.message
  if (message != null) {
    result.content.push(...reasoningPartsFrom(message))
    const text = messageText(message)
    if (text.length > 0) result.content.push({ type: 'text', text } satisfies TextPart)
    message.tool_calls?.forEach((call, index) => {
      result.content.push({
        type: 'tool-call',
        // A compatible server that omits the id still needs one for the tool result to refer to.
        id: call.id ?? `call_${index}`,
        name: call.function?.name ?? '',
        arguments: call.function?.arguments ?? '',
      } satisfies ToolCallPart)
    })
  }
  if (choice?.finish_reason != null) result.finish = finishReasonFromOpenai(choice.finish_reason)
  if (wire.usage != null) result.usage = usageFromOpenai(wire.usage)

  if (wire.error != null) {
    result.status = 'provider_error'
    result.error = dialectErrorFromOpenaiObject(wire.error)
  }
  return result
}

/**
 * The reply text. A refusal is shown as text when there is no content, so the user sees why the
 * model declined (the canonical result has no refusal field).
 */
function messageText(message: WireMessage): string {
  const content = message.content
  let text = ''
  if (typeof content === 'string') text = content
  else if (Array.isArray(content)) text = content.map((part) => part.text ?? part.refusal ?? '').join('')
  if (text.length === 0 && message.refusal != null) text = message.refusal
  return text
}
