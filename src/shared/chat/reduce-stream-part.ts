import type { ReasoningPart, TextPart, ToolCallPart } from './chat-request'
import type { ChatResult } from './chat-result'
import type { StreamPart } from './stream-part'

/**
 * Folds stream parts into a reply. Used by the renderer (live transcript), the gateway (non-streaming
 * replies are the simulator's parts reduced) and tests — the one place that decides what a stream
 * means.
 *
 * It mutates the accumulator in place: a reply of a million tokens arrives as tens of thousands of
 * parts, and copying the content array per part would make the cost grow with the reply (R2).
 */
export type StreamAccumulator = {
  result: ChatResult
  /** Position in `result.content` of each tool call, by its stream index. */
  toolCallSlots: Map<number, number>
  ended: boolean
}

export function createStreamAccumulator(): StreamAccumulator {
  return { result: { content: [], status: 'incomplete' }, toolCallSlots: new Map(), ended: false }
}

export function reduceStreamPart(acc: StreamAccumulator, part: StreamPart): void {
  const result = acc.result
  switch (part.type) {
    case 'start':
      if (part.id !== undefined) result.id = part.id
      if (part.model !== undefined) result.model = part.model
      return
    case 'text-delta': {
      if (part.text.length === 0) return
      const last = result.content[result.content.length - 1]
      if (last !== undefined && last.type === 'text') last.text += part.text
      else result.content.push({ type: 'text', text: part.text } satisfies TextPart)
      return
    }
    case 'reasoning-delta': {
      if (part.text.length === 0) return
      const open = openReasoning(result)
      if (open !== undefined) open.text += part.text
      else result.content.push({ type: 'reasoning', text: part.text } satisfies ReasoningPart)
      return
    }
    case 'reasoning-signature': {
      // The signature ends the thinking just written; alone (display "omitted") it is a part of its own.
      const open = openReasoning(result)
      if (open !== undefined) open.signature = part.signature
      else result.content.push({ type: 'reasoning', text: '', signature: part.signature })
      return
    }
    case 'redacted-reasoning':
      result.content.push({ type: 'redacted-reasoning', data: part.data })
      return
    case 'tool-call-start': {
      const existing = acc.toolCallSlots.get(part.index)
      if (existing !== undefined) {
        // A repeated header (some servers resend it) only fills in what was missing.
        const call = result.content[existing] as ToolCallPart
        if (call.id === '') call.id = part.id
        if (call.name === '') call.name = part.name
        return
      }
      acc.toolCallSlots.set(part.index, result.content.length)
      result.content.push({ type: 'tool-call', id: part.id, name: part.name, arguments: '' })
      return
    }
    case 'tool-call-delta': {
      let slot = acc.toolCallSlots.get(part.index)
      if (slot === undefined) {
        // Arguments before any header: keep them rather than drop them; the header may follow.
        slot = result.content.length
        acc.toolCallSlots.set(part.index, slot)
        result.content.push({ type: 'tool-call', id: '', name: '', arguments: '' })
      }
      ;(result.content[slot] as ToolCallPart).arguments += part.argumentsDelta
      return
    }
    case 'tool-call-end':
      return
    case 'usage':
      // Both dialects report running totals: the latest figures replace the earlier ones.
      result.usage = { ...part.usage }
      return
    case 'finish':
      result.finish = part.reason
      return
    case 'error':
      result.error = part.error
      result.status = 'provider_error'
      return
    case 'end':
      acc.ended = true
      if (result.status !== 'provider_error') result.status = 'completed'
      return
    case 'raw':
      return
    default: {
      const unreachable: never = part
      throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
    }
  }
}

/** The reasoning part still being written: the last part, when it is thinking not yet signed. */
function openReasoning(result: ChatResult): ReasoningPart | undefined {
  const last = result.content[result.content.length - 1]
  return last !== undefined && last.type === 'reasoning' && last.signature === undefined ? last : undefined
}

/** Reduce a whole sequence of parts (non-streaming replies, tests, recorded fixtures). */
export function reduceStreamParts(parts: Iterable<StreamPart>): ChatResult {
  const acc = createStreamAccumulator()
  for (const part of parts) reduceStreamPart(acc, part)
  return acc.result
}
