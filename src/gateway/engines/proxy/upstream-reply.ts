import { GatewayError, gatewayErrorKindFromStatus } from '@shared/chat/errors'
import { resultToParts } from '@shared/chat/result-to-parts'
import type { StreamPart } from '@shared/chat/stream-part'
import type { Dialect } from '@shared/dialects/dialect'
import { createPartRedactor, REDACTED } from '@shared/redaction/redact-stream-parts'
import type { SecretMatcher } from '@shared/redaction/secret-matcher'
import type { EngineReply } from '../engine'
import { redactUpstreamReply } from './redact-upstream-parts'
import { translateUpstreamStream } from './translate-upstream-stream'
import type { UpstreamResponse } from './upstream-transport'

export type UpstreamReplyOptions = {
  /** The dialect the upstream spoke. */
  dialect: Dialect
  /** An event stream (read event by event) rather than one JSON body. */
  streamed: boolean
  /** The upstream key, to take out of everything the upstream says. */
  matcher: SecretMatcher
  secrets: readonly string[]
}

/**
 * An upstream's answer as the parts of a reply: an HTTP error re-thrown in neutral terms (the route
 * words it in the client's dialect), a JSON body parsed by the upstream's dialect, an event stream
 * decoded event by event (translateUpstreamStream). The proxy reads live answers with it and the replay
 * engine recorded ones, so a replayed reply takes the very path a live one took.
 */
export async function upstreamReply(
  response: UpstreamResponse,
  options: UpstreamReplyOptions,
): Promise<EngineReply> {
  const { dialect, matcher, secrets } = options
  if (response.status < 200 || response.status >= 300)
    throw await upstreamHttpError(response, dialect, matcher)
  if (options.streamed) {
    return { batches: translateUpstreamStream(response, dialect, createPartRedactor(matcher, secrets)) }
  }
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
  const parts = resultToParts(dialect.parseResponse(json))
  return { batches: once(redactUpstreamReply(parts, matcher, secrets)) }
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
