import type { StreamPart } from '@shared/chat/stream-part'
import type { Dialect } from '@shared/dialects/dialect'
import { createPartDecoder } from '@shared/dialects/sse/part-decoder'
import type { PartRedactor } from '@shared/redaction/redact-stream-parts'
import type { UpstreamResponse } from './upstream-transport'

/**
 * Upstream SSE text → canonical parts without the upstream key, one batch per network chunk (what
 * arrived together leaves together, so a fast upstream does not become one client write per event).
 * The text goes through createPartDecoder, the same pipeline main reads replies with, and every part
 * through `redactor` (see redactUpstreamReply for why): in this one generator rather than a second
 * one around it, because each async generator layer costs promise hops per chunk on the proxy's
 * hot path (performance.md G1). Text the redactor holds back is released when the reply ends, and
 * before a broken upstream's error goes on, so no other character is lost.
 *
 * The upstream dialect's parser decides what the events mean; the client's encoder (in the route)
 * writes them back in the client's dialect. A stream that stops without its terminal event yields no
 * `end` part, and the encoder reports it in-band rather than pretending the reply completed. A broken
 * or silent upstream throws (a GatewayError from the transport), which the route also reports in-band.
 */
export async function* translateUpstreamStream(
  response: UpstreamResponse,
  dialect: Dialect,
  redactor: PartRedactor,
): AsyncGenerator<StreamPart[]> {
  let batch: StreamPart[] = []
  const decoder = createPartDecoder(dialect, {
    onParts: (parts) => {
      for (const part of parts) for (const safe of redactor.push(part)) batch.push(safe)
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
  } catch (error) {
    const held = redactor.flush()
    if (held.length > 0) yield held
    throw error
  } finally {
    // Reached early when the client left (the generator is returned): hang up on the upstream too.
    if (!finished) response.abandon()
  }
  for (const safe of redactor.flush()) batch.push(safe)
  if (batch.length > 0) yield batch
}
