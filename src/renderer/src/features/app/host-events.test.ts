import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from './__fixtures__/fake-api'
import { resetStore } from './__fixtures__/reset-store'
import { LOCAL_PROFILE, REMOTE_PROFILE, handleFreshStart } from './__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { subscribeToHostEvents } from './host-events'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('./__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi

beforeEach(() => {
  api.reset()
  resetStore()
  handleFreshStart(api)
})

describe('host events', () => {
  it('reloads the profiles when main says they changed, and the catalog of a newly active one', async () => {
    let profiles: Profile[] = [LOCAL_PROFILE]
    let activeProfileId = 'local'
    api.handle('profiles:list', () => ({ profiles, activeProfileId }))
    await useAppStore.getState().loadProfiles()
    const unsubscribe = subscribeToHostEvents()

    // Another window added and activated a profile.
    profiles = [LOCAL_PROFILE, REMOTE_PROFILE]
    activeProfileId = REMOTE_PROFILE.id
    api.emit('profiles:changed', undefined)
    await vi.waitFor(() => expect(useAppStore.getState().catalogs[REMOTE_PROFILE.id]?.status).toBe('ready'))
    expect(useAppStore.getState().profiles).toHaveLength(2)
    expect(useAppStore.getState().activeProfileId).toBe(REMOTE_PROFILE.id)
    unsubscribe()
  })

  it('shows what main has to say (the local gateway restarted) as a notice', () => {
    const unsubscribe = subscribeToHostEvents()
    api.emit('app:notice', { tone: 'warning', message: 'The local gateway stopped; restarting it.' })
    expect(useAppStore.getState().notices).toEqual([
      expect.objectContaining({ tone: 'warning', message: 'The local gateway stopped; restarting it.' }),
    ])
    unsubscribe()
  })

  it('reloads the history list when main says it changed', async () => {
    const unsubscribe = subscribeToHostEvents()
    api.handle('history:list', () => [
      { id: 'c1', title: 'Saved elsewhere', updatedAt: 1, messageCount: 2, models: ['m'] },
    ])
    api.emit('history:changed', undefined)
    await vi.waitFor(() =>
      expect(useAppStore.getState().history.map((entry) => entry.title)).toEqual(['Saved elsewhere']),
    )
    unsubscribe()
    api.handle('history:list', () => [])
    api.emit('history:changed', undefined)
    expect(api.callsTo('history:list')).toHaveLength(1)
  })
})
