import type { CatalogUsageReference } from '@shared/catalog'
import type { Dialect } from '@shared/dialects/dialect'
import type { HttpRequest } from '@shared/http/http-request'
import { requestBodyBytes } from '@shared/http/json-request-body'
import { describeFetchFailure, hostLabel, seconds } from './describe-network-failure'
import { readBodyText } from './pump-body'
import { readJsonReply } from './read-json-reply'
import { idleTimeoutMessage, readSseReply, type ReplyContext } from './read-sse-reply'
import { planRetry, serverRetryDelayMs, shouldRetryResponse } from './retry-policy'
import { createRunMetrics } from './run-metrics'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunSession } from './run-session'

/** Error bodies are parsed for their message; a huge HTML error page is not read to the end. */
const MAX_ERROR_BODY_CHARS = 1024 * 1024

export type AttemptOutcome = { kind: 'done' } | { kind: 'retry'; delayMs: number; reason: string }
const DONE: AttemptOutcome = { kind: 'done' }

function isEventStream(response: Response): boolean {
  return /\btext\/event-stream\b/i.test(response.headers.get('content-type') ?? '')
}

/**
 * One HTTP attempt. Either it ends the run (every path calls `session.finish`, or finds it already
 * finished by a timer or a cancel), or, strictly before any 2xx response, it asks for a retry.
 */
export async function sendAttempt(options: {
  session: RunSession
  registry: ResolvedRunRegistryOptions
  dialect: Dialect
  http: HttpRequest
  attempt: number
  pricing: Pick<CatalogUsageReference, 'items'> | undefined
}): Promise<AttemptOutcome> {
  const { session, registry, dialect, http, attempt } = options
  const { timeouts } = registry
  const host = hostLabel(http.url)

  const startedAt = registry.now()
  const metrics = createRunMetrics({ startedAt, pricing: options.pricing })
  session.metrics = metrics
  session.responded = false
  session.batcher.touchMetrics()

  // Connect and headers timers both count from sending. The connect timer only acts when the
  // watcher saw this request reach the transport, so a fetch it cannot observe never gets a false
  // "could not connect": the headers timer covers connecting for it.
  let watched = false
  let connected = false
  const connectTimer = setTimeout(() => {
    if (!watched || connected) return
    session.finish({
      state: 'timeout',
      message: `Could not connect to ${host} within ${seconds(timeouts.connectMs)} (connect timeout). Check the base URL and your network connection.`,
    })
  }, timeouts.connectMs)
  const headersTimer = setTimeout(() => {
    session.finish({
      state: 'timeout',
      message: `${host} did not answer within ${seconds(timeouts.headersMs)} (no response headers).`,
    })
  }, timeouts.headersMs)

  let response: Response
  try {
    response = await registry.connectionWatcher.watch(
      () =>
        registry.fetch(http.url, {
          method: http.method,
          headers: http.headers,
          // As bytes written from the body's pieces: given a string, fetch would check it for lone
          // surrogates and encode it (~5 ms for a 2 MB body, a 1M-token chat), and that string is
          // 2.2 MB of garbage per pane that started major GCs of main mid-send (json-request-body.ts).
          body: requestBodyBytes(http),
          signal: session.signal,
          // Never follow a redirect: `x-api-key` would travel to the new address along with it.
          redirect: 'manual',
        }),
      {
        onRequest: () => {
          watched = true
        },
        onConnected: () => {
          connected = true
          clearTimeout(connectTimer)
        },
      },
    )
  } catch (error) {
    if (session.finished) return DONE
    const failure = describeFetchFailure(error, http.url, timeouts.connectMs, session.redactor.text)
    if (failure.retryable) {
      const plan = planRetry({
        retriesSoFar: attempt,
        ...registry.retry,
        serverDelayMs: undefined,
        random: registry.random,
      })
      if (plan.retry) return { kind: 'retry', delayMs: plan.delayMs, reason: failure.message }
    }
    session.finish({ state: failure.state, message: failure.message })
    return DONE
  } finally {
    clearTimeout(connectTimer)
    clearTimeout(headersTimer)
  }
  if (session.finished) {
    response.body?.cancel().catch(() => undefined)
    return DONE
  }

  session.responded = true
  metrics.headersReceived(registry.now())
  const requestIdHeader = response.headers.get(dialect.requestIdHeader)
  // A header value is the server's word like any other: it may echo the key.
  const requestId = requestIdHeader === null ? undefined : session.redactor.text(requestIdHeader)
  session.batcher.set('response', {
    status: response.status,
    headers: session.redactor.headers(response.headers),
    ...(requestId === undefined ? {} : { requestId }),
  })
  session.batcher.touchMetrics()
  const onIdle = (): void =>
    session.finish({ state: 'timeout', message: idleTimeoutMessage(http.url, timeouts.idleMs) })

  if (response.status >= 200 && response.status < 300) {
    // From here on the reply belongs to the user: never retried, whatever happens.
    const context: ReplyContext = { session, registry, dialect, url: http.url, startedAt, metrics }
    if (isEventStream(response)) await readSseReply(context, response.body)
    else await readJsonReply(context, response.status, response.body)
    return DONE
  }

  let body: string
  try {
    body = await readBodyText(response.body, {
      idleMs: timeouts.idleMs,
      signal: session.signal,
      onIdle,
      maxChars: MAX_ERROR_BODY_CHARS,
    })
  } catch {
    // The status says enough; a body cut short still parses to a message below.
    body = ''
  }
  // Redacted BEFORE the dialect's parser shortens the message: a key cut in two by a truncation
  // would let its first part through. A body cut by the cap loses a key beginning at its end too.
  body = session.redactor.clip(body, MAX_ERROR_BODY_CHARS, body.length >= MAX_ERROR_BODY_CHARS)
  if (session.finished) return DONE

  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location')
    session.finish({
      state: 'provider_error',
      error: {
        status: response.status,
        type: 'redirect',
        message: `The server redirects this request${location === null ? '' : ` to ${location}`} (HTTP ${response.status}). Redirects are not followed, so the API key never goes to another address: set the profile's base URL to the final address.`,
        ...(requestId === undefined ? {} : { requestId }),
      },
    })
    return DONE
  }

  const error = session.redactor.error(dialect.parseError(response.status, body, requestId))
  if (shouldRetryResponse(response.status, response.headers)) {
    const plan = planRetry({
      retriesSoFar: attempt,
      ...registry.retry,
      serverDelayMs: serverRetryDelayMs(response.headers, registry.now()),
      random: registry.random,
    })
    if (plan.retry) {
      return { kind: 'retry', delayMs: plan.delayMs, reason: `HTTP ${response.status}: ${error.message}` }
    }
  }
  session.finish({ state: 'provider_error', error })
  return DONE
}
