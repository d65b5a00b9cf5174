import { BrowserWindow, session, shell, type Session } from 'electron'
import { isHttpUrl } from '@shared/settings/settings-schema'

/** The settings of security.md §1, on every window. */
const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  webviewTag: false,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
} as const

/** Deny every permission (camera, notifications, clipboard-read…): the app needs none. */
export function lockDownSession(target: Session = session.defaultSession): void {
  target.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  target.setPermissionCheckHandler(() => false)
}

/**
 * The app window: sandboxed, isolated, no Node in the page. It never navigates away from the app and
 * never opens windows; a link the user clicks (target=_blank) opens in the system browser, http(s) only.
 */
export function createMainWindow(options: { appUrl: string; preloadPath: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Model Gateway Playground',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath },
  })
  window.once('ready-to-show', () => window.show())
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isHttpUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  window.webContents.on('will-navigate', (event, url) => {
    if (url !== options.appUrl) event.preventDefault()
  })
  window.webContents.on('will-redirect', (event) => event.preventDefault())
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void window.loadURL(options.appUrl)
  return window
}
