import { GatewayError } from '@shared/chat/errors'
import { dialects } from '@shared/dialects'
import { createSecretMatcher } from '@shared/redaction/secret-matcher'
import { CassetteFileError } from '@node/cassettes/cassette-file'
import type { CassetteLibrary, CassetteLookup } from '@node/cassettes/cassette-library'
import type { Engine } from '../engine'
import { upstreamReply } from '../proxy/upstream-reply'
import { cassetteResponse, type ReplaySpeed } from './cassette-response'

export type ReplayEngineOptions = {
  library: CassetteLibrary
  speed: ReplaySpeed
  /** What answers a request no cassette matches: an error (the default), or another engine. */
  onMiss: 'error' | Engine
}

/** A cassette holds no key (the recorder took it out), so there is nothing to redact on the way back. */
const NO_SECRETS = createSecretMatcher([])

/**
 * Serves recorded exchanges (docs/cassettes.md). The cassette matching the request's hash is played
 * back as the upstream's answer (cassetteResponse) through the proxy's own reading of answers
 * (upstreamReply): the recorded events go through the same decoder to canonical parts, and the route
 * encodes them in the client's dialect — so a reply recorded from either upstream dialect replays to
 * a client of either dialect, and an HTTP error or a broken stream comes back as it came then.
 */
export function createReplayEngine(options: ReplayEngineOptions): Engine {
  return {
    async start(request, context) {
      const lookup = await find(options.library, request, context.dialect)
      if (!lookup.found) {
        if (options.onMiss !== 'error') return options.onMiss.start(request, context)
        throw new GatewayError('not_found', lookup.message)
      }
      const { cassette } = lookup
      const { end } = cassette.response
      if (end.state === 'failed') {
        // No answer came when it was recorded (unreachable, silent): the same error now.
        const error = end.error ?? { kind: 'server_error' as const, message: 'The upstream did not answer.' }
        throw new GatewayError(error.kind, error.message, { status: error.status ?? 502 })
      }
      return upstreamReply(cassetteResponse(cassette, options.speed, context.signal), {
        dialect: dialects[cassette.upstream.dialect],
        streamed: cassette.response.events !== undefined,
        matcher: NO_SECRETS,
        secrets: [],
      })
    },
  }
}

async function find(
  library: CassetteLibrary,
  request: Parameters<CassetteLibrary['find']>[0],
  dialect: Parameters<CassetteLibrary['find']>[1],
): Promise<CassetteLookup> {
  try {
    return await library.find(request, dialect)
  } catch (error) {
    // A damaged file: the client hears which one (no path), the rest of the folder still serves.
    if (error instanceof CassetteFileError) throw new GatewayError('server_error', error.message)
    throw error
  }
}
