// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { useAppStore } from '@renderer/store'
import { LAYOUT_STORAGE_KEY } from './layout-preferences'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('./__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

/** A new store, as after a reload of the window. */
async function freshStore(): Promise<typeof useAppStore> {
  vi.resetModules()
  return (await import('@renderer/store')).useAppStore
}

beforeEach(() => window.localStorage.clear())

describe('ui slice: collapsible regions', () => {
  it('starts with both side regions open', async () => {
    const store = await freshStore()
    expect(store.getState().sidebarCollapsed).toBe(false)
    expect(store.getState().sidePanelCollapsed).toBe(false)
  })

  it('remembers collapsed regions across a reload', async () => {
    const store = await freshStore()
    store.getState().setSidebarCollapsed(true)
    store.getState().setSidePanelCollapsed(true)
    const reloaded = await freshStore()
    expect(reloaded.getState().sidebarCollapsed).toBe(true)
    expect(reloaded.getState().sidePanelCollapsed).toBe(true)
  })

  it('opens a collapsed region when one of its tabs is chosen (or the inspector is asked for)', async () => {
    const store = await freshStore()
    store.getState().setSidebarCollapsed(true)
    store.getState().setSidebarTab('history')
    expect(store.getState().sidebarCollapsed).toBe(false)
    store.getState().setSidePanelCollapsed(true)
    store.getState().inspectMessage('m2')
    expect(store.getState().sidePanelCollapsed).toBe(false)
    expect(store.getState().sidePanelTab).toBe('inspector')
  })

  it('ignores an unreadable stored preference', async () => {
    window.localStorage.setItem(LAYOUT_STORAGE_KEY, '{not json')
    const store = await freshStore()
    expect(store.getState().sidebarCollapsed).toBe(false)
  })

  it('keeps the side panel width the user dragged it to, within bounds, across a reload', async () => {
    const store = await freshStore()
    expect(store.getState().sidePanelWidth).toBeNull()
    store.getState().setSidePanelWidth(640.4)
    expect((await freshStore()).getState().sidePanelWidth).toBe(640)
    store.getState().setSidePanelWidth(10)
    expect((await freshStore()).getState().sidePanelWidth).toBe(280)
    store.getState().setSidePanelWidth(null)
    expect((await freshStore()).getState().sidePanelWidth).toBeNull()
  })
})
