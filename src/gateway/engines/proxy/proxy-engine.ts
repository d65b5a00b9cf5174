import type { ChatRequest } from '../../../shared/chat/chat-request'
import { GatewayError, gatewayErrorKindFromStatus } from '../../../shared/chat/errors'
import { resultToParts } from '../../../shared/chat/result-to-parts'
import type { StreamPart } from '../../../shared/chat/stream-part'
import { dialects } from '../../../shared/dialects'
import type { Dialect } from '../../../shared/dialects/dialect'
import { createSseParser } from '../../../shared/dialects/sse/sse-parser'
import type { ProxyEngineConfig } from '../../gateway-config'
import type { Engine, EngineContext, EngineReply } from '../engine'

/** Headers passed upstream besides the dialect's own: fault injection, so chained gateways can be tested. */
const FORWARDED_HEADERS = ['x-simulate'] as const

/**
 * Forwards a request to an upstream gateway in either dialect with the upstream's own key (from the
 * environment; the client's key is never forwarded), translating through the canonical form: client
 * dialect → ChatRequest → upstream dialect's buildRequest → fetch → upstream parseStream → parts,
 * which the route encodes back in the client's dialect. N parsers and N encoders, no N² translators.
 */
export function createProxyEngine(
  config: ProxyEngineConfig,
  env: Record<string, string | undefined>,
): Engine {
  const upstream = config.upstream
  const upstreamDialect: Dialect = dialects[upstream.dialect]

  return {
    async start(request: ChatRequest, context: EngineContext): Promise<EngineReply> {
      const apiKey = env[upstream.apiKeyEnv]
      if (!apiKey) {
        throw new GatewayError(
          'server_error',
          `The proxy for ${context.model.name} has no upstream key: set the environment variable ${upstream.apiKeyEnv}.`,
        )
      }
      const upstreamRequest: ChatRequest = { ...request, model: upstream.model ?? request.model }
      // The client may not have asked for usage; upstream we always do, so Messages clients get it.
      if (upstreamRequest.stream) upstreamRequest.includeUsage = true
      const { http } = upstreamDialect.buildRequest(upstreamRequest, { baseUrl: upstream.baseUrl, apiKey })
      const headers: Record<string, string> = { ...http.headers }
      for (const name of FORWARDED_HEADERS) {
        const value = context.header(name)
        if (value !== undefined) headers[name] = value
      }

      const timeout = AbortSignal.timeout(upstream.timeoutMs)
      const signal = AbortSignal.any([context.signal, timeout])
      let response: Response
      try {
        response = await fetch(http.url, { method: http.method, headers, body: http.body ?? null, signal })
      } catch (error) {
        if (timeout.aborted)
          throw new GatewayError('timeout', `The upstream did not answer within ${upstream.timeoutMs} ms.`)
        throw new GatewayError('server_error', `The upstream is unreachable: ${describeFetchError(error)}`, {
          status: 502,
        })
      }

      if (!response.ok) {
        const body = await response.text().catch(() => '')
        const requestId = response.headers.get(upstreamDialect.requestIdHeader) ?? undefined
        const upstreamError = upstreamDialect.parseError(response.status, body, requestId)
        const retryAfter = Number(response.headers.get('retry-after') ?? NaN)
        throw new GatewayError(
          upstreamError.kind ?? gatewayErrorKindFromStatus(response.status),
          upstreamError.message,
          {
            status: response.status,
            ...(upstreamError.param ? { param: upstreamError.param } : {}),
            ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
          },
        )
      }

      if (!request.stream) {
        let json: unknown
        try {
          json = await response.json()
        } catch (error) {
          throw new GatewayError(
            'server_error',
            `The upstream sent a reply that is not JSON: ${(error as Error).message}`,
            {
              status: 502,
            },
          )
        }
        const parts = resultToParts(upstreamDialect.parseResponse(json))
        return { batches: once(parts) }
      }
      if (!response.body)
        throw new GatewayError('server_error', 'The upstream sent an empty stream.', { status: 502 })
      return { batches: translateStream(response.body, upstreamDialect) }
    },
  }
}

async function* once(parts: StreamPart[]): AsyncGenerator<StreamPart[]> {
  yield parts
}

/** Upstream bytes → SSE events → parts, one batch per network chunk (what arrived together leaves together). */
async function* translateStream(
  body: ReadableStream<Uint8Array>,
  dialect: Dialect,
): AsyncGenerator<StreamPart[]> {
  const parser = dialect.parseStream()
  let batch: StreamPart[] = []
  const sse = createSseParser({
    onEvent: (event) => {
      for (const part of parser.push(event)) batch.push(part)
    },
  })
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      sse.feed(value)
      if (batch.length > 0) {
        const out = batch
        batch = []
        yield out
      }
    }
    sse.end()
    for (const part of parser.end()) batch.push(part)
    if (batch.length > 0) yield batch
  } finally {
    // Reached when the client left (the generator is returned early): stop reading the upstream.
    await reader.cancel().catch(() => undefined)
  }
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}
