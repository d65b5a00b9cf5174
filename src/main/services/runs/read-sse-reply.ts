import type { Dialect } from '@shared/dialects/dialect'
import { createPartDecoder } from '@shared/dialects/sse/part-decoder'
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
  const cap = registry.rawEventCap
  let rawEvents = 0
  // When what is being decoded arrived: every part of one network chunk shares its time.
  let arrivedAt = startedAt

  const decoder = createPartDecoder(dialect, {
    onEvent: (event) => {
      if (sink.stopped) return false
      if (rawEvents < cap) {
        // The event name and data are the server's words: a key can hide in either.
        const redacted = session.redactor.rawEvent(event)
        session.batcher.addRawEvent({
          atMs: arrivedAt - startedAt,
          ...(redacted.event === undefined ? {} : { event: redacted.event }),
          data: redacted.data,
        })
      } else if (rawEvents === cap) {
        session.batcher.markRawEventsTruncated()
      }
      rawEvents++
      return true
    },
    onParts: (parts) => sink.push(parts, arrivedAt),
  })
  const endDecoding = (): void => {
    arrivedAt = registry.now()
    decoder.end()
  }

  try {
    await pumpBody(body, {
      idleMs: registry.timeouts.idleMs,
      signal: session.signal,
      onIdle: () =>
        session.finish({ state: 'timeout', message: idleTimeoutMessage(url, registry.timeouts.idleMs) }),
      onChunk: (chunk) => {
        arrivedAt = registry.now()
        decoder.feed(chunk)
        return !sink.stopped
      },
    })
  } catch (error) {
    if (session.finished) return
    // Tool calls still open are closed, so the kept reply is well-formed.
    endDecoding()
    const failure = describeStreamFailure(error, url, session.redactor.text)
    session.finish({ state: failure.state, message: failure.message })
    return
  }
  if (session.finished) return
  if (!sink.stopped) endDecoding()
  session.finish(
    sink.terminal(
      `The stream from ${hostLabel(url)} ended without the ${dialect.label} end marker; the reply may be cut short.`,
    ),
  )
}
