import {
  cassetteError,
  createCassetteRecorder,
  type CassetteRecorder,
} from '@node/cassettes/cassette-recorder'
import type { Cassette, CassetteEnd } from '@node/cassettes/cassette-schema'
import { createCassetteWriter, type CassetteSink } from '@node/cassettes/cassette-writer'
import { canonicalRequestOf, chatDialectOf } from './cassette-dialect'

export type RecordingFetchOptions = {
  /** The fetch that really sends. */
  fetch: typeof fetch
  /** The cassette folder (made if missing); each exchange is written atomically. */
  dir: string
  /** Keys the requests carry: no spelling of them is kept (security.md). */
  secrets: () => readonly string[]
  recordedBy: Cassette['recordedBy']
  /** A cassette that could not be written: said, and nothing else is lost. */
  report: (line: string) => void
}

export type RecordingFetch = {
  fetch: typeof fetch
  /** Resolves once every cassette of an exchange finished so far is on disk. */
  settled(): Promise<void>
}

/**
 * A fetch that records every chat exchange it sends as a cassette, as the server spoke it: the
 * response's head, its event stream chunk by chunk as it arrives (or its whole body), and how it
 * ended — read to the end, broken (the error), cancelled by the reader, or no response at all. What
 * the caller reads is the very bytes that arrived. Other requests pass through unrecorded.
 */
export function createRecordingFetch(options: RecordingFetchOptions): RecordingFetch {
  const writer = createCassetteWriter(options.dir, options.report)
  const save = writer.sink
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const dialect = chatDialectOf(url)
    let recorder: CassetteRecorder | undefined
    try {
      if (dialect !== undefined) {
        const request = canonicalRequestOf(dialect, init?.body)
        const upstream = { dialect, url }
        recorder = createCassetteRecorder({
          request,
          upstream,
          recordedBy: options.recordedBy,
          secrets: options.secrets(),
        })
      }
    } catch {
      // Not a chat request the gateway would read either (no JSON, no dialect's shape): sent as it is.
    }
    if (recorder === undefined) return options.fetch(input, init)
    let response: Response
    try {
      response = await options.fetch(input, init)
    } catch (error) {
      const aborted = init?.signal?.aborted === true
      save(recorder.end(aborted ? 'aborted' : 'failed', aborted ? undefined : cassetteError(error)))
      throw error
    }
    recorder.head(response.status, Object.fromEntries(response.headers))
    return teed(response, recorder, save, init?.signal ?? undefined)
  }
  return { fetch: recordingFetch, settled: writer.settled }
}

/** `response` with a body that feeds `recorder` as it is read, and hands over the cassette at its end. */
function teed(
  response: Response,
  recorder: CassetteRecorder,
  save: CassetteSink,
  signal: AbortSignal | undefined,
): Response {
  const streamed = (response.headers.get('content-type') ?? '').includes('text/event-stream')
  let done = false
  const finish = (state: CassetteEnd['state'], error?: unknown): void => {
    if (done) return
    done = true
    save(recorder.end(state, error === undefined ? undefined : cassetteError(error)))
  }
  if (response.body === null) {
    finish('ended')
    return response
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let whole = ''
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read()
        if (ended) {
          const tail = decoder.decode()
          if (streamed) recorder.chunk(tail)
          else recorder.body(whole + tail)
          finish('ended')
          controller.close()
          return
        }
        const text = decoder.decode(value, { stream: true })
        if (streamed) recorder.chunk(text)
        else whole += text
        controller.enqueue(value)
      } catch (error) {
        if (signal?.aborted === true) finish('aborted')
        else finish('broken', error)
        controller.error(error)
      }
    },
    async cancel(reason) {
      finish('aborted')
      await reader.cancel(reason)
    },
  })
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}
