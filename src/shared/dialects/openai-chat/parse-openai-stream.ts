import type { DialectError } from '../../chat/errors'
import type { StreamPart } from '../../chat/stream-part'
import type { StreamParser } from '../dialect'
import type { SseMessage } from '../sse/sse-message'
import { finishReasonFromOpenai } from './map-openai-finish-reason'
import { usageFromOpenai } from './convert-openai-usage'
import { dialectErrorFromOpenaiObject, dialectErrorFromOpenaiPayload } from './parse-openai-error'
import { openaiChunkReadSchema, type OpenaiChunkRead } from './openai-read-schemas'
import { plainOpenaiChunk } from './plain-openai-chunk'
import { reasoningPartsFrom } from './openai-reasoning-fields'

type ToolDeltaWire = NonNullable<
  NonNullable<NonNullable<NonNullable<OpenaiChunkRead['choices']>[number]['delta']>['tool_calls']>
>[number]

type ToolSlot = { index: number; open: boolean; named: boolean }

/**
 * Client half: `chat.completion.chunk` events into stream parts.
 *
 * Dialect quirks handled here:
 * - tool-call fragments are keyed by their wire `index`; only the first carries `id` and name, the
 *   rest only `arguments` pieces. Parts use the ordinal of the call in the reply, assigned in order
 *   of first appearance (servers that number from 1 or skip numbers still give 0, 1, …);
 * - usage comes on a `choices: []` chunk before `[DONE]` (include_usage), or on any chunk (some
 *   compatible servers put it on the finish chunk);
 * - only choice 0 is read: the canonical result is one reply (`n` > 1 is never requested);
 * - `reasoning_content` (DeepSeek, vLLM, LiteLLM), `reasoning` and `reasoning_details` (OpenRouter)
 *   are non-standard reasoning (openai-reasoning-fields.ts); `refusal` text is shown as text so the user sees why the model declined;
 * - errors arrive in-band as `data: {"error":…}` or as an SSE event named `error` (A4.5);
 * - data that is not a JSON object (`data: keep-alive`), or JSON that is not a chunk, becomes a `raw`
 *   part and no error: the stream is not broken by it (the next chunk parses fine), so the reply
 *   goes on, as Vercel's client does. Only `[DONE]` produces `end`.
 */
export function createOpenaiStreamParser(): StreamParser {
  return new OpenaiStreamParser()
}

class OpenaiStreamParser implements StreamParser {
  private started = false
  private done = false
  private nextToolIndex = 0
  private readonly slots = new Map<number | string, ToolSlot>()
  private lastSlotKey: number | string | undefined

  push(event: SseMessage): StreamPart[] {
    // Anything after the terminal marker is not part of the reply; keep it visible to the inspector.
    if (this.done) return [{ type: 'raw', event }]
    const data = event.data
    if (event.event === 'error') return [{ type: 'error', error: errorEventError(data) }]
    if (data.trim() === '[DONE]') {
      const parts: StreamPart[] = []
      this.closeOpenToolCalls(parts)
      this.done = true
      parts.push({ type: 'end' })
      return parts
    }
    let json: unknown
    try {
      json = JSON.parse(data)
    } catch {
      // `data: keep-alive` and other non-JSON lines: openai-node dies on them, we keep reading
      // (the next chunk is still good) and show the line in the inspector.
      return [{ type: 'raw', event }]
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return [{ type: 'raw', event }]
    const plain = plainOpenaiChunk(json as Record<string, unknown>)
    if (plain !== undefined) return this.chunkParts(plain, event)
    const parsed = openaiChunkReadSchema.safeParse(json)
    if (!parsed.success) return [{ type: 'raw', event }]
    return this.chunkParts(parsed.data, event)
  }

  end(): StreamPart[] {
    const parts: StreamPart[] = []
    if (!this.done) this.closeOpenToolCalls(parts)
    return parts
  }

  private closeOpenToolCalls(parts: StreamPart[]): void {
    // Map iteration follows insertion, which is the order the calls started in.
    for (const slot of this.slots.values()) {
      if (slot.open) {
        slot.open = false
        parts.push({ type: 'tool-call-end', index: slot.index })
      }
    }
  }

  private toolFragment(call: ToolDeltaWire, parts: StreamPart[]): void {
    // `index` is the only required field; without it, an id names a new call and a bare fragment
    // continues the last one (seen from servers that stream one call at a time).
    const key = call.index ?? (call.id != null ? `id:${call.id}` : (this.lastSlotKey ?? 0))
    this.lastSlotKey = key
    const name = call.function?.name ?? ''
    let slot = this.slots.get(key)
    if (slot === undefined) {
      slot = { index: this.nextToolIndex++, open: true, named: name.length > 0 }
      this.slots.set(key, slot)
      // A first fragment without an id (some compatible servers) still needs one for the tool result.
      parts.push({ type: 'tool-call-start', index: slot.index, id: call.id ?? `call_${slot.index}`, name })
    } else if (!slot.named && name.length > 0) {
      // The name came late: a repeated start fills it in (reduceStreamPart keeps what it had).
      slot.named = true
      parts.push({ type: 'tool-call-start', index: slot.index, id: call.id ?? `call_${slot.index}`, name })
    }
    const argumentsDelta = call.function?.arguments
    if (argumentsDelta != null && argumentsDelta.length > 0) {
      parts.push({ type: 'tool-call-delta', index: slot.index, argumentsDelta })
    }
  }

  private chunkParts(chunk: OpenaiChunkRead, event: SseMessage): StreamPart[] {
    const parts: StreamPart[] = []
    if (chunk.error != null) {
      parts.push({ type: 'error', error: dialectErrorFromOpenaiObject(chunk.error) })
      return parts
    }
    if (chunk.choices == null && chunk.usage == null) return [{ type: 'raw', event }]
    if (!this.started) {
      this.started = true
      const start: StreamPart = { type: 'start' }
      if (chunk.id != null) start.id = chunk.id
      if (chunk.model != null) start.model = chunk.model
      parts.push(start)
    }
    // Never assume choices[0] exists: the usage chunk has `choices: []`.
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue
      const delta = choice.delta
      if (delta != null) {
        for (const part of reasoningPartsFrom(delta)) {
          if (part.type === 'redacted-reasoning') {
            parts.push({ type: 'redacted-reasoning', data: part.data })
            continue
          }
          if (part.text.length > 0) parts.push({ type: 'reasoning-delta', text: part.text })
          if (part.signature !== undefined)
            parts.push({ type: 'reasoning-signature', signature: part.signature })
        }
        if (delta.content != null && delta.content.length > 0)
          parts.push({ type: 'text-delta', text: delta.content })
        if (delta.refusal != null && delta.refusal.length > 0)
          parts.push({ type: 'text-delta', text: delta.refusal })
        for (const call of delta.tool_calls ?? []) this.toolFragment(call, parts)
      }
      if (choice.finish_reason != null) {
        this.closeOpenToolCalls(parts)
        parts.push({ type: 'finish', reason: finishReasonFromOpenai(choice.finish_reason) })
      }
    }
    if (chunk.usage != null) parts.push({ type: 'usage', usage: usageFromOpenai(chunk.usage) })
    return parts
  }
}

/** An SSE event named `error` (A4.5): its data as an error payload, or as the message when not JSON. */
function errorEventError(data: string): DialectError {
  let payload: unknown
  try {
    payload = JSON.parse(data)
  } catch {
    payload = { message: data }
  }
  return dialectErrorFromOpenaiPayload(payload)
}
