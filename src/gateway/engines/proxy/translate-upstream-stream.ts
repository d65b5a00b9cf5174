import type { StreamPart } from '../../../shared/chat/stream-part'
import type { Dialect } from '../../../shared/dialects/dialect'
import { createSseParser } from '../../../shared/dialects/sse/sse-parser'
import type { UpstreamResponse } from './upstream-transport'

/**
 * Upstream SSE bytes → events → canonical parts, one batch per network chunk (what arrived together
 * leaves together, so a fast upstream does not become one client write per event).
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
  const parser = dialect.parseStream()
  let batch: StreamPart[] = []
  const sse = createSseParser({
    onEvent: (event) => {
      for (const part of parser.push(event)) batch.push(part)
    },
  })
  let finished = false
  try {
    for await (const chunk of response.chunks()) {
      sse.feed(chunk)
      if (batch.length > 0) {
        const out = batch
        batch = []
        yield out
      }
    }
    sse.end()
    for (const part of parser.end()) batch.push(part)
    finished = true
    if (batch.length > 0) yield batch
  } finally {
    // Reached early when the client left (the generator is returned): hang up on the upstream too.
    if (!finished) response.abandon()
  }
}
