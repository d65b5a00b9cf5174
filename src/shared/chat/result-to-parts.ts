import type { ChatResult } from './chat-result'
import type { StreamPart } from './stream-part'

/**
 * The parts a stream would have carried to produce `result`: the inverse of `reduceStreamParts`.
 * A gateway answering a streaming client from a non-streaming upstream (or re-encoding a finished
 * result in another dialect) goes through the same encoders as a live stream.
 */
export function resultToParts(result: ChatResult): StreamPart[] {
  const parts: StreamPart[] = []
  const start: StreamPart = { type: 'start' }
  if (result.id !== undefined) start.id = result.id
  if (result.model !== undefined) start.model = result.model
  parts.push(start)
  let toolIndex = 0
  for (const item of result.content) {
    switch (item.type) {
      case 'text':
        if (item.text.length > 0) parts.push({ type: 'text-delta', text: item.text })
        break
      case 'reasoning':
        if (item.text.length > 0) parts.push({ type: 'reasoning-delta', text: item.text })
        if (item.signature !== undefined)
          parts.push({ type: 'reasoning-signature', signature: item.signature })
        break
      case 'redacted-reasoning':
        parts.push({ type: 'redacted-reasoning', data: item.data })
        break
      case 'tool-call': {
        const index = toolIndex++
        parts.push({ type: 'tool-call-start', index, id: item.id, name: item.name })
        if (item.arguments.length > 0)
          parts.push({ type: 'tool-call-delta', index, argumentsDelta: item.arguments })
        parts.push({ type: 'tool-call-end', index })
        break
      }
      default: {
        const unreachable: never = item
        throw new Error(`unknown content part ${JSON.stringify(unreachable)}`)
      }
    }
  }
  if (result.usage !== undefined) parts.push({ type: 'usage', usage: { ...result.usage } })
  if (result.finish !== undefined) parts.push({ type: 'finish', reason: { ...result.finish } })
  if (result.status === 'provider_error' && result.error !== undefined) {
    parts.push({ type: 'error', error: { ...result.error } })
  } else if (result.status === 'completed') {
    parts.push({ type: 'end' })
  }
  return parts
}
