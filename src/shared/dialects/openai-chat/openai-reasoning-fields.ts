import type { ReasoningPart, RedactedReasoningPart } from '../../chat/chat-request'
import { isJsonObject } from '../json-object'

/** The non-standard reasoning fields a Chat Completions message or delta may carry. */
export type OpenaiReasoningFields = {
  reasoning_content?: string | null | undefined
  reasoning?: string | null | undefined
  reasoning_details?: readonly unknown[] | null | undefined
}

/**
 * Reasoning in a message or delta of a compatible server, as canonical parts. Servers spell it
 * three ways: `reasoning_content` (DeepSeek, vLLM, LiteLLM), `reasoning` (OpenRouter) and OpenRouter's
 * `reasoning_details` entries (`reasoning.text` with an optional signature, `reasoning.summary`,
 * `reasoning.encrypted`). OpenRouter sends `reasoning` AND the same text in `reasoning_details`, so
 * the text is taken from the first of the three that has any, and only the signature and the
 * encrypted entries from the details. Entries of unknown shape are skipped.
 */
export function reasoningPartsFrom(
  fields: OpenaiReasoningFields,
): Array<ReasoningPart | RedactedReasoningPart> {
  let text = fields.reasoning_content ?? fields.reasoning ?? ''
  let signature: string | undefined
  const redacted: RedactedReasoningPart[] = []
  const fromDetails = text === ''
  for (const entry of fields.reasoning_details ?? []) {
    if (!isJsonObject(entry)) continue
    const { type } = entry
    if (type === 'reasoning.text' || type === 'reasoning.summary') {
      const piece = type === 'reasoning.text' ? entry['text'] : entry['summary']
      if (fromDetails && typeof piece === 'string') text += piece
      if (typeof entry['signature'] === 'string' && entry['signature'] !== '') signature = entry['signature']
    } else if (type === 'reasoning.encrypted' && typeof entry['data'] === 'string') {
      redacted.push({ type: 'redacted-reasoning', data: entry['data'] })
    }
  }
  const parts: Array<ReasoningPart | RedactedReasoningPart> = []
  if (text !== '' || signature !== undefined) {
    parts.push(signature === undefined ? { type: 'reasoning', text } : { type: 'reasoning', text, signature })
  }
  return [...parts, ...redacted]
}
