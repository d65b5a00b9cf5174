import { beforeEach, describe, expect, it, vi } from 'vitest'

// A stand-in for the Electron runtime, which cannot run here: it records what the code asks of it.
const electron = vi.hoisted(() => {
  const state = {
    windows: [] as Array<{
      options: Record<string, unknown>
      handlers: Record<string, (...args: unknown[]) => void>
      openHandler?: (details: { url: string }) => { action: string }
      loaded?: string
    }>,
    opened: [] as string[],
    permissionRequest: undefined as undefined | ((...args: unknown[]) => void),
    permissionCheck: undefined as undefined | ((...args: unknown[]) => boolean),
  }
  class BrowserWindow {
    webContents: Record<string, unknown>
    constructor(options: Record<string, unknown>) {
      const record: (typeof state.windows)[number] = { options, handlers: {} }
      state.windows.push(record)
      this.webContents = {
        setWindowOpenHandler: (fn: (details: { url: string }) => { action: string }) =>
          (record.openHandler = fn),
        on: (name: string, fn: (...args: unknown[]) => void) => (record.handlers[name] = fn),
      }
      ;(this as unknown as { loadURL: (url: string) => Promise<void> }).loadURL = async (url: string) => {
        record.loaded = url
      }
    }
    once(): void {}
    show(): void {}
  }
  return {
    state,
    module: {
      BrowserWindow,
      shell: { openExternal: async (url: string) => void state.opened.push(url) },
      session: {
        defaultSession: {
          setPermissionRequestHandler: (fn: (...args: unknown[]) => void) => (state.permissionRequest = fn),
          setPermissionCheckHandler: (fn: (...args: unknown[]) => boolean) => (state.permissionCheck = fn),
        },
      },
    },
  }
})
vi.mock('electron', () => electron.module)

const { createMainWindow, lockDownSession } = await import('./create-main-window')
const APP_URL = 'file:///opt/app/out/renderer/index.html'

describe('createMainWindow', () => {
  beforeEach(() => {
    electron.state.windows.length = 0
    electron.state.opened.length = 0
  })

  it('creates the window with the settings of security.md §1 and the preload', () => {
    createMainWindow({ appUrl: APP_URL, preloadPath: '/opt/app/out/preload/index.cjs' })
    const prefs = electron.state.windows[0]?.options['webPreferences'] as Record<string, unknown>
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: '/opt/app/out/preload/index.cjs',
    })
    expect(electron.state.windows[0]?.loaded).toBe(APP_URL)
  })

  it('denies every new window and sends only http(s) links to the system browser', () => {
    createMainWindow({ appUrl: APP_URL, preloadPath: 'p' })
    const open = electron.state.windows[0]?.openHandler
    expect(open?.({ url: 'https://gateway.example.com/login' })).toEqual({ action: 'deny' })
    expect(open?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(open?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(electron.state.opened).toEqual(['https://gateway.example.com/login'])
  })

  it('never navigates away from the app and never attaches a webview', () => {
    createMainWindow({ appUrl: APP_URL, preloadPath: 'p' })
    const handlers = electron.state.windows[0]?.handlers ?? {}
    for (const [name, url] of [
      ['will-navigate', 'https://evil.example/'],
      ['will-redirect', 'https://evil.example/'],
      ['will-attach-webview', undefined],
    ] as const) {
      const event = { preventDefault: vi.fn() }
      handlers[name]?.(event, url)
      expect(event.preventDefault, name).toHaveBeenCalled()
    }
    const stay = { preventDefault: vi.fn() }
    handlers['will-navigate']?.(stay, APP_URL)
    expect(stay.preventDefault).not.toHaveBeenCalled()
  })
})

describe('lockDownSession', () => {
  it('denies every permission request and check', () => {
    lockDownSession()
    const callback = vi.fn()
    electron.state.permissionRequest?.({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    expect(electron.state.permissionCheck?.({}, 'clipboard-read')).toBe(false)
  })
})
