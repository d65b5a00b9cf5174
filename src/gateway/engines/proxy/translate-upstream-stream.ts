import type { StreamPart } from '../../../shared/chat/stream-part'
import type { Dialect } from '../../../shared/dialects/dialect'
import { createPartDecoder } from '../../../shared/dialects/sse/part-decoder'
import type { UpstreamResponse } from './upstream-transport'

/**
 * Upstream SSE bytes → canonical parts, one batch per network chunk (what arrived together leaves
 * together, so a fast upstream does not become one client write per event). The bytes go through
 * createPartDecoder, the same pipeline main reads replies with.
 *
 * The upstream dialect's parser decides what the events mean; the client's encoder (in the route)
 * writes them back in the client's dialect. A stream that stops without its terminal event yields no
 * `end` part, and the encoder reports it in-band rather than pretending the reply completed. A broken
 * or silent upstream throws (a GatewayError from the transport), which the route also reports in-band.
 */
export async function* translateUpstreamStream(
  response: UpstreamResponse,
  dialect: Dialect,
): AsyncGenerator<StreamPart[]> {
  let batch: StreamPart[] = []
  const decoder = createPartDecoder(dialect, {
    onParts: (parts) => {
      for (const part of parts) batch.push(part)
    },
  })
  let finished = false
  try {
    for await (const chunk of response.chunks()) {
      decoder.feed(chunk)
      if (batch.length > 0) {
        const out = batch
        batch = []
        yield out
      }
    }
    decoder.end()
    finished = true
    if (batch.length > 0) yield batch
  } finally {
    // Reached early when the client left (the generator is returned): hang up on the upstream too.
    if (!finished) response.abandon()
  }
}
