import { cassetteError, type CassetteRecorder } from '@node/cassettes/cassette-recorder'
import type { CassetteEnd } from '@node/cassettes/cassette-schema'
import type { CassetteSink } from '@node/cassettes/cassette-writer'
import type { UpstreamResponse } from './upstream-transport'

/**
 * `response`, with everything read from it also going to `recorder`: the head at once, the body's
 * text chunk by chunk as it arrives (the recorder times each event), and how the body ended — read to
 * its end, broken (the error), or left by the client (aborted). The cassette goes to `sink` once,
 * whichever way the reading ends. Only a recording gateway pays for this layer.
 */
export function recordingResponse(
  response: UpstreamResponse,
  recorder: CassetteRecorder,
  sink: CassetteSink,
): UpstreamResponse {
  recorder.head(response.status, response.headers())
  let done = false
  const finish = (state: CassetteEnd['state'], error?: unknown): void => {
    if (done) return
    done = true
    sink(recorder.end(state, error === undefined ? undefined : cassetteError(error)))
  }
  return {
    ...response,
    async *chunks() {
      let state: CassetteEnd['state'] = 'aborted'
      let failure: unknown
      try {
        for await (const chunk of response.chunks()) {
          recorder.chunk(chunk)
          yield chunk
        }
        state = 'ended'
      } catch (error) {
        state = 'broken'
        failure = error
        throw error
      } finally {
        finish(state, failure)
      }
    },
    async text() {
      try {
        const text = await response.text()
        recorder.body(text)
        finish('ended')
        return text
      } catch (error) {
        finish('broken', error)
        throw error
      }
    },
    abandon() {
      finish('aborted')
      response.abandon()
    },
  }
}
