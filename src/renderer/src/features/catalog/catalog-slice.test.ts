import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { handleFreshStart, seedCatalog } from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi

beforeEach(() => {
  api.reset()
  resetStore()
  handleFreshStart(api)
})

describe('catalog slice', () => {
  it("keeps a profile's records in sort order, with where they come from", async () => {
    const [vision, text] = seedCatalog()
    api.handle('catalog:get', ({ profileId }) => ({
      profileId,
      // Main may list them in any order; cards follow sort_order (0 vision, 2 text).
      models: [text, vision],
      source: 'bundled',
      warning: 'http://x/v1/catalog answered 401; showing the bundled catalog.',
    }))
    await useAppStore.getState().loadCatalog('local')
    const catalog = useAppStore.getState().catalogs['local']
    expect(catalog?.status).toBe('ready')
    expect(catalog?.models.map((model) => model.model)).toEqual([
      'vendora-V4-Flash-Vision-Exp',
      'vendorb3.8-Flash-Next',
    ])
    expect(catalog?.source).toBe('bundled')
    expect(catalog?.warning).toBe('http://x/v1/catalog answered 401; showing the bundled catalog.')
  })

  it('asks main to bypass its cache on refresh', async () => {
    await useAppStore.getState().loadCatalog('local', true)
    expect(api.callsTo('catalog:get')).toEqual([{ profileId: 'local', refresh: true }])
    expect(useAppStore.getState().catalogs['local']?.fetchedAt).toBe(1_700_000_000_000)
  })

  it("keeps the cards it had and main's message when a reload fails", async () => {
    await useAppStore.getState().loadCatalog('local')
    api.handle('catalog:get', () => {
      throw new FakeApiFailure('unknown_profile', 'There is no profile "local".')
    })
    await useAppStore.getState().loadCatalog('local', true)
    const catalog = useAppStore.getState().catalogs['local']
    expect(catalog?.status).toBe('error')
    expect(catalog?.error).toBe('There is no profile "local".')
    expect(catalog?.models).toHaveLength(2)
  })

  it('refuses records that do not match the catalog schema instead of rendering them', async () => {
    api.handle('catalog:get', ({ profileId }) => ({
      profileId,
      models: [{ model: 'half-a-record' }],
      source: 'gateway',
    }))
    await useAppStore.getState().loadCatalog('local')
    expect(useAppStore.getState().catalogs['local']?.status).toBe('error')
  })

  it('lets the newest load win when an older answer arrives late', async () => {
    const [vision] = seedCatalog()
    let releaseSlow: () => void = () => undefined
    let call = 0
    api.handle('catalog:get', async ({ profileId }) => {
      call++
      if (call === 1) {
        await new Promise<void>((resolve) => (releaseSlow = resolve))
        return { profileId, models: seedCatalog(), source: 'gateway' }
      }
      return { profileId, models: vision ? [vision] : [], source: 'bundled' }
    })
    const slow = useAppStore.getState().loadCatalog('local')
    await useAppStore.getState().loadCatalog('local', true)
    releaseSlow()
    await slow
    const catalog = useAppStore.getState().catalogs['local']
    expect(catalog?.source).toBe('bundled')
    expect(catalog?.models).toHaveLength(1)
  })
})
