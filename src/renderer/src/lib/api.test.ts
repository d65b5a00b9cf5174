// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PlaygroundApi } from '@shared/ipc/contract'
import type * as ApiModule from './api'

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE'

/** A fresh import of api.ts, as on a page load. */
async function loadApiModule(): Promise<typeof ApiModule> {
  vi.resetModules()
  return import('./api')
}

beforeEach(() => {
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

afterEach(() => {
  Reflect.deleteProperty(window, 'api')
  vi.unstubAllGlobals()
})

describe('api', () => {
  it("is the Electron preload's window.api when there is one, and the URL is left alone", async () => {
    const preloadApi: PlaygroundApi = {
      invoke: vi.fn(async () => ({ ok: true as const, value: undefined as never })),
      on: vi.fn(() => () => undefined),
    }
    Object.defineProperty(window, 'api', { value: preloadApi, configurable: true })
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    window.history.replaceState(null, '', `/#token=${TOKEN}`)

    const module = await loadApiModule()
    expect(module.shell).toBe('electron')
    expect(module.api).toBe(preloadApi)
    await module.api.invoke('app:info', undefined)
    expect(preloadApi.invoke).toHaveBeenCalledWith('app:info', undefined)
    expect(fetch).not.toHaveBeenCalled()
    // The browser-mode token handling never ran.
    expect(window.sessionStorage.length).toBe(0)
  })

  it('is the HTTP bridge in a plain browser, with the token from the URL', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ ok: true, value: [] }), {
          headers: { 'content-type': 'application/json' },
        }),
    )
    vi.stubGlobal('fetch', fetch)
    window.history.replaceState(null, '', `/#token=${TOKEN}`)

    const module = await loadApiModule()
    expect(module.shell).toBe('browser')
    expect(window.location.hash).toBe('')
    expect(await module.api.invoke('history:list', undefined)).toEqual({ ok: true, value: [] })
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/invoke/history%3Alist')
    expect((fetch.mock.calls[0]?.[1].headers as Record<string, string>)['x-playground-token']).toBe(TOKEN)
  })
})
