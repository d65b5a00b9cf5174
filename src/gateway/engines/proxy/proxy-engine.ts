import type { ChatRequest } from '@shared/chat/chat-request'
import { GatewayError, gatewayErrorKindFromStatus } from '@shared/chat/errors'
import { resultToParts } from '@shared/chat/result-to-parts'
import type { StreamPart } from '@shared/chat/stream-part'
import { dialects } from '@shared/dialects'
import type { Dialect } from '@shared/dialects/dialect'
import type { ProxyEngineConfig } from '../../gateway-config'
import type { Engine, EngineContext, EngineReply } from '../engine'
import { SIMULATE_HEADER } from '@shared/runs/simulate-header'
import { createPartRedactor, REDACTED } from '@shared/redaction/redact-stream-parts'
import { createSecretMatcher, type SecretMatcher } from '@shared/redaction/secret-matcher'
import { redactUpstreamReply } from './redact-upstream-parts'
import { translateUpstreamStream } from './translate-upstream-stream'
import { apiKeyProblem } from '@shared/settings/api-key'
import type { UpstreamResponse, UpstreamTransport } from './upstream-transport'

export type ProxyEngineOptions = {
  /**
   * Forward the client's `x-simulate` header, so chained gateways can be tested end to end. Off when
   * the gateway's own fault injection is off: a disabled header is ignored all the way down.
   */
  forwardSimulateHeader: boolean
  transport: UpstreamTransport
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

      const response = await options.transport.send(http, {
        signal: context.signal,
        timeoutMs: upstream.timeoutMs,
      })
      if (response.status < 200 || response.status >= 300)
        throw await upstreamHttpError(response, upstreamDialect, matcher)

      if (!request.stream) {
        const text = await response.text()
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          // Not JSON.parse's message: it quotes a piece of the body, which may be a piece of the key.
          throw new GatewayError(
            'server_error',
            `The upstream sent a reply that is not JSON (${text.length} characters).`,
            { status: 502 },
          )
        }
        const parts = resultToParts(upstreamDialect.parseResponse(json))
        return { batches: once(redactUpstreamReply(parts, matcher, secrets)) }
      }
      return {
        batches: translateUpstreamStream(response, upstreamDialect, createPartRedactor(matcher, secrets)),
      }
    },
  }
}

/**
 * An upstream HTTP error, re-thrown with the upstream's status (so the client sees what the upstream
 * said, e.g. 429 with its retry-after) and its neutral kind (so the client's dialect can word it).
 */
async function upstreamHttpError(
  response: UpstreamResponse,
  upstreamDialect: Dialect,
  matcher: SecretMatcher,
): Promise<GatewayError> {
  // Redacted BEFORE the dialect shortens the message: a cut through the key would leave half of it.
  const body = matcher.redact(await response.text().catch(() => ''), REDACTED)
  const requestId = response.header(upstreamDialect.requestIdHeader)
  const upstreamError = upstreamDialect.parseError(response.status, body, requestId)
  const retryAfter = Number(response.header('retry-after') ?? NaN)
  return new GatewayError(
    upstreamError.kind ?? gatewayErrorKindFromStatus(response.status),
    upstreamError.message,
    {
      status: response.status,
      ...(upstreamError.param ? { param: upstreamError.param } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
    },
  )
}

async function* once(parts: StreamPart[]): AsyncGenerator<StreamPart[]> {
  yield parts
}
