import type { DialectError } from '../../chat/errors'
import type { StreamPart } from '../../chat/stream-part'
import type { StreamParser } from '../dialect'
import type { SseMessage } from '../sse/sse-message'
import {
  anthropicContentBlockStartReadSchema,
  anthropicErrorBodyReadSchema,
  anthropicMessageDeltaReadSchema,
  anthropicMessageStartReadSchema,
} from './anthropic-read-schemas'
import type { AnthropicUsageCounters } from './convert-anthropic-usage'
import { usageFromAnthropic } from './convert-anthropic-usage'
import { kindFromAnthropicErrorType } from './map-anthropic-error-kind'
import { finishFromAnthropic } from './map-anthropic-stop-reason'

const KNOWN_EVENTS = [
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
  'error',
] as const
type KnownEvent = (typeof KNOWN_EVENTS)[number]

function isKnownEvent(name: unknown): name is KnownEvent {
  return typeof name === 'string' && (KNOWN_EVENTS as readonly string[]).includes(name)
}

type Block =
  | { kind: 'text' }
  | { kind: 'thinking' }
  /** `toolIndex` is the ordinal among tool_use blocks, which is what StreamPart indexes by. */
  | { kind: 'tool'; toolIndex: number; sawArguments: boolean; initialInput: unknown; open: boolean }
  /** server tool blocks, …: passed through as `raw`. */
  | { kind: 'other' }

/**
 * Messages SSE → StreamParts (B3). Tolerant as a client must be: events are dispatched on the
 * `event:` name, or on the JSON `type` when the name is missing or generic (Vercel and LiteLLM do the
 * same; the official SDK would drop such events). Unknown events and fields never throw.
 */
export function createAnthropicStreamParser(): StreamParser {
  return new AnthropicStreamParser()
}

type ToolBlock = Extract<Block, { kind: 'tool' }>

class AnthropicStreamParser implements StreamParser {
  private started = false
  private ended = false
  /** The wire counters so far: message_start gives them, message_delta overwrites the ones it repeats. */
  private readonly counters: AnthropicUsageCounters = {}
  private readonly blocks = new Map<number, Block>()
  private lastBlockIndex = -1
  private toolCount = 0

  push(event: SseMessage): StreamPart[] {
    // After message_stop nothing can change the reply (some servers append `data: [DONE]`).
    if (this.ended) return [{ type: 'raw', event }]
    let json: unknown
    try {
      json = JSON.parse(event.data)
    } catch {
      json = undefined
    }
    const isObject = typeof json === 'object' && json !== null && !Array.isArray(json)
    const jsonType = isObject ? (json as Record<string, unknown>)['type'] : undefined
    const name = isKnownEvent(event.event) ? event.event : isKnownEvent(jsonType) ? jsonType : undefined
    if (name === undefined) return [{ type: 'raw', event }]
    if (name === 'ping') return []
    if (!isObject) return malformed(event, name)
    const body = json as Record<string, unknown>
    switch (name) {
      case 'message_start':
        return this.onMessageStart(body, event)
      case 'content_block_start':
        return this.onBlockStart(body, event)
      case 'content_block_delta':
        return blockDeltaParts(body, this.blockAt(body['index']), event)
      case 'content_block_stop':
        return this.onBlockStop(body, event)
      case 'message_delta':
        return this.onMessageDelta(body, event)
      case 'message_stop':
        this.ended = true
        return [{ type: 'end' }]
      case 'error':
        return errorParts(body, event)
      default: {
        const unreachable: never = name
        throw new Error(`unhandled event ${String(unreachable)}`)
      }
    }
  }

  end(): StreamPart[] {
    // EOF: close tool calls still open (a cut stream), but never claim the reply is complete.
    const parts: StreamPart[] = []
    for (const block of this.blocks.values()) {
      if (block.kind === 'tool' && block.open) {
        block.open = false
        parts.push({ type: 'tool-call-end', index: block.toolIndex })
      }
    }
    return parts
  }

  private blockAt(index: unknown): Block | undefined {
    return this.blocks.get(typeof index === 'number' ? index : this.lastBlockIndex)
  }

  private onMessageStart(json: unknown, event: SseMessage): StreamPart[] {
    const parsed = anthropicMessageStartReadSchema.safeParse(json)
    if (!parsed.success || this.started) return [{ type: 'raw', event }]
    this.started = true
    const message = parsed.data.message
    const start: StreamPart = { type: 'start' }
    if (message?.id != null) start.id = message.id
    if (message?.model != null) start.model = message.model
    const parts: StreamPart[] = [start]
    if (message?.usage != null) {
      Object.assign(this.counters, message.usage)
      parts.push({ type: 'usage', usage: usageFromAnthropic(this.counters) })
    }
    return parts
  }

  private onBlockStart(json: unknown, event: SseMessage): StreamPart[] {
    const parsed = anthropicContentBlockStartReadSchema.safeParse(json)
    if (!parsed.success) return [{ type: 'raw', event }]
    const index = parsed.data.index ?? this.lastBlockIndex + 1
    this.lastBlockIndex = index
    const content = parsed.data.content_block
    switch (content.type) {
      case 'text':
        this.blocks.set(index, { kind: 'text' })
        // The start block is normally empty, but a non-empty one is part of the text.
        return content.text ? [{ type: 'text-delta', text: content.text }] : []
      case 'thinking': {
        this.blocks.set(index, { kind: 'thinking' })
        const parts: StreamPart[] = []
        if (content.thinking) parts.push({ type: 'reasoning-delta', text: content.thinking })
        if (content.signature) parts.push({ type: 'reasoning-signature', signature: content.signature })
        return parts
      }
      case 'redacted_thinking':
        // A whole block in its start event: nothing streams into it.
        this.blocks.set(index, { kind: 'thinking' })
        return content.data != null ? [{ type: 'redacted-reasoning', data: content.data }] : []
      case 'tool_use': {
        const toolIndex = this.toolCount++
        this.blocks.set(index, {
          kind: 'tool',
          toolIndex,
          sawArguments: false,
          initialInput: content.input,
          open: true,
        })
        return [{ type: 'tool-call-start', index: toolIndex, id: content.id ?? '', name: content.name ?? '' }]
      }
      default:
        this.blocks.set(index, { kind: 'other' })
        return [{ type: 'raw', event }]
    }
  }

  private onBlockStop(json: Record<string, unknown>, event: SseMessage): StreamPart[] {
    const block = this.blockAt(json['index'])
    if (block === undefined || block.kind === 'other') return [{ type: 'raw', event }]
    if (block.kind === 'tool') return block.open ? closeToolBlock(block) : []
    return []
  }

  private onMessageDelta(json: unknown, event: SseMessage): StreamPart[] {
    const parsed = anthropicMessageDeltaReadSchema.safeParse(json)
    if (!parsed.success) return [{ type: 'raw', event }]
    const parts: StreamPart[] = []
    const usage = parsed.data.usage
    if (usage != null) {
      // Cumulative totals: a counter present here replaces the one message_start gave.
      for (const [key, value] of Object.entries(usage)) {
        if (value != null) (this.counters as Record<string, unknown>)[key] = value
      }
      parts.push({ type: 'usage', usage: usageFromAnthropic(this.counters) })
    }
    const stopReason = parsed.data.delta?.stop_reason
    if (stopReason != null) {
      parts.push({
        type: 'finish',
        reason: finishFromAnthropic(stopReason, parsed.data.delta?.stop_sequence),
      })
    }
    return parts
  }
}

/** An event we cannot read: kept raw, and the stream is broken (part of the reply is lost). */
function malformed(event: SseMessage, name: string): StreamPart[] {
  const raw: StreamPart = { type: 'raw', event }
  if (name === 'error') {
    return [raw, { type: 'error', error: { type: 'api_error', message: event.data, kind: 'server_error' } }]
  }
  const error: DialectError = {
    type: 'api_error',
    message: `Malformed stream event: the data of "${name}" is not a valid JSON object.`,
    kind: 'server_error',
  }
  return [raw, { type: 'error', error }]
}

// The hot path (one event per token): read by hand rather than through zod.
function blockDeltaParts(
  json: Record<string, unknown>,
  block: Block | undefined,
  event: SseMessage,
): StreamPart[] {
  const delta = json['delta']
  if (typeof delta !== 'object' || delta === null) return [{ type: 'raw', event }]
  const d = delta as Record<string, unknown>
  switch (d['type']) {
    case 'text_delta': {
      const text = d['text']
      return typeof text === 'string' ? [{ type: 'text-delta', text }] : [{ type: 'raw', event }]
    }
    case 'input_json_delta': {
      const partial = d['partial_json']
      if (block?.kind !== 'tool' || typeof partial !== 'string') return [{ type: 'raw', event }]
      // The first fragment is often "": nothing to say yet.
      if (partial === '') return []
      block.sawArguments = true
      return [{ type: 'tool-call-delta', index: block.toolIndex, argumentsDelta: partial }]
    }
    case 'thinking_delta': {
      const thinking = d['thinking']
      return typeof thinking === 'string'
        ? [{ type: 'reasoning-delta', text: thinking }]
        : [{ type: 'raw', event }]
    }
    case 'signature_delta': {
      const signature = d['signature']
      return typeof signature === 'string' && signature !== ''
        ? [{ type: 'reasoning-signature', signature }]
        : [{ type: 'raw', event }]
    }
    // citations_delta and anything newer: no canonical place; kept for the inspector.
    default:
      return [{ type: 'raw', event }]
  }
}

function closeToolBlock(block: ToolBlock): StreamPart[] {
  block.open = false
  const parts: StreamPart[] = []
  if (!block.sawArguments) {
    // No input_json_delta: the input is what content_block_start said (the SDK keeps it too), and a
    // tool without parameters streams nothing at all, which means `{}` (B3.2).
    const initial = block.initialInput
    const hasInitial = typeof initial === 'object' && initial !== null && Object.keys(initial).length > 0
    const argumentsText = hasInitial ? JSON.stringify(initial) : '{}'
    parts.push({ type: 'tool-call-delta', index: block.toolIndex, argumentsDelta: argumentsText })
  }
  parts.push({ type: 'tool-call-end', index: block.toolIndex })
  return parts
}

function errorParts(json: unknown, event: SseMessage): StreamPart[] {
  const parsed = anthropicErrorBodyReadSchema.safeParse(json)
  if (!parsed.success) {
    return [{ type: 'error', error: { type: 'api_error', message: event.data, kind: 'server_error' } }]
  }
  const type = parsed.data.error.type ?? 'api_error'
  const error: DialectError = { type, message: parsed.data.error.message ?? event.data }
  const kind = kindFromAnthropicErrorType(type)
  if (kind !== undefined) error.kind = kind
  if (parsed.data.request_id != null) error.requestId = parsed.data.request_id
  return [{ type: 'error', error }]
}
