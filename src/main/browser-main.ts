import type { AppServices } from './app/create-app-services'
import { createAppServices } from './app/create-app-services'
import { createBrowserHost } from './browser-host'
import type { EventSink } from './ipc/dispatch'
import { createKeytarSecretStore, type SecretStore } from './services/secret-store'

export type BrowserModeOptions = {
  userDataDir: string
  rendererDir: string
  port?: number
  version: string
  env?: Record<string, string | undefined>
  /** Where main's (redacted) log lines go; stderr by default. */
  writeLog?: (line: string) => void
  /** The keychain-backed store by default; tests may pass another. */
  secrets?: SecretStore
}

export type RunningBrowserMode = {
  /** The address to open, with the per-launch token in the fragment. */
  url: string
  origin: string
  services: AppServices
  close(): Promise<void>
}

/**
 * The same services as the Electron shell, behind the loopback browser host instead of IPC. The page
 * cannot tell the shells apart, except that abilities needing the desktop (the clipboard with the key,
 * the system browser) are reported as unavailable.
 */
export async function startBrowserMode(options: BrowserModeOptions): Promise<RunningBrowserMode> {
  let sink: EventSink | null = null
  const services = await createAppServices({
    userDataDir: options.userDataDir,
    secrets: options.secrets ?? createKeytarSecretStore(),
    emit: (channel, payload) => sink?.(channel, payload),
    abilities: { shell: 'browser', version: options.version },
    ...(options.env ? { env: options.env } : {}),
    ...(options.writeLog ? { writeLog: options.writeLog } : {}),
  })
  const host = await createBrowserHost({
    handlers: services.handlers,
    rendererDir: options.rendererDir,
    ...(options.port === undefined ? {} : { port: options.port }),
    log: (line) => services.logger.warn(line),
  })
  sink = host.emit
  return {
    url: host.url,
    origin: host.origin,
    services,
    async close() {
      await host.close()
      await services.stop()
    },
  }
}
