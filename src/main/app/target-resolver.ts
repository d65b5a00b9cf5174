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
  /** The profile with the address it is reached at now (a replay profile's gateway: replay-gateways.ts). */
  live?: (profile: Profile) => Promise<Profile>
  /** Where a profile's cassette folder is on disk (cassette-folder-path.ts). */
  cassetteFolder?: (folder: string) => string
}): (profileId: string) => Promise<RunTarget> {
  return async (profileId) => {
    const saved = deps.profile(profileId)
    const profile = deps.live ? await deps.live(saved) : saved
    const [apiKey, catalog] = await Promise.all([deps.apiKey(profile), deps.catalogs.get(profile)])
    const recordTo =
      profile.recordTo === undefined || deps.cassetteFolder === undefined
        ? undefined
        : deps.cassetteFolder(profile.recordTo)
    return {
      baseUrl: profile.baseUrl,
      apiKey,
      catalog: catalog.models,
      ...(recordTo === undefined ? {} : { recordTo }),
    }
  }
}
