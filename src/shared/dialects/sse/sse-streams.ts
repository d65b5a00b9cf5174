import type { StreamPart } from '../../chat/stream-part'
import type { StreamEncoder, StreamParser } from '../dialect'
import { encodeSseFrame } from './sse-encode'
import type { SseMessage } from './sse-message'
import { createSseParser } from './sse-parser'

/**
 * Web-stream adapters over the synchronous cores, for callers that pipe (fetch bodies, Hono streams).
 * One enqueue per network chunk, not per event, keeps the web-streams overhead off the hot path.
 */
export function sseDecoderStream(): TransformStream<Uint8Array | string, SseMessage[]> {
  let batch: SseMessage[] = []
  const parser = createSseParser({ onEvent: (e) => batch.push(e) })
  return new TransformStream({
    transform(chunk, controller) {
      parser.feed(chunk)
      if (batch.length > 0) {
        controller.enqueue(batch)
        batch = []
      }
    },
    flush() {
      parser.end()
    },
  })
}

export function streamPartParser(parser: StreamParser): TransformStream<SseMessage[], StreamPart[]> {
  return new TransformStream({
    transform(events, controller) {
      const parts: StreamPart[] = []
      for (const event of events) for (const part of parser.push(event)) parts.push(part)
      if (parts.length > 0) controller.enqueue(parts)
    },
    flush(controller) {
      const parts = parser.end()
      if (parts.length > 0) controller.enqueue(parts)
    },
  })
}

export function sseEncoderStream(encoder: StreamEncoder): TransformStream<StreamPart, string> {
  return new TransformStream({
    transform(part, controller) {
      let text = ''
      for (const frame of encoder.push(part)) text += encodeSseFrame(frame)
      if (text.length > 0) controller.enqueue(text)
    },
    flush(controller) {
      let text = ''
      for (const frame of encoder.end()) text += encodeSseFrame(frame)
      if (text.length > 0) controller.enqueue(text)
    },
  })
}
