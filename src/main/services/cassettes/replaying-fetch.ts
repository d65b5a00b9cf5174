import { GatewayError } from '@shared/chat/errors'
import type { DialectId } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'
import { CassetteFileError } from '@node/cassettes/cassette-file'
import type { CassetteLibrary } from '@node/cassettes/cassette-library'
import type { Cassette } from '@node/cassettes/cassette-schema'
import { canonicalRequestOf, chatDialectOf } from './cassette-dialect'

/**
 * A fetch that never reaches the network: each chat request is answered from the cassette matching
 * its hash (docs/cassettes.md), at once, with the recorded status, headers and body — the event
 * stream re-framed event by event, a stream that broke breaking after the same events. A request no
 * cassette matches gets a 404 in its dialect's own error shape, whose message says so and names the
 * closest cassette: the caller fails it, nothing is simulated. Whoever reads the reply (the run
 * registry) reads it as it read the live one.
 */
export function createReplayingFetch(library: CassetteLibrary): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const dialect = chatDialectOf(url)
    if (dialect === undefined)
      throw new TypeError(`Replay answers chat requests only, not ${new URL(url).pathname}.`)
    try {
      const lookup = await library.find(canonicalRequestOf(dialect, init?.body), dialect)
      if (!lookup.found) return errorResponse(dialect, new GatewayError('not_found', lookup.message))
      const { cassette, file } = lookup
      if (cassette.upstream.dialect !== dialect) {
        // The wire is replayed as it was: a reply of the other dialect is not one this reader can read.
        const message = `The cassette ${file} matches but was recorded from a ${cassette.upstream.dialect} server; replay it through the gateway (npm run gateway -- --replay) to read it as ${dialect}.`
        return errorResponse(dialect, new GatewayError('not_found', message))
      }
      return recordedResponse(cassette)
    } catch (error) {
      if (error instanceof CassetteFileError)
        return errorResponse(dialect, new GatewayError('server_error', error.message))
      if (error instanceof SyntaxError || error instanceof GatewayError)
        return errorResponse(
          dialect,
          error instanceof GatewayError ? error : new GatewayError('invalid_request', error.message),
        )
      throw error
    }
  }
}

function recordedResponse(cassette: Cassette): Response {
  const { response } = cassette
  if (response.end.state === 'failed') {
    const error = response.end.error ?? {
      kind: 'server_error' as const,
      message: 'The server did not answer.',
    }
    // No response came when it was recorded: the same failure now, as fetch reports one.
    throw new TypeError('fetch failed', { cause: new Error(error.message) })
  }
  const headers = new Headers(response.headers)
  const status = response.status ?? 502
  if (response.events === undefined) {
    const text = response.body !== undefined ? JSON.stringify(response.body) : (response.bodyText ?? '')
    return new Response(text, { status, headers })
  }
  const encoder = new TextEncoder()
  const frames = response.events.map((event) => encoder.encode(encodeSseFrame(event)))
  let next = 0
  // One frame per read, and the break only after the last: erroring a stream drops what is queued.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const frame = frames[next++]
      if (frame !== undefined) controller.enqueue(frame)
      else if (response.end.state === 'broken')
        controller.error(
          new TypeError('terminated', {
            cause: new Error(response.end.error?.message ?? 'The stream broke.'),
          }),
        )
      else controller.close()
    },
  })
  return new Response(body, { status, headers })
}

function errorResponse(dialect: DialectId, error: GatewayError): Response {
  const { status, body } = dialects[dialect].encodeError(error)
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}
