import { buildCatalog, catalogModelListSchema, type CatalogModel } from '../../../shared/catalog'
import type { Profile } from '../../../shared/settings/settings-schema'
import type { Logger } from '../log/logger'

export type CatalogView = {
  profileId: string
  models: CatalogModel[]
  source: 'bundled' | 'gateway'
  fetchedAt?: number
  /** Why the bundled catalog is shown although the profile asked for the gateway's. */
  warning?: string
}

const FETCH_TIMEOUT_MS = 10_000

/**
 * The catalog of a profile: the bundled records (built for the profile's base and login URLs), replaced
 * by the profile's own `GET {baseUrl}/catalog` when it has one that passes the schema. A response that
 * fails is reported in `warning` and the bundled catalog kept: a hosted gateway changing its records
 * must not blank the app, and the user should hear about the drift.
 */
export function createCatalogLoader(options: {
  fetch?: typeof fetch
  logger: Logger
  apiKey: (profileId: string) => Promise<string | null>
}) {
  const doFetch = options.fetch ?? fetch
  const cache = new Map<string, CatalogView>()

  function bundled(profile: Profile): CatalogModel[] {
    return buildCatalog({
      baseUrl: profile.baseUrl,
      ...(profile.loginUrl ? { loginUrl: profile.loginUrl } : {}),
    })
  }

  async function load(profile: Profile): Promise<CatalogView> {
    // Warnings are whole sentences, shown as they are: the renderer must not touch a leading URL.
    const fallback = (warning: string): CatalogView => {
      options.logger.warn(`catalog of profile ${profile.id}: ${warning}`)
      return { profileId: profile.id, models: bundled(profile), source: 'bundled', warning }
    }
    if (profile.catalogSource === 'bundled')
      return { profileId: profile.id, models: bundled(profile), source: 'bundled' }

    const key = await options.apiKey(profile.id)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (key) headers['authorization'] = `Bearer ${key}`
    const url = profile.baseUrl.replace(/\/+$/, '') + '/catalog'
    let response: Response
    try {
      response = await doFetch(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    } catch (error) {
      return fallback(`Could not reach ${url} (${describe(error)}); showing the bundled catalog.`)
    }
    if (response.status === 404) {
      // Not every gateway publishes its catalog: that is normal, not a warning.
      return { profileId: profile.id, models: bundled(profile), source: 'bundled' }
    }
    if (!response.ok) {
      const hint = response.status === 401 ? ' (add or check the API key of this profile)' : ''
      return fallback(
        `The catalog at ${url} answered ${response.status}${hint}; showing the bundled catalog.`,
      )
    }
    let json: unknown
    try {
      json = await response.json()
    } catch {
      return fallback(`The catalog at ${url} is not JSON; showing the bundled catalog.`)
    }
    const parsed = catalogModelListSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue ? issue.path.join('.') || '(root)' : '(root)'
      return fallback(
        `The catalog at ${url} does not match the expected records (${where}: ${issue?.message ?? 'invalid'}); showing the bundled catalog.`,
      )
    }
    return { profileId: profile.id, models: parsed.data.models, source: 'gateway', fetchedAt: Date.now() }
  }

  return {
    async get(profile: Profile, refresh = false): Promise<CatalogView> {
      // Everything that shapes the result is in the key: an edited profile never sees a stale catalog.
      const key = JSON.stringify([profile.id, profile.baseUrl, profile.loginUrl ?? '', profile.catalogSource])
      const cached = cache.get(key)
      if (cached && !refresh) return cached
      const view = await load(profile)
      cache.set(key, view)
      return view
    },
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause
  return cause?.code ?? (error as Error).message
}

export type CatalogLoader = ReturnType<typeof createCatalogLoader>
