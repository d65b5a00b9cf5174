import type { StreamPart } from '@shared/chat/stream-part'
import type { StreamEncoder, StreamParser } from '@shared/dialects/dialect'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'
import type { SseFrame } from '@shared/dialects/sse/sse-message'
import { createSseParser } from '@shared/dialects/sse/sse-parser'

/**
 * Bytes → SSE events → a dialect's parts, exactly as a client runs it: the pieces fed one by one as
 * the network delivers them, then `end()` of both parsers at EOF.
 */
export function partsFromChunks(parser: StreamParser, chunks: Iterable<Uint8Array | string>): StreamPart[] {
  const parts: StreamPart[] = []
  const sse = createSseParser({ onEvent: (event) => parts.push(...parser.push(event)) })
  for (const chunk of chunks) sse.feed(chunk)
  sse.end()
  parts.push(...parser.end())
  return parts
}

/** Parts → a dialect's frames, `end()` included (as the gateway does unless told otherwise). */
export function framesFromParts(
  encoder: StreamEncoder,
  parts: readonly StreamPart[],
  options: { end?: boolean } = {},
): SseFrame[] {
  const frames = parts.flatMap((part) => encoder.push(part))
  return options.end === false ? frames : [...frames, ...encoder.end()]
}

/** Frames as the text on the wire. */
export const sseText = (frames: readonly SseFrame[]): string => frames.map(encodeSseFrame).join('')
