import type { ChatBodyToRemember } from '@gateway'

/**
 * A conversation just opened, for the local gateway to ready its first send: each pane's request so
 * far as main would send it (remembered parsed, and its seed hashed), and the texts whose token
 * counts the send's context check will need.
 */
export type ConversationToReady = { texts: string[]; bodies: ChatBodyToRemember[] }
/** What main hands the gateway worker when it starts it (structured-cloned through workerData). */
export type GatewayWorkerData = {
  apiKey: string
  /** 0 picks a free port; a restart asks for the port it had, so the profile's base URL holds. */
  port: number
  /** A gateway config file (PLAYGROUND_GATEWAY_CONFIG), read in the worker. */
  configPath: string | undefined
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
  /** A conversation just opened: the gateway readies its first send. */
  | { type: 'remember-prompts'; prompts: ConversationToReady }
