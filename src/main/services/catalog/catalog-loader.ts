import { buildCatalog, type CatalogModel } from '@shared/catalog'
import type { Profile } from '@shared/settings/settings-schema'
import type { Logger } from '../log/logger'
import { fetchGatewayCatalog } from './fetch-gateway-catalog'

export type CatalogView = {
  profileId: string
  models: CatalogModel[]
  source: 'bundled' | 'gateway'
  fetchedAt?: number
  /** Why the bundled catalog is shown although the profile asked for the gateway's. */
  warning?: string
}

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

  async function load(profile: Profile): Promise<CatalogView> {
    const bundled = (): CatalogView => ({
      profileId: profile.id,
      models: bundledCatalog(profile),
      source: 'bundled',
    })
    if (profile.catalogSource === 'bundled') return bundled()
    const apiKey = await options.apiKey(profile.id)
    const fetched = await fetchGatewayCatalog({ baseUrl: profile.baseUrl, apiKey, fetch: doFetch })
    switch (fetched.kind) {
      case 'none':
        return bundled()
      case 'failed':
        // Warnings are whole sentences, shown as they are: the renderer must not touch a leading URL.
        options.logger.warn(`catalog of profile ${profile.id}: ${fetched.warning}`)
        return { ...bundled(), warning: fetched.warning }
      case 'catalog':
        return { profileId: profile.id, models: fetched.models, source: 'gateway', fetchedAt: Date.now() }
      default: {
        const unhandled: never = fetched
        throw new Error(`Unhandled catalog answer: ${JSON.stringify(unhandled)}`)
      }
    }
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

function bundledCatalog(profile: Profile): CatalogModel[] {
  return buildCatalog({
    baseUrl: profile.baseUrl,
    ...(profile.loginUrl ? { loginUrl: profile.loginUrl } : {}),
  })
}

export type CatalogLoader = ReturnType<typeof createCatalogLoader>
