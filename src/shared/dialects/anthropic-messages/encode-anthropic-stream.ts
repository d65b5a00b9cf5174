import type { FinishReason, Usage } from '../../chat/chat-result'
import type { DialectError } from '../../chat/errors'
import type { StreamPart } from '../../chat/stream-part'
import type { EncodeContext, StreamEncoder } from '../dialect'
import type { SseFrame } from '../sse/sse-message'
import { AnthropicBlockOrder } from './anthropic-block-order'
import { AnthropicStreamFrames } from './anthropic-stream-frames'
import { anthropicUsageFrom } from './convert-anthropic-usage'
import { anthropicErrorTypeOf } from './encode-anthropic-error'
import { anthropicStopFromFinish } from './map-anthropic-stop-reason'

export const UPSTREAM_ENDED_MESSAGE = 'The upstream stream ended before the reply was complete.'

/**
 * StreamParts → Messages SSE (B3, E.4), valid for ANY legal part sequence, including one produced by
 * the OpenAI parser when the gateway translates. What the official SDK helper and Vercel require:
 * - `message_start` first, with a `usage` object. It is written at the first part that is not `start`
 *   or `usage`, so usage known up front (an Anthropic upstream) goes into it;
 * - content blocks strictly one after another, `content_block_start` before any delta: a tool call
 *   streams live only while it is the open block, what arrives meanwhile waits (AnthropicBlockOrder);
 * - `message_delta` (stop reason + cumulative usage) is HELD after `finish` until `end`, so a usage
 *   part arriving after the finish (OpenAI's include_usage chunk) still makes it in; then
 *   `message_stop`;
 * - an `error` part becomes `event: error`, and nothing follows; an upstream that just stops gets an
 *   in-band error from `end()` — a Messages server never stops without a terminal event.
 * Every event has an `event:` line AND a JSON `type`. Parts with no Messages form are dropped: `raw`
 * (never invent event types, E.1) and `start` (id and model come from `context`).
 */
export function createAnthropicStreamEncoder(context: EncodeContext): StreamEncoder {
  return new AnthropicStreamEncoder(context)
}

class AnthropicStreamEncoder implements StreamEncoder {
  private readonly frames: AnthropicStreamFrames
  private readonly blocks: AnthropicBlockOrder
  private done = false
  private usage: Usage | undefined
  private finish: FinishReason | undefined

  constructor(context: EncodeContext) {
    this.frames = new AnthropicStreamFrames(context)
    this.blocks = new AnthropicBlockOrder(this.frames)
  }

  push(part: StreamPart): SseFrame[] {
    if (this.done) return []
    this.handle(part)
    return this.frames.take()
  }

  end(): SseFrame[] {
    if (this.done) return []
    this.terminate({ type: 'api_error', message: UPSTREAM_ENDED_MESSAGE, kind: 'server_error' })
    return this.frames.take()
  }

  private handle(part: StreamPart): void {
    switch (part.type) {
      case 'start':
      case 'raw':
        return
      case 'usage':
        this.usage = part.usage
        // The prompt's usage known before any content (real Messages servers, the simulator) opens the
        // message at once: message_start comes first (E.4), before any keep-alive a slow first token needs.
        this.frames.start(this.usage)
        return
      case 'text-delta':
        this.frames.start(this.usage)
        this.blocks.text('text', part.text)
        return
      case 'reasoning-delta':
        this.frames.start(this.usage)
        this.blocks.text('thinking', part.text)
        return
      case 'reasoning-signature':
        this.frames.start(this.usage)
        this.blocks.signature(part.signature)
        return
      case 'redacted-reasoning':
        this.frames.start(this.usage)
        this.blocks.redacted(part.data)
        return
      case 'tool-call-start':
        this.frames.start(this.usage)
        this.blocks.toolStart(part.index, part.id, part.name)
        return
      case 'tool-call-delta':
        this.frames.start(this.usage)
        this.blocks.toolDelta(part.index, part.argumentsDelta)
        return
      case 'tool-call-end':
        this.frames.start(this.usage)
        this.blocks.toolEnd(part.index)
        return
      case 'finish':
        this.frames.start(this.usage)
        this.blocks.flushAll()
        this.finish = part.reason
        return
      case 'error':
        this.terminate(part.error)
        return
      case 'end':
        this.terminate(undefined)
        return
      default: {
        const unreachable: never = part
        throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
      }
    }
  }

  /** The last events: every block closed, then the error, or the stop reason and `message_stop`. */
  private terminate(error: DialectError | undefined): void {
    this.frames.start(this.usage)
    this.blocks.flushAll()
    if (error !== undefined) {
      this.frames.emit('error', { error: { type: anthropicErrorTypeOf(error), message: error.message } })
    } else {
      const stop = anthropicStopFromFinish(this.finish)
      this.frames.emit('message_delta', {
        delta: { stop_reason: stop.stop_reason, stop_sequence: stop.stop_sequence },
        // Cumulative totals. Input and cache counters are repeated because an OpenAI upstream only
        // reports them at the end, after message_start went out with zeros.
        usage: this.usage === undefined ? { output_tokens: 0 } : anthropicUsageFrom(this.usage),
      })
      this.frames.emit('message_stop', {})
    }
    this.done = true
  }
}

/** A real `ping` event rather than an SSE comment: what the API sends, and what every client skips. */
export function anthropicKeepAlive(): SseFrame {
  return { event: 'ping', data: '{"type":"ping"}' }
}
