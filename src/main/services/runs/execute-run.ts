import { delayUnlessAborted } from '@shared/async/delay-unless-aborted'
import { findModel } from '@shared/catalog/find-model'
import { dialects } from '@shared/dialects'
import type { HttpRequest } from '@shared/http/http-request'
import { withHeaders } from '@shared/http/json-request-body'
import { withSimulateHeader } from '@shared/runs/simulate-header'
import { seconds } from './describe-network-failure'
import { prepareRun } from './prepare-run'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunSession } from './run-session'
import { sendAttempt } from './send-attempt'

const MAX_RETRY_REASON_CHARS = 300

function withTestHeaders(http: HttpRequest, extra: Record<string, string> | undefined): HttpRequest {
  if (extra === undefined || Object.keys(extra).length === 0) return http
  const headers = { ...http.headers }
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value
  return withHeaders(http, headers)
}

/**
 * The whole life of a run: resolve the profile, build the request with the dialect, send it (again
 * only while no reply has reached the user and the retry policy allows), and let the reply readers
 * end it. Every way out goes through `session.finish`, exactly once.
 */
export async function executeRun(session: RunSession, registry: ResolvedRunRegistryOptions): Promise<void> {
  const { input } = session
  const prepared = await prepareRun(session, registry)
  if (prepared === null) return
  const { target, built } = prepared
  const dialect = dialects[input.dialect]

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
    await delayUnlessAborted(outcome.delayMs, session.signal)
    if (session.finished) return
  }
}
