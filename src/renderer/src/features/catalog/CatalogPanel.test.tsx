// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/settings/settings-schema'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import {
  KEYCHAIN_KEY,
  LOCAL_PROFILE,
  handleFreshStart,
  seedCatalog,
} from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { CatalogPanel } from './CatalogPanel'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi

beforeEach(() => {
  api.reset()
  resetStore()
  handleFreshStart(api)
  useAppStore.setState({ keyStatus: { local: KEYCHAIN_KEY } })
})
afterEach(cleanup)

describe('CatalogPanel', () => {
  it('says it is loading until the catalog arrives, then shows a card per model and its source', async () => {
    let release: () => void = () => undefined
    api.handle('catalog:get', async ({ profileId }) => {
      await new Promise<void>((resolve) => (release = resolve))
      return { profileId, models: seedCatalog(), source: 'gateway' }
    })
    render(<CatalogPanel />)
    const loading = act(() => useAppStore.getState().loadCatalog('local'))
    expect(screen.getByText('Loading models…')).toBeTruthy()
    release()
    await loading
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'vendora-V4-Flash-Vision-Exp',
      'vendorb3.8-Flash-Next',
    ])
    expect(screen.getByText("From the gateway's catalog")).toBeTruthy()
  })

  it("shows main's warning when the bundled catalog stands in for the gateway's", async () => {
    api.handle('catalog:get', ({ profileId }) => ({
      profileId,
      models: seedCatalog(),
      source: 'bundled',
      warning:
        'The catalog at https://gateway.example.com/v1/catalog answered 401 (add or check the API key of this profile); showing the bundled catalog.',
    }))
    await act(() => useAppStore.getState().loadCatalog('local'))
    render(<CatalogPanel />)
    expect(screen.getByText('Bundled catalog')).toBeTruthy()
    expect(screen.getByRole('note').textContent).toContain(
      'The catalog at https://gateway.example.com/v1/catalog answered 401 (add or check the API key of this profile); showing the bundled catalog.',
    )
  })

  it("shows main's error with a retry that asks main again", async () => {
    api.handle('catalog:get', () => {
      throw new FakeApiFailure('unknown_profile', 'There is no profile "local".')
    })
    await act(() => useAppStore.getState().loadCatalog('local'))
    render(<CatalogPanel />)
    expect(screen.getByRole('alert').textContent).toContain(
      'Could not load the models: There is no profile "local".',
    )
    handleFreshStart(api)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect(api.callsTo('catalog:get').at(-1)).toEqual({ profileId: 'local', refresh: true })
  })

  it('"Use model" sets the model of the focused pane, and only that card is pressed', async () => {
    await act(() => useAppStore.getState().loadCatalog('local'))
    render(<CatalogPanel />)
    const text = screen.getByRole('article', { name: 'vendorb3.8-Flash-Next' })
    fireEvent.click(within(text).getByRole('button', { name: 'Use model' }))
    const { conversation, focusedPaneId } = useAppStore.getState()
    expect(conversation.panes.find((pane) => pane.id === focusedPaneId)?.model).toBe('vendorb3.8-Flash-Next')
    expect(within(text).getByRole('button', { name: 'Use model' }).getAttribute('aria-pressed')).toBe('true')
    const vision = screen.getByRole('article', { name: 'vendora-V4-Flash-Vision-Exp' })
    expect(within(vision).getByRole('button', { name: 'Use model' }).getAttribute('aria-pressed')).toBe(
      'false',
    )
  })

  it('on a replay profile, every card says no key is needed and where the replies come from', async () => {
    const replay: Profile = {
      id: 'replay-1',
      name: 'CI tapes',
      kind: 'replay',
      baseUrl: 'http://127.0.0.1:41999/v1',
      catalogSource: 'gateway',
      replay: { folder: 'ci-tapes', speed: 'instant' },
    }
    useAppStore.setState({ profiles: [LOCAL_PROFILE, replay], activeProfileId: replay.id, keyStatus: {} })
    await act(() => useAppStore.getState().loadCatalog(replay.id))
    render(<CatalogPanel />)
    for (const card of screen.getAllByRole('article')) {
      expect(
        within(card).getByText('No key needed: this profile replays the recordings in ci-tapes'),
      ).toBeTruthy()
      expect(within(card).queryByText('Sign in to get an API key')).toBeNull()
    }
  })
})
