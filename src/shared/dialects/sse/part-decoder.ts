import type { StreamPart } from '../../chat/stream-part'
import type { Dialect } from '../dialect'
import type { SseMessage } from './sse-message'
import { createSseParser } from './sse-parser'

export type PartDecoderHooks = {
  /**
   * Each complete event, before the dialect reads it (main keeps them for the inspector). Returning
   * false drops the event: no parts come of it (main stops reading after the reply's end).
   */
  onEvent?: (event: SseMessage) => boolean
  /** The parts of one event, or of the end of the stream, in order; never called with none. */
  onParts: (parts: StreamPart[]) => void
}

export type PartDecoder = {
  /** A network chunk, cut anywhere (inside a line, an event, a UTF-8 character). */
  feed(chunk: Uint8Array | string): void
  /**
   * The body ended, or broke: the dialect closes what is still open (tool calls), so a kept reply is
   * well-formed. An event cut off mid-way is not dispatched, and no `end` part is invented: a stream
   * that stopped without its end marker must not look complete.
   */
  end(): void
}

/**
 * The one pipeline from a streamed reply's bytes to canonical parts: bytes → SSE events →
 * `dialect.parseStream()` → parts. Main's run registry and the gateway's proxy both read upstream
 * streams through it; each decides what to do with the parts (a sink per event, a batch per chunk).
 * Synchronous and callback-driven rather than web streams: a TransformStream per stage costs a
 * promise per chunk on the hot path (performance.md), and main needs to stop between two events.
 */
export function createPartDecoder(
  dialect: Pick<Dialect, 'parseStream'>,
  hooks: PartDecoderHooks,
): PartDecoder {
  const parser = dialect.parseStream()
  const emit = (parts: StreamPart[]): void => {
    if (parts.length > 0) hooks.onParts(parts)
  }
  const sse = createSseParser({
    onEvent: (event) => {
      if (hooks.onEvent && !hooks.onEvent(event)) return
      emit(parser.push(event))
    },
  })
  return {
    feed: (chunk) => sse.feed(chunk),
    end() {
      sse.end()
      emit(parser.end())
    },
  }
}
