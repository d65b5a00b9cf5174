import type { Dialect } from '@shared/dialects/dialect'
import { DONE, type AttemptOutcome } from './attempt-outcome'
import { readBodyText } from './pump-body'
import { idleTimeoutMessage } from './read-sse-reply'
import { planRetry, serverRetryDelayMs, shouldRetryResponse } from './retry-policy'
import type { ResolvedRunRegistryOptions } from './run-registry-options'
import type { RunSession } from './run-session'

/** Error bodies are parsed for their message; a huge HTML error page is not read to the end. */
const MAX_ERROR_BODY_CHARS = 1024 * 1024

/**
 * A response that is not a 2xx: a redirect, refused (never followed); an error the dialect parses,
 * sent again when the status and the retry policy allow, else the run's end.
 */
export async function handleErrorResponse(options: {
  session: RunSession
  registry: ResolvedRunRegistryOptions
  dialect: Dialect
  url: string
  response: Response
  requestId: string | undefined
  attempt: number
}): Promise<AttemptOutcome> {
  const { session, registry, response, requestId } = options
  const body = await readErrorBody(session, registry, options.url, response)
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

  const error = session.redactor.error(options.dialect.parseError(response.status, body, requestId))
  if (shouldRetryResponse(response.status, response.headers)) {
    const plan = planRetry({
      retriesSoFar: options.attempt,
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

/** The error body, capped and redacted ('' when it could not be read: the status says enough). */
async function readErrorBody(
  session: RunSession,
  registry: ResolvedRunRegistryOptions,
  url: string,
  response: Response,
): Promise<string> {
  const { idleMs } = registry.timeouts
  let body: string
  try {
    body = await readBodyText(response.body, {
      idleMs,
      signal: session.signal,
      onIdle: () => session.finish({ state: 'timeout', message: idleTimeoutMessage(url, idleMs) }),
      maxChars: MAX_ERROR_BODY_CHARS,
    })
  } catch {
    // A body cut short still parses to a message.
    body = ''
  }
  // Redacted BEFORE the dialect's parser shortens the message: a key cut in two by a truncation
  // would let its first part through. A body cut by the cap loses a key beginning at its end too.
  return session.redactor.clip(body, MAX_ERROR_BODY_CHARS, body.length >= MAX_ERROR_BODY_CHARS)
}
