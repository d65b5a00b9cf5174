import type { PlaygroundApi } from '@shared/ipc/contract'
import { createBrowserBridge } from './browser-bridge'

/**
 * The ONLY module of the renderer that touches `window.api` or the browser-mode bridge. In Electron
 * the preload has put the API on the window; in browser mode (no preload) the same API travels over
 * the loopback host's HTTP API. Everything else imports `api` from here.
 */
export const shell: 'electron' | 'browser' = window.api === undefined ? 'browser' : 'electron'

export const api: PlaygroundApi = window.api ?? createBrowserBridge()
