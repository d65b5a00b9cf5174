import type { IpcMain, IpcMainInvokeEvent, WebContents, WebFrameMain } from 'electron'
import { INVOKE_CHANNELS } from '@shared/ipc/contract'
import { dispatchInvoke, type EventSink, type InvokeHandlers } from './dispatch'

/**
 * Registers one `ipcMain.handle` per contract channel. Every call checks that it comes from our own
 * page's top frame (not an iframe, not a page navigated elsewhere) before the input is even parsed.
 */
export function registerIpcHandlers(options: {
  ipcMain: Pick<IpcMain, 'handle'>
  handlers: InvokeHandlers
  isTrustedFrame: (frame: WebFrameMain | null) => boolean
  log: (line: string) => void
}): void {
  for (const channel of INVOKE_CHANNELS) {
    options.ipcMain.handle(channel, async (event: IpcMainInvokeEvent, input: unknown) => {
      if (!options.isTrustedFrame(event.senderFrame)) {
        options.log(`refused ${channel} from an untrusted frame ${event.senderFrame?.url ?? '(gone)'}`)
        return { ok: false, error: { code: 'forbidden', message: 'This window may not use the app API.' } }
      }
      return dispatchInvoke(options.handlers, channel, input, options.log)
    })
  }
}

/** True for the top frame of the app's own page (the built file, or the dev server in development). */
export function createTrustedFrameCheck(appUrl: string): (frame: WebFrameMain | null) => boolean {
  const expected = new URL(appUrl)
  return (frame) => {
    if (!frame || frame.parent !== null) return false
    try {
      const url = new URL(frame.url)
      return (
        url.protocol === expected.protocol && url.host === expected.host && url.pathname === expected.pathname
      )
    } catch {
      return false
    }
  }
}

/** Main's events to the window's renderer. */
export function createElectronEventSink(webContents: () => WebContents | null): EventSink {
  return (channel, payload) => {
    const target = webContents()
    if (target && !target.isDestroyed()) target.send(channel, payload)
  }
}
