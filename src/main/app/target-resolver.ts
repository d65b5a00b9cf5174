import type { Profile } from '@shared/settings/settings-schema'
import type { CatalogLoader } from '../services/catalog/catalog-loader'
import type { RunTarget } from '../services/runs/run-registry-options'

/**
 * Where a profile's runs go (the run registry's `resolveTarget`): its base URL, its key and the
 * catalog it serves (for points), the key and the catalog read side by side. The app resolves its
 * saved profiles with keys from the keychain; the eval CLI resolves its `--target` connections with
 * the key from the environment.
 */
export function createTargetResolver(deps: {
  profile: (id: string) => Profile
  apiKey: (profile: Profile) => Promise<string | null> | string | null
  catalogs: Pick<CatalogLoader, 'get'>
}): (profileId: string) => Promise<RunTarget> {
  return async (profileId) => {
    const profile = deps.profile(profileId)
    const [apiKey, catalog] = await Promise.all([deps.apiKey(profile), deps.catalogs.get(profile)])
    return { baseUrl: profile.baseUrl, apiKey, catalog: catalog.models }
  }
}
