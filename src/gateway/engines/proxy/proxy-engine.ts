import type { ChatRequest } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import { dialects } from '@shared/dialects'
import type { Dialect } from '@shared/dialects/dialect'
import { SIMULATE_HEADER } from '@shared/runs/simulate-header'
import { createSecretMatcher, type SecretMatcher } from '@shared/redaction/secret-matcher'
import { apiKeyProblem } from '@shared/settings/api-key'
import {
  cassetteError,
  createCassetteRecorder,
  type CassetteRecorder,
} from '@node/cassettes/cassette-recorder'
import type { ProxyEngineConfig } from '../../gateway-config'
import type { Engine, EngineContext, EngineReply } from '../engine'
import type { CassetteSink } from '@node/cassettes/cassette-writer'
import { recordingResponse } from './record-upstream-response'
import { upstreamReply } from './upstream-reply'
import type { UpstreamResponse, UpstreamTransport } from './upstream-transport'

export type ProxyEngineOptions = {
  /**
   * Forward the client's `x-simulate` header, so chained gateways can be tested end to end. Off when
   * the gateway's own fault injection is off: a disabled header is ignored all the way down.
   */
  forwardSimulateHeader: boolean
  transport: UpstreamTransport
  /** Record every exchange with the upstream as a cassette (`--record`); off when undefined. */
  recordTo?: CassetteSink
}

/**
 * Forwards a request to an upstream gateway in either dialect with the upstream's own key (from the
 * environment; the client's key is never forwarded), translating through the canonical form: client
 * dialect → ChatRequest → upstream dialect's buildRequest → HTTP → upstream parseStream → parts,
 * which the route encodes back in the client's dialect. N parsers and N encoders, no N² translators.
 * No client header is copied upstream except `x-simulate` (see ProxyEngineOptions).
 */
export function createProxyEngine(
  config: ProxyEngineConfig,
  env: Record<string, string | undefined>,
  options: ProxyEngineOptions,
): Engine {
  const upstream = config.upstream
  const upstreamDialect: Dialect = dialects[upstream.dialect]
  // Built once per key, not per request: a matcher compiles a pattern of every spelling of the key
  // (escaped, encoded, base64), as costly as all else the gateway adds over a bare proxy
  // (performance.md G1). Keyed by the key: a changed env still applies.
  let cached: { apiKey: string; matcher: SecretMatcher } | undefined
  const matcherFor = (apiKey: string): SecretMatcher => {
    if (cached?.apiKey !== apiKey) cached = { apiKey, matcher: createSecretMatcher([apiKey]) }
    return cached.matcher
  }

  return {
    async start(request: ChatRequest, context: EngineContext): Promise<EngineReply> {
      const apiKey = env[upstream.apiKeyEnv]
      if (!apiKey) {
        throw new GatewayError(
          'server_error',
          `The proxy for ${context.model.name} has no upstream key: set the environment variable ${upstream.apiKeyEnv}.`,
        )
      }
      const keyProblem = apiKeyProblem(apiKey)
      if (keyProblem !== undefined) {
        // Never quoted: the message goes to the client.
        throw new GatewayError(
          'server_error',
          `The upstream key in ${upstream.apiKeyEnv} cannot be sent in a header. ${keyProblem}`,
        )
      }
      // What the upstream says goes to our clients: never with the upstream key in it.
      const secrets = [apiKey]
      const matcher = matcherFor(apiKey)
      const upstreamRequest: ChatRequest = { ...request, model: upstream.model ?? request.model }
      // The client may not have asked for usage; upstream we always do, so Messages clients get it.
      if (upstreamRequest.stream) upstreamRequest.includeUsage = true
      const { http } = upstreamDialect.buildRequest(upstreamRequest, { baseUrl: upstream.baseUrl, apiKey })
      if (options.forwardSimulateHeader) {
        const simulate = context.header(SIMULATE_HEADER)
        if (simulate !== undefined) http.headers[SIMULATE_HEADER] = simulate
      }

      const recorder = options.recordTo && startRecording(request, upstreamRequest, http.url, secrets)
      let response: UpstreamResponse
      try {
        response = await options.transport.send(http, {
          signal: context.signal,
          timeoutMs: upstream.timeoutMs,
        })
      } catch (error) {
        if (recorder !== undefined && options.recordTo !== undefined) {
          const state = context.signal.aborted ? 'aborted' : 'failed'
          options.recordTo(recorder.end(state, state === 'failed' ? cassetteError(error) : undefined))
        }
        throw error
      }
      if (recorder !== undefined && options.recordTo !== undefined)
        response = recordingResponse(response, recorder, options.recordTo)
      return upstreamReply(response, { dialect: upstreamDialect, streamed: request.stream, matcher, secrets })
    },
  }

  function startRecording(
    request: ChatRequest,
    upstreamRequest: ChatRequest,
    url: string,
    secrets: readonly string[],
  ): CassetteRecorder {
    return createCassetteRecorder({
      request,
      upstream: {
        dialect: upstreamDialect.id,
        url,
        ...(upstreamRequest.model === request.model ? {} : { model: upstreamRequest.model }),
      },
      recordedBy: 'gateway',
      secrets,
    })
  }
}
