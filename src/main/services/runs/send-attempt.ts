import type { CatalogUsageReference } from '@shared/catalog'
import type { Dialect } from '@shared/dialects/dialect'
import type { HttpRequest } from '@shared/http/http-request'
import { requestBodyBytes } from '@shared/http/json-request-body'
import { DONE, type AttemptOutcome } from './attempt-outcome'
import { startAttemptTimers } from './attempt-timers'
import { describeFetchFailure } from './describe-network-failure'
import { handleErrorResponse } from './error-response'
import { readJsonReply } from './read-json-reply'
import { readSseReply, type ReplyContext } from './read-sse-reply'
import { planRetry } from './retry-policy'
import { createRunMetrics } from './run-metrics'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunSession } from './run-session'

type AttemptOptions = {
  session: RunSession
  registry: ResolvedRunRegistryOptions
  dialect: Dialect
  http: HttpRequest
  attempt: number
  pricing: Pick<CatalogUsageReference, 'items'> | undefined
}

function isEventStream(response: Response): boolean {
  return /\btext\/event-stream\b/i.test(response.headers.get('content-type') ?? '')
}

/**
 * One HTTP attempt. Either it ends the run (every path calls `session.finish`, or finds it already
 * finished by a timer or a cancel), or, strictly before any 2xx response, it asks for a retry.
 */
export async function sendAttempt(options: AttemptOptions): Promise<AttemptOutcome> {
  const { session, registry, dialect, http } = options
  const startedAt = registry.now()
  const metrics = createRunMetrics({ startedAt, pricing: options.pricing })
  session.metrics = metrics
  session.responded = false
  session.batcher.touchMetrics()

  const timers = startAttemptTimers(session, http.url, registry.timeouts)
  let response: Response
  try {
    response = await registry.connectionWatcher.watch(
      () =>
        registry.fetch(http.url, {
          method: http.method,
          headers: http.headers,
          // As bytes written from the body's pieces: given a string, fetch would check it for lone
          // surrogates and encode it, and that string is garbage the size of the body per pane, which
          // started major GCs of main mid-send (json-request-body.ts; performance.md S1).
          body: requestBodyBytes(http),
          signal: session.signal,
          // Never follow a redirect: `x-api-key` would travel to the new address along with it.
          redirect: 'manual',
        }),
      timers.hooks,
    )
  } catch (error) {
    return fetchFailed(options, error)
  } finally {
    timers.clear()
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

  if (response.status >= 200 && response.status < 300) {
    // From here on the reply belongs to the user: never retried, whatever happens.
    const context: ReplyContext = { session, registry, dialect, url: http.url, startedAt, metrics }
    if (isEventStream(response)) await readSseReply(context, response.body)
    else await readJsonReply(context, response.status, response.body)
    return DONE
  }
  const { attempt } = options
  return handleErrorResponse({ session, registry, dialect, url: http.url, response, requestId, attempt })
}

/** fetch rejected, no response at all: sent again when the failure and the retry policy allow. */
function fetchFailed(options: AttemptOptions, error: unknown): AttemptOutcome {
  const { session, registry, http } = options
  if (session.finished) return DONE
  const failure = describeFetchFailure(error, http.url, registry.timeouts.connectMs, session.redactor.text)
  if (failure.retryable) {
    const plan = planRetry({
      retriesSoFar: options.attempt,
      ...registry.retry,
      serverDelayMs: undefined,
      random: registry.random,
    })
    if (plan.retry) return { kind: 'retry', delayMs: plan.delayMs, reason: failure.message }
  }
  session.finish({ state: failure.state, message: failure.message })
  return DONE
}
