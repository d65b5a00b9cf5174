import { dialects } from '@shared/dialects'
import type { BuiltRequest } from '@shared/dialects/dialect'
import { isHttpUrl } from '@shared/settings/settings-schema'
import type { ResolvedRunRegistryOptions, RunTarget } from './run-registry-options'
import type { RunSession } from './run-session'

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * A run's request before any attempt: the profile resolved, its key present, the request built by the
 * dialect for a valid http(s) address. Null when the run ended here (each refusal goes through
 * `session.finish`, saying why) or was finished meanwhile.
 */
export async function prepareRun(
  session: RunSession,
  registry: ResolvedRunRegistryOptions,
): Promise<{ target: RunTarget; built: BuiltRequest } | null> {
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
    return null
  }
  if (session.finished) return null
  if (target.apiKey === null || target.apiKey === '') {
    const message = 'No API key is saved for this profile. Add one in Settings, then send again.'
    session.finish({
      state: 'provider_error',
      message,
      error: { type: 'missing_api_key', message, kind: 'authentication' },
    })
    return null
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
    return null
  }
  session.batcher.set('adjustments', built.adjustments)
  if (!isHttpUrl(built.http.url)) {
    session.batcher.set('request', session.redactor.request(built.http))
    session.finish({
      state: 'network_error',
      message: `The profile's base URL ${JSON.stringify(target.baseUrl)} is not a valid http(s) address.`,
    })
    return null
  }
  return { target, built }
}
