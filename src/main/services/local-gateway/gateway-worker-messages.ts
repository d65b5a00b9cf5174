import type { ReadyConversation } from '@gateway'

/** What main hands the gateway worker when it starts it (structured-cloned through workerData). */
export type GatewayWorkerData = {
  apiKey: string
  /** 0 picks a free port; a restart asks for the port it had, so the profile's base URL holds. */
  port: number
  /** A gateway config file (PLAYGROUND_GATEWAY_CONFIG), read in the worker. */
  configPath: string | undefined
  /**
   * Serve every catalog model from the cassettes in `dir` (a replay profile's gateway), as the CLI's
   * `--replay` does; the config file, if any, still gives the rest.
   */
  replay?: { dir: string; speed: number | 'instant'; onMiss: 'error' }
  /** Environment for proxy upstream keys. */
  env: Record<string, string | undefined>
}

/** Worker → main. */
export type GatewayWorkerEvent =
  | {
      type: 'listening'
      port: number
      baseUrl: string
      /** Models its config sends to an upstream (the proxy engine): every other one is simulated. */
      proxiedModels: string[]
    }
  | { type: 'start-failed'; message: string }

/** Main → worker. */
export type GatewayWorkerCommand =
  | { type: 'close' }
  /** A conversation just opened: handed to the gateway's `ready` as it is. */
  | { type: 'ready'; conversation: ReadyConversation }
