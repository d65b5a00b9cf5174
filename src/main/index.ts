// Electron lifecycle only: the services, the IPC and the window are built elsewhere and wired here.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, clipboard, ipcMain, shell } from 'electron'
import { createAppServices, type AppServices } from './app/create-app-services'
import { createElectronEventSink, createTrustedFrameCheck, registerIpcHandlers } from './ipc/electron-adapter'
import { createKeytarSecretStore } from './services/secret-store'
import { createMainWindow, lockDownSession } from './window/create-main-window'
import type { BrowserWindow } from 'electron'

app.enableSandbox()
// One instance per user data folder: two would sweep each other's temp files.
if (!app.requestSingleInstanceLock()) app.quit()
if (process.env.PLAYGROUND_USER_DATA) app.setPath('userData', process.env.PLAYGROUND_USER_DATA)

let window: BrowserWindow | null = null
let services: AppServices | null = null

app
  .whenReady()
  .then(async () => {
    lockDownSession()
    const appUrl =
      process.env.ELECTRON_RENDERER_URL ??
      pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href
    services = await createAppServices({
      userDataDir: app.getPath('userData'),
      secrets: createKeytarSecretStore(),
      emit: createElectronEventSink(() => window?.webContents ?? null),
      abilities: {
        shell: 'electron',
        version: app.getVersion(),
        writeClipboard: (text) => clipboard.writeText(text),
        openExternal: (url) => shell.openExternal(url),
      },
    })
    registerIpcHandlers({
      ipcMain,
      handlers: services.handlers,
      isTrustedFrame: createTrustedFrameCheck(appUrl),
      log: (line) => services?.logger.warn(line),
    })
    window = createMainWindow({ appUrl, preloadPath: join(import.meta.dirname, '../preload/index.cjs') })
    app.on('second-instance', () => {
      if (window?.isMinimized()) window.restore()
      window?.focus()
    })
  })
  .catch((error: unknown) => {
    process.stderr.write(`The app failed to start: ${(error as Error)?.stack ?? String(error)}\n`)
    app.exit(1)
  })

app.on('window-all-closed', () => app.quit())
app.on('will-quit', (event) => {
  if (!services) return
  event.preventDefault()
  const stopping = services
  services = null
  void stopping.stop().finally(() => app.quit())
})
