import { findModel } from '@shared/catalog/find-model'
import { dialects } from '@shared/dialects'
import type { BuiltRequest } from '@shared/dialects/dialect'
import type { HttpRequest } from '@shared/http/http-request'
import { withHeaders } from '@shared/http/json-request-body'
import { seconds } from './describe-network-failure'
import type { ResolvedRunRegistryOptions, RunTarget } from './run-registry-options'
import type { RunSession } from './run-session'
import { sendAttempt } from './send-attempt'
import { withSimulateHeader } from '@shared/runs/simulate-header'
import { isHttpUrl } from '@shared/settings/settings-schema'

const MAX_RETRY_REASON_CHARS = 300

function withTestHeaders(http: HttpRequest, extra: Record<string, string> | undefined): HttpRequest {
  if (extra === undefined || Object.keys(extra).length === 0) return http
  const headers = { ...http.headers }
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value
  return withHeaders(http, headers)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Resolves when `ms` passed or the run finished (a cancel during the wait sends nothing more). */
function waitUnlessFinished(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * The whole life of a run: resolve the profile, build the request with the dialect, send it (again
 * only while no reply has reached the user and the retry policy allows), and let the reply readers
 * end it. Every way out goes through `session.finish`, exactly once.
 */
export async function executeRun(session: RunSession, registry: ResolvedRunRegistryOptions): Promise<void> {
  const { input } = session
  const dialect = dialects[input.dialect]

  let target: RunTarget
  try {
    target = await registry.resolveTarget(input.profileId)
  } catch (error) {
    session.finish({
      state: 'provider_error',
      message: `Could not prepare the request for this profile: ${messageOf(error)}`,
      error: { type: 'profile_error', message: messageOf(error) },
    })
    return
  }
  if (session.finished) return
  if (target.apiKey === null || target.apiKey === '') {
    const message = 'No API key is saved for this profile. Add one in Settings, then send again.'
    session.finish({
      state: 'provider_error',
      message,
      error: { type: 'missing_api_key', message, kind: 'authentication' },
    })
    return
  }
  session.useApiKey(target.apiKey)

  let built: BuiltRequest
  try {
    built = dialect.buildRequest(input.request, { baseUrl: target.baseUrl, apiKey: target.apiKey })
  } catch (error) {
    session.finish({
      state: 'provider_error',
      message: `Could not build the ${dialect.label} request: ${messageOf(error)}`,
      error: { type: 'invalid_request', message: messageOf(error), kind: 'invalid_request' },
    })
    return
  }
  session.batcher.set('adjustments', built.adjustments)
  if (!isHttpUrl(built.http.url)) {
    session.batcher.set('request', session.redactor.request(built.http))
    session.finish({
      state: 'network_error',
      message: `The profile's base URL ${JSON.stringify(target.baseUrl)} is not a valid http(s) address.`,
    })
    return
  }

  const pricing = findModel(target.catalog, input.request.model)?.token_factory.pricing
  registry.logger.info(`run ${session.id} started`, {
    dialect: dialect.id,
    model: input.request.model,
    stream: input.request.stream,
    url: session.redactor.text(built.http.url),
  })

  let shownRequest: string | undefined
  for (let attempt = 0; ; attempt++) {
    const http = withTestHeaders(
      withSimulateHeader(built.http, input.simulate),
      registry.testHeaders?.(input, attempt),
    )
    // The inspector shows what was sent: again only if an attempt sends something different.
    const redacted = session.redactor.request(http)
    const fingerprint = JSON.stringify(redacted)
    if (fingerprint !== shownRequest) {
      session.batcher.set('request', redacted)
      shownRequest = fingerprint
    }

    const outcome = await sendAttempt({ session, registry, dialect, http, attempt, pricing })
    if (outcome.kind === 'done' || session.finished) return

    // Redacted, then shortened (clip): never the other way round.
    const reason = session.redactor.clip(outcome.reason, MAX_RETRY_REASON_CHARS)
    session.batcher.set('retry', {
      // The retry's number: 1 for the first resend.
      attempt: attempt + 1,
      delayMs: outcome.delayMs,
      reason,
    })
    registry.logger.warn(`run ${session.id}: retry ${attempt + 1} in ${seconds(outcome.delayMs)}`, reason)
    // The notice goes out before the wait starts (at most a frame): "retrying in 2 s" is then true.
    await session.batcher.flushed()
    if (session.finished) return
    await waitUnlessFinished(outcome.delayMs, session.signal)
    if (session.finished) return
  }
}
