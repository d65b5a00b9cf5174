import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import {
  KEYCHAIN_KEY,
  LOCAL_PROFILE,
  NO_KEY,
  REMOTE_PROFILE,
} from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { startSettingsMain } from './__fixtures__/settings-fixtures'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi
const CANARY = 'sk-CANARY-5f1d2c3b-aaaa-bbbb-cccc-0123456789ab'

beforeEach(() => {
  startSettingsMain(api, { profiles: [LOCAL_PROFILE, REMOTE_PROFILE] })
})

describe('profiles slice', () => {
  it('loads the profiles, the active one and every key status', async () => {
    await useAppStore.getState().loadProfiles()
    const state = useAppStore.getState()
    expect(state.profiles.map((profile) => profile.name)).toEqual(['Local gateway', 'Staging'])
    expect(state.activeProfileId).toBe('local')
    expect(state.keyStatus).toEqual({ local: KEYCHAIN_KEY, [REMOTE_PROFILE.id]: NO_KEY })
  })

  it('still lists the profiles when one key status cannot be read, and says so', async () => {
    api.handle('secrets:status', ({ profileId }) => {
      if (profileId === REMOTE_PROFILE.id) throw new FakeApiFailure('internal', 'The keyring did not answer.')
      return KEYCHAIN_KEY
    })
    await useAppStore.getState().loadProfiles()
    const state = useAppStore.getState()
    expect(state.profiles).toHaveLength(2)
    expect(state.keyStatus['local']).toEqual(KEYCHAIN_KEY)
    expect(state.notices.map((notice) => notice.message)).toEqual([
      'Could not read a key status: The keyring did not answer.',
    ])
  })

  it('sends a key to main once and keeps only its status, never the key', async () => {
    await useAppStore.getState().loadProfiles()
    const stored = { hasKey: true, storage: 'keychain' as const, last4: '89ab' }
    api.handle('secrets:set', () => stored)

    const status = await useAppStore.getState().setKey(REMOTE_PROFILE.id, CANARY)

    expect(status).toEqual(stored)
    expect(api.callsTo('secrets:set')).toEqual([{ profileId: REMOTE_PROFILE.id, key: CANARY }])
    expect(useAppStore.getState().keyStatus[REMOTE_PROFILE.id]).toEqual(stored)
    // Nothing in the store (which devtools and selectors can read) holds the key.
    const { notices: _notices, ...data } = useAppStore.getState()
    expect(JSON.stringify(data)).not.toContain(CANARY)
    // The catalog behind auth is fetched again, past main's cache.
    expect(api.callsTo('catalog:get')).toContainEqual({ profileId: REMOTE_PROFILE.id, refresh: true })
  })

  it('removes a key and shows the status main reports afterwards', async () => {
    api.handle('secrets:status', () => KEYCHAIN_KEY)
    await useAppStore.getState().loadProfiles()
    api.handle('secrets:delete', () => NO_KEY)
    await useAppStore.getState().deleteKey(REMOTE_PROFILE.id)
    expect(useAppStore.getState().keyStatus[REMOTE_PROFILE.id]).toEqual(NO_KEY)
    expect(api.callsTo('secrets:delete')).toEqual([{ profileId: REMOTE_PROFILE.id }])
  })

  it("rejects with main's message when a key cannot be saved", async () => {
    api.handle('secrets:set', () => {
      throw new FakeApiFailure(
        'local_profile',
        "The local gateway's key is generated and kept by the app; it cannot be replaced or removed.",
      )
    })
    await expect(useAppStore.getState().setKey('local', CANARY)).rejects.toThrow(
      "The local gateway's key is generated and kept by the app",
    )
  })

  it('saves a profile, then reloads the list from main', async () => {
    const added = { ...REMOTE_PROFILE, id: 'prod-00000000', name: 'Prod' }
    let profiles = [LOCAL_PROFILE]
    api.handle('profiles:list', () => ({ profiles, activeProfileId: 'local' }))
    api.handle('profiles:save', () => {
      profiles = [LOCAL_PROFILE, added]
      return added
    })
    const saved = await useAppStore
      .getState()
      .saveProfile({ name: 'Prod', baseUrl: added.baseUrl, catalogSource: 'gateway' })
    expect(saved).toEqual(added)
    expect(useAppStore.getState().profiles.map((profile) => profile.name)).toEqual(['Local gateway', 'Prod'])
  })

  it('switching profiles tells main and loads that profile’s catalog', async () => {
    await useAppStore.getState().loadProfiles()
    api.handle('profiles:activate', () => undefined)
    await useAppStore.getState().activateProfile(REMOTE_PROFILE.id)
    expect(api.callsTo('profiles:activate')).toEqual([{ profileId: REMOTE_PROFILE.id }])
    expect(useAppStore.getState().activeProfileId).toBe(REMOTE_PROFILE.id)
    expect(useAppStore.getState().catalogs[REMOTE_PROFILE.id]?.status).toBe('ready')
  })

  it('removing a profile drops its key status and falls back to the profile main makes active', async () => {
    api.handle('profiles:list', () => ({
      profiles: [LOCAL_PROFILE, REMOTE_PROFILE],
      activeProfileId: REMOTE_PROFILE.id,
    }))
    await useAppStore.getState().loadProfiles()
    api.handle('profiles:remove', () => undefined)
    api.handle('profiles:list', () => ({ profiles: [LOCAL_PROFILE], activeProfileId: 'local' }))
    await useAppStore.getState().removeProfile(REMOTE_PROFILE.id)
    const state = useAppStore.getState()
    expect(state.activeProfileId).toBe('local')
    expect(Object.keys(state.keyStatus)).toEqual(['local'])
    expect(state.catalogs['local']?.status).toBe('ready')
  })
})
