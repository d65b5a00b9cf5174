import { delayUnlessAborted } from '@shared/async/delay-unless-aborted'
import { GatewayError } from '@shared/chat/errors'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'
import type { Cassette } from '@node/cassettes/cassette-schema'
import type { UpstreamResponse } from '../proxy/upstream-transport'

/** `1` the recorded pace, `n` n times faster, `instant` no waiting at all. */
export type ReplaySpeed = number | 'instant'

/**
 * A recorded answer played back as if the upstream were sending it now: each event's SSE text is due
 * its recorded arrival time (divided by the speed) after the start, and the events already due leave
 * together as one chunk, as a fast network would deliver them. Due times are absolute, so timer
 * lateness never adds up (performance.md E3). A stream that broke while it was recorded breaks here at
 * the same point, with the recorded error.
 */
export function cassetteResponse(
  cassette: Cassette,
  speed: ReplaySpeed,
  signal: AbortSignal,
  now: () => number = () => performance.now(),
): UpstreamResponse {
  const { response } = cassette
  const start = now()
  const dueAt = (atMs: number): number => (speed === 'instant' ? 0 : atMs / speed)
  const waitUntil = async (atMs: number): Promise<void> => {
    const wait = start + dueAt(atMs) - now()
    if (wait > 0) await delayUnlessAborted(wait, signal)
  }
  const endError = (): GatewayError | undefined => {
    const error = response.end.error
    if (response.end.state !== 'broken' || error === undefined) return undefined
    return new GatewayError(
      error.kind,
      error.message,
      error.status === undefined ? {} : { status: error.status },
    )
  }

  return {
    status: response.status ?? 502,
    header: (name) => response.headers[name.toLowerCase()],
    headers: () => response.headers,
    async *chunks() {
      let text = ''
      for (const event of response.events ?? []) {
        // What is due already leaves before the wait for this event.
        if (text !== '' && start + dueAt(event.atMs) > now()) {
          yield text
          text = ''
        }
        await waitUntil(event.atMs)
        if (signal.aborted) return
        text += encodeSseFrame(event)
      }
      if (text !== '') yield text
      await waitUntil(response.end.atMs)
      const error = endError()
      if (error !== undefined && !signal.aborted) throw error
    },
    async text() {
      await waitUntil(response.end.atMs)
      const error = endError()
      if (error !== undefined) throw error
      if (response.body !== undefined) return JSON.stringify(response.body)
      return response.bodyText ?? ''
    },
    abandon() {
      // Nothing to hang up on: the client's leaving aborts `signal`, which ends the waits.
    },
  }
}
