import { randomBytes } from 'node:crypto'
import { LOCAL_PROFILE_ID, type Profile } from '@shared/settings/settings-schema'
import type { SecretStore } from '../secret-store'
import type { ReadyConversation } from '@gateway'
import type { GatewayWorkerData } from './gateway-worker-messages'
import { restartDelay } from './restart-backoff'
import { startGatewayWorker, type GatewayWorker, type GatewayWorkerLimits } from './start-gateway-worker'

/** Env var naming a gateway config file for the local gateway (pacing, proxy engines). */
export const GATEWAY_CONFIG_ENV = 'PLAYGROUND_GATEWAY_CONFIG'

/** What the user is told about the local gateway (main shows it as a notice). */
export type LocalGatewayNotice = { tone: 'info' | 'warning' | 'error'; message: string }

export type LocalGateway = {
  apiKey: string
  /** The current base URL: the same port after a restart when it is still free, another otherwise. */
  baseUrl(): string
  /** Whether it answers `model` itself (the simulator), not an upstream it proxies to. */
  simulates(model: string): boolean
  profile(): Profile
  /** Hands a conversation just opened to the gateway's `ready`, off main's thread; fire and forget. */
  ready(conversation: ReadyConversation): void
  close(): Promise<void>
}

/**
 * The app's default, offline profile: the local gateway on a free loopback port, in a worker thread
 * of its own (start-gateway-worker.ts says why), with a key generated once and kept in the SecretStore
 * like any other key (so it survives restarts when a keychain exists, and is session-only, like
 * everything else, when none does).
 *
 * When the worker dies on its own (out of memory, a crash) it is started again with the same key and,
 * if still free, the same port, after a growing pause; after too many crashes in a row it stays down.
 * Each step is told through `onNotice`, and `onBaseUrlChanged` when the address had to change.
 */
export async function startLocalGateway(options: {
  secrets: SecretStore
  env: Record<string, string | undefined>
  onNotice?: (notice: LocalGatewayNotice) => void
  onBaseUrlChanged?: () => void
  limits?: GatewayWorkerLimits
  /** Starts one worker; tests wrap it to reach the workers. */
  startWorker?: typeof startGatewayWorker
  /** When to restart (restart-backoff.ts); tests pass a quicker one. */
  restartDelay?: typeof restartDelay
}): Promise<LocalGateway> {
  const startWorker = options.startWorker ?? startGatewayWorker
  const nextDelay = options.restartDelay ?? restartDelay
  let apiKey = await options.secrets.get(LOCAL_PROFILE_ID)
  if (!apiKey) {
    apiKey = 'sk-local-' + randomBytes(24).toString('base64url')
    await options.secrets.set(LOCAL_PROFILE_ID, apiKey)
  }
  const data: GatewayWorkerData = {
    apiKey,
    port: 0,
    configPath: options.env[GATEWAY_CONFIG_ENV],
    env: { ...options.env },
  }
  const notify = options.onNotice ?? (() => undefined)

  // The first start fails loudly (a broken config file stops the app, as it should).
  let current: GatewayWorker = await startWorker(data, options.limits)
  let baseUrl = current.baseUrl
  let closing = false
  let pendingRestart: NodeJS.Timeout | undefined
  let restarting: Promise<void> | undefined
  const crashes: number[] = []

  const supervise = (worker: GatewayWorker): void => {
    void worker.exited.then(({ requested, code, error }) => {
      if (requested || closing) return
      crashes.push(Date.now())
      scheduleRestart(describeExit(code, error))
    })
  }

  const scheduleRestart = (reason: string): void => {
    const delay = nextDelay(crashes, Date.now())
    if (delay === null) {
      notify({
        tone: 'error',
        message: `The local gateway stopped (${reason}) and keeps stopping; it was not restarted. Restart the app to try again.`,
      })
      return
    }
    notify({ tone: 'warning', message: `The local gateway stopped (${reason}); restarting it.` })
    pendingRestart = setTimeout(() => (restarting = restart()), delay)
  }

  const restart = async (): Promise<void> => {
    pendingRestart = undefined
    if (closing) return
    let worker: GatewayWorker
    try {
      worker = await startOnSamePortOrAnother()
    } catch (error) {
      crashes.push(Date.now())
      scheduleRestart((error as Error).message)
      return
    }
    if (closing) {
      await worker.close()
      return
    }
    current = worker
    supervise(worker)
    const moved = worker.baseUrl !== baseUrl
    baseUrl = worker.baseUrl
    notify({
      tone: 'info',
      message: moved
        ? `The local gateway is running again, at a new address: ${baseUrl}.`
        : 'The local gateway is running again.',
    })
    if (moved) options.onBaseUrlChanged?.()
  }

  /** The old port keeps the profile's base URL (and commands users copied) valid; if taken, any port. */
  const startOnSamePortOrAnother = async (): Promise<GatewayWorker> => {
    try {
      return await startWorker({ ...data, port: current.port }, options.limits)
    } catch {
      return startWorker({ ...data, port: 0 }, options.limits)
    }
  }

  supervise(current)
  return {
    apiKey,
    baseUrl: () => baseUrl,
    simulates: (model) => !current.proxiedModels.includes(model),
    profile: () => ({
      id: LOCAL_PROFILE_ID,
      name: 'Local gateway',
      kind: 'local',
      baseUrl,
      catalogSource: 'gateway',
    }),
    ready: (conversation) => current.ready(conversation),
    async close() {
      closing = true
      clearTimeout(pendingRestart)
      await restarting
      await current.close()
    },
  }
}

function describeExit(code: number, error: Error | undefined): string {
  if ((error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return 'it ran out of memory'
  if (error) return `error: ${error.message}`
  return `its thread exited with code ${code}`
}
