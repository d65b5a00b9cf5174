import { GatewayError } from '../../chat/errors'
import type { OpenaiWireMessage } from './openai-request-schema'

/** OpenAI's own wording, so a client's error handling (and its user) sees what the real API says. */
const JSON_WORD_MISSING_MESSAGE =
  "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'."

/**
 * The API's rule for `response_format: {"type": "json_object"}`: some message must mention JSON
 * (any case), or the model is likely to emit whitespace until it runs out of tokens. Refused with
 * a 400 on `messages`, like the real thing.
 */
export function requireJsonWordInMessages(messages: readonly OpenaiWireMessage[]): void {
  const mentionsJson = messages.some((message) => textsOf(message).some((text) => /json/i.test(text)))
  if (!mentionsJson)
    throw new GatewayError('invalid_request', JSON_WORD_MISSING_MESSAGE, { param: 'messages' })
}

function textsOf(message: OpenaiWireMessage): string[] {
  const content: unknown = message.content
  if (typeof content === 'string') return [content]
  if (!Array.isArray(content)) return []
  return content.flatMap((part: unknown) => {
    const text = (part as { text?: unknown } | null)?.text
    return typeof text === 'string' ? [text] : []
  })
}
