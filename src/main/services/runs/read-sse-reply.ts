import type { Dialect } from '../../../shared/dialects/dialect'
import { createSseParser } from '../../../shared/dialects/sse/sse-parser'
import { describeStreamFailure, hostLabel, seconds } from './describe-network-failure'
import { pumpBody } from './pump-body'
import { createReplySink } from './reply-sink'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunMetricsTracker } from './run-metrics'
import type { RunSession } from './run-session'

export type ReplyContext = {
  session: RunSession
  registry: ResolvedRunRegistryOptions
  dialect: Dialect
  url: string
  startedAt: number
  metrics: RunMetricsTracker
}

export function idleTimeoutMessage(url: string, idleMs: number): string {
  return `No data from ${hostLabel(url)} for ${seconds(idleMs)} (idle timeout); the text so far is kept.`
}

/**
 * A 2xx `text/event-stream` body: bytes → SSE events (kept for the inspector, up to the cap) →
 * the dialect's parts → the sink. Ends the run: `completed` with the end marker, `provider_error`
 * on an in-band error, `incomplete` when the stream just stops, `network_error` / `incomplete` on a
 * broken connection (see describeStreamFailure), `timeout` when idle.
 */
export async function readSseReply(context: ReplyContext, body: ReadableStream<Uint8Array> | null) {
  const { session, registry, dialect, url, startedAt, metrics } = context
  const sink = createReplySink(session, metrics)
  const parser = dialect.parseStream()
  const cap = registry.rawEventCap
  let rawEvents = 0
  let chunkAt = startedAt

  const sse = createSseParser({
    onEvent: (event) => {
      if (sink.stopped) return
      if (rawEvents < cap) {
        // The event name and data are the server's words: a key can hide in either.
        const redacted = session.redactor.rawEvent(event)
        session.batcher.addRawEvent({
          atMs: chunkAt - startedAt,
          ...(redacted.event === undefined ? {} : { event: redacted.event }),
          data: redacted.data,
        })
      } else if (rawEvents === cap) {
        session.batcher.markRawEventsTruncated()
      }
      rawEvents++
      sink.push(parser.push(event), chunkAt)
    },
  })

  try {
    await pumpBody(body, {
      idleMs: registry.timeouts.idleMs,
      signal: session.signal,
      onIdle: () =>
        session.finish({ state: 'timeout', message: idleTimeoutMessage(url, registry.timeouts.idleMs) }),
      onChunk: (chunk) => {
        // Measured on arrival: every part of this chunk shares its time.
        chunkAt = registry.now()
        sse.feed(chunk)
        return !sink.stopped
      },
    })
  } catch (error) {
    if (session.finished) return
    // Tool calls still open are closed, so the kept reply is well-formed.
    sink.push(parser.end(), registry.now())
    const failure = describeStreamFailure(error, url, session.redactor.text)
    session.finish({ state: failure.state, message: failure.message })
    return
  }
  if (session.finished) return
  if (!sink.stopped) {
    sse.end()
    sink.push(parser.end(), registry.now())
  }
  session.finish(
    sink.terminal(
      `The stream from ${hostLabel(url)} ended without the ${dialect.label} end marker; the reply may be cut short.`,
    ),
  )
}
