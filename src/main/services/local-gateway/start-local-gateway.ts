import { randomBytes } from 'node:crypto'
import { LOCAL_PROFILE_ID, type Profile } from '@shared/settings/settings-schema'
import type { SecretStore } from '../secret-store'
import type { ReadyConversation } from '@gateway'
import type { GatewayWorkerData } from './gateway-worker-messages'
import { superviseGatewayWorker, type GatewayWorkerSupervision } from './supervise-gateway-worker'

/** Env var naming a gateway config file for the local gateway (pacing, proxy engines). */
export const GATEWAY_CONFIG_ENV = 'PLAYGROUND_GATEWAY_CONFIG'

export type { LocalGatewayNotice } from './supervise-gateway-worker'

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
 * if still free, the same port (supervise-gateway-worker.ts); each step is told through `onNotice`.
 */
export async function startLocalGateway(
  options: GatewayWorkerSupervision & { secrets: SecretStore; env: Record<string, string | undefined> },
): Promise<LocalGateway> {
  const apiKey = await localApiKey(options.secrets)
  const data: GatewayWorkerData = {
    apiKey,
    port: 0,
    configPath: options.env[GATEWAY_CONFIG_ENV],
    env: { ...options.env },
  }
  const gateway = await superviseGatewayWorker(data, options)
  return {
    apiKey,
    baseUrl: gateway.baseUrl,
    simulates: (model) => !gateway.current().proxiedModels.includes(model),
    profile: () => ({
      id: LOCAL_PROFILE_ID,
      name: 'Local gateway',
      kind: 'local',
      baseUrl: gateway.baseUrl(),
      catalogSource: 'gateway',
    }),
    ready: (conversation) => gateway.current().ready(conversation),
    close: gateway.close,
  }
}

/** The local gateway's key: the one kept in the SecretStore, or a new one kept there. */
async function localApiKey(secrets: SecretStore): Promise<string> {
  const kept = await secrets.get(LOCAL_PROFILE_ID)
  if (kept) return kept
  const apiKey = 'sk-local-' + randomBytes(24).toString('base64url')
  await secrets.set(LOCAL_PROFILE_ID, apiKey)
  return apiKey
}
