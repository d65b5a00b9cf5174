import type { GatewayWorkerData } from './gateway-worker-messages'
import { restartDelay } from './restart-backoff'
import { startGatewayWorker, type GatewayWorker, type GatewayWorkerLimits } from './start-gateway-worker'

/** What the user is told about the local gateway (main shows it as a notice). */
export type LocalGatewayNotice = { tone: 'info' | 'warning' | 'error'; message: string }

export type GatewayWorkerSupervision = {
  onNotice?: (notice: LocalGatewayNotice) => void
  onBaseUrlChanged?: () => void
  limits?: GatewayWorkerLimits
  /** Starts one worker; tests wrap it to reach the workers. */
  startWorker?: typeof startGatewayWorker
  /** When to restart (restart-backoff.ts); tests pass a quicker one. */
  restartDelay?: typeof restartDelay
}

export type SupervisedGatewayWorker = {
  /** The worker running now (a restart replaces it). */
  current(): GatewayWorker
  /** Its base URL: the same port after a restart when it is still free, another otherwise. */
  baseUrl(): string
  close(): Promise<void>
}

/**
 * Starts the gateway worker and keeps it running: when it dies on its own (out of memory, a crash) it
 * is started again with the same data and, if still free, the same port, after a growing pause
 * (restart-backoff.ts); after too many crashes in a row it stays down. Each step is told through
 * `onNotice`, and `onBaseUrlChanged` when the address had to change.
 */
export async function superviseGatewayWorker(
  data: GatewayWorkerData,
  options: GatewayWorkerSupervision,
): Promise<SupervisedGatewayWorker> {
  const startWorker = options.startWorker ?? startGatewayWorker
  const nextDelay = options.restartDelay ?? restartDelay
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
      worker = await startOnPortOrAnother(startWorker, data, current.port, options.limits)
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

  supervise(current)
  return {
    current: () => current,
    baseUrl: () => baseUrl,
    async close() {
      closing = true
      clearTimeout(pendingRestart)
      await restarting
      await current.close()
    },
  }
}

/** The old port keeps the profile's base URL (and commands users copied) valid; if taken, any port. */
async function startOnPortOrAnother(
  startWorker: typeof startGatewayWorker,
  data: GatewayWorkerData,
  port: number,
  limits: GatewayWorkerLimits | undefined,
): Promise<GatewayWorker> {
  try {
    return await startWorker({ ...data, port }, limits)
  } catch {
    return startWorker({ ...data, port: 0 }, limits)
  }
}

function describeExit(code: number, error: Error | undefined): string {
  if ((error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return 'it ran out of memory'
  if (error) return `error: ${error.message}`
  return `its thread exited with code ${code}`
}
