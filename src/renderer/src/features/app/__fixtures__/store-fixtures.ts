import { buildCatalog, type CatalogModel } from '@shared/catalog'
import type { KeyStatusView } from '@shared/ipc/contract'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from './fake-api'

const LOCAL_BASE_URL = 'http://127.0.0.1:41234/v1'

export const LOCAL_PROFILE: Profile = {
  id: 'local',
  name: 'Local gateway',
  kind: 'local',
  baseUrl: LOCAL_BASE_URL,
  catalogSource: 'gateway',
}

export const REMOTE_PROFILE: Profile = {
  id: 'staging-1a2b3c4d',
  name: 'Staging',
  kind: 'remote',
  baseUrl: 'https://staging.example.com/v1',
  loginUrl: 'https://staging.example.com/login',
  catalogSource: 'gateway',
}

export const KEYCHAIN_KEY: KeyStatusView = { hasKey: true, storage: 'keychain', last4: '3f9a' }
export const NO_KEY: KeyStatusView = { hasKey: false, storage: 'keychain', last4: null }
export const SESSION_REASON =
  'No desktop session bus (D-Bus) is available, as is usual over SSH, in a container or in WSL, so the system keychain cannot be reached. The key is kept in memory for this session only.'

/** The two seed records as a gateway at `baseUrl` publishes them. */
export function seedCatalog(baseUrl = LOCAL_BASE_URL): CatalogModel[] {
  return buildCatalog({ baseUrl })
}

/** Main as it answers on a fresh start: the local profile with a key, its catalog, no history. */
export function handleFreshStart(api: FakeApi, options: { keyStatus?: KeyStatusView } = {}): void {
  api.handle('app:info', () => ({
    version: '0.1.0',
    shell: 'browser',
    platform: 'linux',
    quarantinedFiles: [],
    canCopyWithKey: false,
  }))
  api.handle('settings:get', () => ({ theme: 'system' }))
  api.handle('settings:set-theme', () => undefined)
  api.handle('profiles:list', () => ({ profiles: [LOCAL_PROFILE], activeProfileId: 'local' }))
  api.handle('secrets:status', () => options.keyStatus ?? KEYCHAIN_KEY)
  api.handle('catalog:get', ({ profileId }) => ({
    profileId,
    models: seedCatalog(),
    source: 'gateway',
    fetchedAt: 1_700_000_000_000,
  }))
  api.handle('history:list', () => [])
}
